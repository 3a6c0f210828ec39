/**
 * The learned second opinion on person names (person-model.ts): what it
 * adds beyond the rules, what it must leave alone, and that the committed
 * weights fit the features the engine computes. Every name here is invented.
 */
import { describe, expect, it } from 'vitest';
import { detectPii, type DetectionConfig } from '../../../functions/engines/redact/detect.ts';
import { personResources } from '../../../functions/engines/redact/name-lexicon.ts';
import { candidateRuns, findPersons } from '../../../functions/engines/redact/names.ts';
import { modelReads, PERSON_FEATURES, runFeatures } from '../../../functions/engines/redact/person-model.ts';
import weights from '../../../functions/engines/redact/person-model.json' with { type: 'json' };

const BUILT_INS: DetectionConfig = { mode: 'extend', types: [] };
const persons = async (text: string) => (await detectPii(text, BUILT_INS)).filter((s) => s.type === 'PERSON').map((s) => s.value);

describe('person model', () => {
  it('has one committed weight per feature the engine computes', async () => {
    const { lexicon } = await personResources();
    const text = 'The parcel went to Drovanek, who signed at once.';
    const [run] = candidateRuns(text, lexicon).filter((r) => text.slice(r.start, r.end) === 'Drovanek');
    expect(weights.features).toEqual([...PERSON_FEATURES]);
    expect(weights.weights).toHaveLength(PERSON_FEATURES.length);
    expect(runFeatures(text, run, lexicon)).toHaveLength(PERSON_FEATURES.length);
    expect(weights.threshold).toBeGreaterThanOrEqual(0.5);
    // The veto overrides the rules: only where the model is all but sure (the trainer searches up to 0.3).
    expect(weights.vetoBelow).toBeGreaterThanOrEqual(0);
    expect(weights.vetoBelow).toBeLessThanOrEqual(0.3);
  });

  it('reads an organisation word after a run only in the capitalised stretch that follows it', async () => {
    const { lexicon } = await personResources();
    const feature = (text: string, value: string) => {
      const run = candidateRuns(text, lexicon).find((r) => text.slice(r.start, r.end) === value)!;
      return runFeatures(text, run, lexicon)[PERSON_FEATURES.indexOf('organisation_word_after')];
    };
    expect(feature('Tarrowby, Quellmann and Ostrander LLP advised the buyer.', 'Tarrowby')).toBe(1);
    // A person, then a verb, then a firm: the firm's word is not the person's.
    expect(feature('Dravonek is from Quorrani Labs LLC', 'Dravonek')).toBe(0);
  });

  it('finds a person who is from a firm', async () => {
    expect(await persons('Dravonek is from Quorrani Labs LLC')).toEqual(['Dravonek']);
  });

  it('finds an unknown surname the rules leave below the threshold, from its context', async () => {
    const resources = await personResources();
    const text = 'The parcel went to Drovanek, who signed at once.';
    // The rules alone do not take it: the model is what finds it.
    expect(findPersons(text, resources).filter((c) => c.score >= 0.5).map((c) => text.slice(c.start, c.end))).not.toContain('Drovanek');
    expect(await persons(text)).toContain('Drovanek');
  });

  it.each([
    'We flew to Brakenholm on Monday.',
    'Tarrowby, Quellmann and Ostrander LLP advised the buyer.',
    "I'm sure it's fine. Don't worry, C'mon.",
    'The Grace Period and Rose Garden offers end soon.',
  ])('adds no person in %j', async (text) => {
    expect(await persons(text)).toEqual([]);
  });

  it('reads only capitalised runs with a name-like word and no ordinary or organisation word', async () => {
    const { lexicon } = await personResources();
    const reads = (text: string) => candidateRuns(text, lexicon).filter(modelReads).map((r) => text.slice(r.start, r.end));
    expect(reads('Drovanek signed.')).toEqual(['Drovanek']);
    expect(reads("I'm here. Don't go.")).toEqual([]);
    expect(reads('the drovanek file')).toEqual([]);
    expect(reads('Quellmann Holdings')).toEqual([]);
  });
});
