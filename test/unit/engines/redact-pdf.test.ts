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
import { canvasRgb, drawWordsPage, encodePng, paintMasks } from '../../../functions/engines/redact/mask.ts';
import { planRedaction } from '../../../functions/engines/redact/redact.ts';
import { buildRedactedPdf, deflateRgb } from '../../../functions/engines/redact/redacted-pdf.ts';
import { openDocument } from '../../../functions/engines/registry.ts';
import { openPdfTask } from '../../../functions/engines/pdf/pdfjs.ts';
import { buildPage, prose } from './page-builder.ts';
import { pixelsOf } from '../../helpers/png-pixels.ts';

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

/** `png`: pages given to the writer as PNGs; `flate`: as deflated RGB samples (the operation's path, see mask-pages.ts). */
async function redactedPdf(mode: 'redact' | 'deidentify', image: 'png' | 'flate' = 'png') {
  const pages = [buildPage({ items: prose(LINES, 72, 72, 16), pageNumber: 1 }), buildPage({ items: prose(['Second page', `Signed by ${SECRETS[0]}`], 72, 72, 16), pageNumber: 2 })];
  const plan = await planRedaction(pages, { mode, config: BUILT_INS });
  const pdfPages = [];
  const maskedPngs: Uint8Array[] = [];
  for (const [i, page] of pages.entries()) {
    const boxes = plan.boxes.get(i) ?? [];
    const canvas = drawWordsPage(page);
    paintMasks(canvas, boxes);
    const png = await encodePng(canvas);
    const samples = image === 'flate' ? { format: 'flate-rgb' as const, flateRgb: await deflateRgb((await canvasRgb(canvas)).rgb) } : { format: 'png' as const, png };
    pdfPages.push({ ...samples, width: canvas.width, height: canvas.height, dpi: (canvas.width * 72) / page.width, words: page.words, boxes });
    maskedPngs.push(png);
  }
  return { pdf: await buildRedactedPdf(pdfPages), plan, maskedPngs };
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


describe.each(['png', 'flate'] as const)('redacted PDF (page images given as %s)', (image) => {
  it('keeps the words left searchable and no redacted value extractable (pdf.js, pdftotext)', async () => {
    const { pdf, plan } = await redactedPdf('redact', image);
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
    const { pdf, plan } = await redactedPdf('deidentify', image);
    const text = await pdfjsText(pdf);
    for (const secret of SECRETS) expect(squash(text)).not.toContain(squash(secret));
    const email = /\S+@example\.com/.exec(plan.updatedText)?.[0];
    expect(email).toBeDefined();
    expect(text).toContain(email);
  });

  it('has one PDF page per page, of the original page size', async () => {
    const { pdf } = await redactedPdf('redact', image);
    const { sizes } = await pdfjsRead(pdf);
    expect(sizes).toHaveLength(2);
    expect(sizes[0][0]).toBeCloseTo(612, 0);
    expect(sizes[0][1]).toBeCloseTo(792, 0);
  });

  it('shows the masked page image as painted: rendered back, the same pixels (masks black where they were)', async () => {
    const { pdf, maskedPngs } = await redactedPdf('redact', image);
    const painted = await pixelsOf(maskedPngs[0]);
    const reread = await openDocument(pdf, { filename: 'redacted.pdf' });
    try {
      const dpi = (painted.width * 72) / 612;
      const back = await pixelsOf((await reread.renderer!.renderPng(1, { dpi })).png);
      expect(Math.abs(back.width - painted.width)).toBeLessThanOrEqual(1);
      expect(Math.abs(back.height - painted.height)).toBeLessThanOrEqual(1);
      // Same picture, row for row (a wrong width, row stride or sample layout scrambles it); resampling blurs edges a little only.
      let differing = 0;
      let black = 0;
      const w = Math.min(back.width, painted.width);
      const h = Math.min(back.height, painted.height);
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          const a = (y * painted.width + x) * 4;
          const b = (y * back.width + x) * 4;
          if (painted.data[a] === 0 && painted.data[a + 1] === 0 && painted.data[a + 2] === 0) black++;
          if (Math.abs(painted.data[a] - back.data[b]) + Math.abs(painted.data[a + 1] - back.data[b + 1]) + Math.abs(painted.data[a + 2] - back.data[b + 2]) > 96) differing++;
        }
      }
      expect(black).toBeGreaterThan(1000);
      expect(differing / (w * h)).toBeLessThan(0.01);
    } finally {
      await reread.close();
    }
  });
});
