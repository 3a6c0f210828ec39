/**
 * The redacted PDF (`output=pdf`): the masked page images with an invisible
 * text layer of the words left. Read back with pdf.js (through the project's
 * own PDF reader) and with poppler's `pdftotext` when it is installed: the
 * words left are searchable, no redacted value can be extracted.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DetectionConfig } from '../../../functions/engines/redact/detect.ts';
import { paintMaskedPage } from '../../../functions/engines/redact/mask.ts';
import { planRedaction } from '../../../functions/engines/redact/redact.ts';
import { buildRedactedPdf } from '../../../functions/engines/redact/redacted-pdf.ts';
import { openPdfTask } from '../../../functions/engines/pdf/pdfjs.ts';
import { buildPage, prose } from './page-builder.ts';

const BUILT_INS: DetectionConfig = { mode: 'extend', types: [] };
const SECRETS = ['Marguerite Okonkwo-Lindqvist', 'm.okonkwo@example.net', '536-22-8145', '4111 1111 1111 1111'];
const LINES = [
  'Quarterly membership statement',
  `Member: ${SECRETS[0]}`,
  `Email: ${SECRETS[1]}`,
  `SSN: ${SECRETS[2]}`,
  `Card: ${SECRETS[3]}`,
  'Thank you for renewing your membership this year.',
];

async function redactedPdf(mode: 'redact' | 'deidentify') {
  const pages = [buildPage({ items: prose(LINES, 72, 72, 16), pageNumber: 1 }), buildPage({ items: prose(['Second page', `Signed by ${SECRETS[0]}`], 72, 72, 16), pageNumber: 2 })];
  const plan = await planRedaction(pages, { mode, config: BUILT_INS });
  const pdfPages = [];
  for (const [i, page] of pages.entries()) {
    const boxes = plan.boxes.get(i) ?? [];
    const masked = await paintMaskedPage(page, undefined, boxes);
    pdfPages.push({ png: masked.png, width: masked.width, height: masked.height, dpi: (masked.width * 72) / page.width, words: page.words, boxes });
  }
  return { pdf: await buildRedactedPdf(pdfPages), plan };
}

/** The text layer as pdf.js extracts it (getTextContent: what search, copy and text extraction tools read), and the page sizes. */
async function pdfjsRead(bytes: Uint8Array): Promise<{ text: string; sizes: number[][] }> {
  const doc = await (await openPdfTask(bytes)).promise;
  try {
    let text = '';
    const sizes: number[][] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      text += `${content.items.map((item) => ('str' in item ? item.str : '')).join(' ')}\n`;
      const [, , w, h] = page.view;
      sizes.push([w, h]);
    }
    return { text, sizes };
  } finally {
    await doc.destroy();
  }
}
const pdfjsText = async (bytes: Uint8Array) => (await pdfjsRead(bytes)).text;

function pdftotext(bytes: Uint8Array): string | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'redacted-pdf-'));
  try {
    const file = join(dir, 'redacted.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined; // poppler not installed: that assertion is skipped
    throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const squash = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

describe('redacted PDF', () => {
  it('keeps the words left searchable and no redacted value extractable (pdf.js, pdftotext)', async () => {
    const { pdf, plan } = await redactedPdf('redact');
    expect(plan.spans.length).toBeGreaterThanOrEqual(5);
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const readers = [['pdf.js', await pdfjsText(pdf)], ['pdftotext', pdftotext(pdf)]] as const;
    for (const [reader, text] of readers) {
      if (text === undefined) continue;
      expect(text, reader).toMatch(/Quarterly\s+membership\s+statement/);
      expect(text, reader).toMatch(/Thank\s+you\s+for\s+renewing/);
      expect(text, reader).toContain('Second page');
      for (const secret of SECRETS) {
        expect(squash(text), `${reader}: ${secret}`).not.toContain(squash(secret));
        // No piece of a value either: its longest word or digit group.
        const piece = secret.split(/[\s@.-]+/).sort((a, b) => b.length - a.length)[0];
        expect(squash(text), `${reader}: ${piece}`).not.toContain(squash(piece));
      }
    }
    // Nothing of the values in the file's bytes (metadata, streams written uncompressed or not).
    const raw = Buffer.from(pdf).toString('latin1');
    for (const secret of SECRETS) expect(raw).not.toContain(secret);
  });

  it('puts the synthetic values in the text layer in de-identify mode, and never the originals', async () => {
    const { pdf, plan } = await redactedPdf('deidentify');
    const text = await pdfjsText(pdf);
    for (const secret of SECRETS) expect(squash(text)).not.toContain(squash(secret));
    const email = /\S+@example\.com/.exec(plan.updatedText)?.[0];
    expect(email).toBeDefined();
    expect(text).toContain(email);
  });

  it('has one PDF page per page, of the original page size', async () => {
    const { pdf } = await redactedPdf('redact');
    const { sizes } = await pdfjsRead(pdf);
    expect(sizes).toHaveLength(2);
    expect(sizes[0][0]).toBeCloseTo(612, 0);
    expect(sizes[0][1]).toBeCloseTo(792, 0);
  });
});
