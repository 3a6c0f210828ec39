/**
 * Every operation that reads pages reports what the reading found
 * (issue 22): `metadata.languages`, and `metadata.warnings` when a page
 * could not be read — not only parse.
 */
import { describe, expect, it } from 'vitest';
import { createHandler as createClassify } from '../../../functions/handlers/classify.ts';
import { createHandler as createExtract } from '../../../functions/handlers/extract.ts';
import { createHandler as createParse } from '../../../functions/handlers/parse.ts';
import { createHandler as createRedact } from '../../../functions/handlers/redact.ts';
import { createHandler as createSplit } from '../../../functions/handlers/split.ts';
import { inferenceEvent, testContext } from '../../helpers/events.ts';
import { fakeDeps, putDocument, seedKey } from '../../helpers/fakes.ts';

const KEY = 'hk_test_' + 'R'.repeat(40);

/** An invented French letter: clearly French to the language guess (its stop words and accents). */
const FRENCH = [
  'Madame, Monsieur,',
  "Nous vous remercions de votre commande du mois dernier et nous avons le plaisir de vous confirmer que la livraison sera effectuée dans les délais prévus.",
  "Les articles seront expédiés depuis notre entrepôt de la région et vous recevrez un avis dès que le colis sera remis au transporteur.",
  'Veuillez agréer, Madame, Monsieur, nos salutations distinguées.',
].join('\n');

const handlers = {
  parse: createParse,
  classify: createClassify,
  extract: createExtract,
  split: createSplit,
  redact: createRedact,
} as const;

describe('metadata.languages on every operation that reads pages', () => {
  it.each(Object.keys(handlers) as (keyof typeof handlers)[])('%s reports the language of a French text', async (operation) => {
    const deps = fakeDeps();
    await seedKey(deps, KEY, 'acme', 'pro');
    const documentKey = await putDocument(deps, 'acme', new TextEncoder().encode(FRENCH), 'lettre.txt', 'text/plain', 'txt');
    const res = await handlers[operation](() => deps)(inferenceEvent(operation, KEY, { document_key: documentKey }), testContext());
    const body = JSON.parse(res.body);
    expect(res.statusCode, res.body).toBe(200);
    expect(body.metadata.languages).toEqual(['fr']);
    expect(body.metadata.warnings).toBeUndefined();
  });
});
