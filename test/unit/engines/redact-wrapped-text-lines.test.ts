/**
 * Text files whose lines are longer than a virtual page is wide (JSON logs, exports): the line wraps, a value can be
 * cut by the wrap, and the page image is drawn from the words. The values must be found across the cut and the masks
 * must cover the letters as drawn. Every value is invented.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openDocument } from '../../../functions/engines/registry.ts';
import { terminateOcr } from '../../../functions/engines/ocr/tesseract-pool.ts';
import { redactedFirstPage } from './redact-plan.ts';

afterAll(() => terminateOcr());

// One line of 150 characters without a space (cut inside a word at column 100), and one whose phone number the wrap cuts.
const LOG = [
  '{"event":"signup","plan":"team","account":"acct_77120","email":"tilda.marchetti@quayside-post.net","region":"eu-west","tier":"b2"}',
  '{"event":"callback","status":"queued","channel":"voice","note":"call back after six","phone":"+44 7700 900643","agent":"desk-4","retries":2}',
].join('\n');

async function ocrText(png: Uint8Array): Promise<string> {
  const image = await openDocument(png, { filename: 'masked.png' });
  try {
    return (await image.extract()).pages.map((page) => page.text).join('\n');
  } finally {
    await image.close();
  }
}

describe('Redacting a text file whose lines wrap', () => {
  it('finds a phone number the wrap cut in two, and no letter of a masked address inside a long word stays readable', async () => {
    // Act
    const { plan, masked } = await redactedFirstPage(Buffer.from(LOG), 'events.jsonl');
    // Assess: found in the text, and not read back from the masked page image.
    expect(plan.summary).toMatchObject({ EMAIL_ADDRESS: 1, PHONE_NUMBER: 1 });
    const read = await ocrText(masked.format === 'png' ? masked.png : new Uint8Array());
    expect(read, read).toMatch(/callback/);
    expect(read).not.toMatch(/tilda|marchetti|quayside/i);
    expect(read).not.toMatch(/7700|900643/);
  }, 60_000);
});
