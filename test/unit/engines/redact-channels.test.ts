/**
 * Channels beside a PDF page's text layer that the rendered page shows:
 * stencil masks (one picture, a scan, or an image per letter), areas filled
 * with a pattern whose cell shows text, annotation appearances pdf.js reads
 * no text from (signature fields, stamps, buttons), and runs of glyphs the
 * text layer has no characters for. Each is read as a picture, and the
 * leak check finds none of the made-up values in any output.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { BBox, DocumentPage, Word } from '../../../functions/engines/document-model.ts';
import { terminateOcr } from '../../../functions/engines/ocr/tesseract-pool.ts';
import { annotationsOf } from '../../../functions/engines/pdf/annotations.ts';
import { loadPdfjs } from '../../../functions/engines/pdf/pdfjs.ts';
import { collectGraphics } from '../../../functions/engines/pdf/rulings.ts';
import { picturesToRead } from '../../../functions/engines/redact/picture-text.ts';
import { renderedPages } from '../../../functions/engines/redact/rendered-page.ts';
import { isUnreadableWord, unreadableRuns, withoutUnreadableWords } from '../../../functions/engines/redact/unreadable-words.ts';
import { CHANNEL_LEAK_DOCUMENTS } from '../../fixtures/redact/channel-leaks.ts';
import { checkRenderedLeaks } from '../../fixtures/redact/rendered-leak-check.ts';

afterAll(() => terminateOcr());

const viewport = { width: 612, height: 792, transform: [1, 0, 0, -1, 0, 792] };
const word = (text: string, bbox: BBox): Word => ({ text, bbox, confidence: 1, source: 'text-layer' });

/** A page of lines of words (PDF points: 612 × 792), each word given its box. */
function pageOf(lines: readonly (readonly [string, BBox])[][]): DocumentPage {
  const words = lines.flat().map(([text, bbox]) => word(text, bbox));
  let next = 0;
  const pageLines = lines.map((line) => {
    const wordIndexes = line.map(() => next++);
    return { text: line.map(([t]) => t).join(' '), bbox: line[0][1], wordIndexes };
  });
  return {
    pageNumber: 1,
    width: 612,
    height: 792,
    words,
    lines: pageLines,
    blocks: [{ text: pageLines.map((l) => l.text).join('\n'), bbox: [0, 0, 1, 1], lineIndexes: pageLines.map((_, i) => i) }],
    text: pageLines.map((l) => l.text).join('\n'),
    source: 'text-layer',
  };
}

describe('what a page draws besides its text (operator list)', () => {
  it('takes a stencil mask for a figure, also one by one where pdf.js groups or repeats them', async () => {
    // Prepare
    const { pdfjs } = await loadPdfjs();
    const OPS = pdfjs.OPS;
    const at = (w: number, h: number, x: number, y: number) => [w, 0, 0, h, x, y];
    const fn = [OPS.save, OPS.transform, OPS.paintImageMaskXObject, OPS.restore, OPS.paintImageMaskXObjectGroup, OPS.paintImageMaskXObjectRepeat];
    const args = [
      null,
      at(300, 60, 72, 500),
      [{}],
      null,
      [[{ transform: at(200, 40, 72, 300) }, { transform: at(200, 40, 320, 300) }]],
      [{}, 150, 0, 0, 30, new Float32Array([72, 100, 300, 100])],
    ];
    // Act
    const { figures } = collectGraphics(fn, args, OPS as never, viewport);
    // Assess
    expect(figures).toHaveLength(5);
    expect(figures![0][0]).toBeCloseTo(72 / 612, 5);
    expect(figures![0][1]).toBeCloseTo((792 - 560) / 792, 5);
    expect(figures![2][0]).toBeCloseTo(320 / 612, 5);
    expect(figures![4][0]).toBeCloseTo(300 / 612, 5);
  });

  it('takes an area filled with a pattern whose cell shows text for a figure, not one whose cell draws only shapes', async () => {
    // Prepare
    const { pdfjs } = await loadPdfjs();
    const OPS = pdfjs.OPS;
    const pattern = (cell: number[]) => ['TilingPattern', null, { fnArray: cell, argsArray: cell.map(() => null), length: cell.length }];
    const fill = [OPS.fill, [new Float32Array([0, 80, 400, 1, 500, 400, 1, 500, 520, 1, 80, 520, 4])], new Float32Array([80, 400, 500, 520])];
    const fn = [OPS.setFillColorN, OPS.constructPath, OPS.setFillColorN, OPS.constructPath, OPS.setFillGray, OPS.constructPath];
    const args = [pattern([OPS.beginText, OPS.showText, OPS.endText]), fill, pattern([OPS.constructPath]), fill, [0], fill];
    // Act
    const { figures } = collectGraphics(fn, args, OPS as never, viewport);
    // Assess
    expect(figures).toHaveLength(1);
    const [l, t, r, b] = figures![0];
    expect([l * 612, t * 792, r * 612, b * 792].map(Math.round)).toEqual([80, 272, 500, 392]);
  });

  it('finds a row of glyph-sized images (a letter each) as text to read', async () => {
    // Prepare
    const { pdfjs } = await loadPdfjs();
    const OPS = pdfjs.OPS;
    const letters = Array.from({ length: 12 }, (_, i) => ({ transform: [7, 0, 0, 12, 80 + i * 8, 610] }));
    // Act
    const out = collectGraphics([OPS.paintImageMaskXObjectGroup], [[letters]], OPS as never, viewport);
    // Assess
    expect(out.figures).toBeUndefined();
    expect(out.outlinedText).toHaveLength(1);
  });
});

describe('annotations whose appearance pdf.js reads no text from', () => {
  const rect = [90, 560, 350, 600];
  const view = { width: 612, height: 792, convertToViewportRectangle: ([x0, y0, x1, y1]: number[]) => [x0, 792 - y0, x1, 792 - y1] };
  const annotation = (data: Record<string, unknown>) => annotationsOf([{ rect, hasAppearance: true, ...data }], view as never)[0];

  it.each([
    ['a signature field is a picture to read', { subtype: 'Widget', fieldType: 'Sig' }, true],
    ['a stamp is one, whatever its contents say', { subtype: 'Stamp', contentsObj: { str: 'Received' } }, true],
    ["a push button's caption is one", { subtype: 'Widget', fieldType: 'Btn', pushButton: true }, true],
    ['a text field is not (its value is read)', { subtype: 'Widget', fieldType: 'Tx', fieldValue: 'x' }, false],
    ['a check box is not (it draws a mark)', { subtype: 'Widget', fieldType: 'Btn', checkBox: true, fieldValue: 'Off' }, false],
    ['a free text whose appearance was read is not', { subtype: 'FreeText', textContent: ['Call back'] }, false],
    ['a free text read as private-use codes is one', { subtype: 'FreeText', textContent: ['\ue143\ue161\ue16c\ue16c'] }, true],
  ])('%s', (_, data, unread) => {
    // Act
    const read = annotation(data);
    const page = { ...pageOf([[['Body', [0.1, 0.1, 0.3, 0.12]]]]), annotations: [read] };
    // Assess
    expect(read.appearanceUnread === true).toBe(unread);
    expect(picturesToRead(page)).toHaveLength(unread ? 1 : 0);
  });
});

describe('text-layer words without readable characters', () => {
  const garbage = '\u0001\u0002\u0003\u0004';
  const privateUse = '\uf041\uf064\uf061';

  it.each([
    [garbage, true],
    [privateUse, true],
    ['\ufffd\ufffd', true],
    ['Ada', false],
    ['né\u0001', false],
  ])('%j is unreadable: %s', (text: string, unreadable: boolean) => {
    expect(isUnreadableWord(word(text, [0, 0, 0.1, 0.1]))).toBe(unreadable);
  });

  it('makes one picture of a run of them on a line, padded to a readable size, and none of a lone icon', () => {
    // Prepare
    const page = pageOf([
      [['Holder', [0.1, 0.2, 0.2, 0.215]], [garbage, [0.21, 0.2, 0.3, 0.215]], [privateUse, [0.31, 0.2, 0.4, 0.215]]],
      [['\uf095', [0.1, 0.3, 0.12, 0.315]], ['Phone', [0.13, 0.3, 0.2, 0.315]]],
    ]);
    // Act
    const runs = unreadableRuns(page);
    const read = picturesToRead(page);
    // Assess
    expect(runs).toEqual([[0.21, 0.2, 0.4, 0.215]]);
    expect(read).toHaveLength(1);
    expect(read[0][0]).toBeLessThan(0.21);
    expect(read[0][2]).toBeGreaterThan(0.4);
    expect((read[0][3] - read[0][1]) * 792).toBeGreaterThanOrEqual(10);
  });

  it('are left out of the page redaction reads (lines and blocks renumbered), so their codes reach no output', () => {
    // Prepare
    const page = pageOf([[['Holder', [0.1, 0.2, 0.2, 0.215]], [garbage, [0.21, 0.2, 0.3, 0.215]]], [[privateUse, [0.1, 0.3, 0.2, 0.315]]], [['End', [0.1, 0.4, 0.2, 0.415]]]]);
    // Act
    const kept = withoutUnreadableWords(page);
    const [rendered] = renderedPages([page]).pages;
    // Assess
    expect(kept.words.map((w) => w.text)).toEqual(['Holder', 'End']);
    expect(kept.lines.map((l) => [l.text, l.wordIndexes])).toEqual([['Holder', [0]], ['End', [1]]]);
    expect(kept.blocks[0].lineIndexes).toEqual([0, 1]);
    expect(rendered.text).toBe('Holder\nEnd');
  });
});

describe('leak check: channels beside the text layer', () => {
  for (const [name, make] of Object.entries(CHANNEL_LEAK_DOCUMENTS)) {
    it(`${name}: no value in the text, the page images (OCR), the PDF's text layer or its metadata`, { timeout: 300_000 }, async () => {
      // Prepare
      const { bytes, secrets } = await make();
      // Act
      const report = await checkRenderedLeaks(bytes, secrets);
      // Assess
      expect(report.leaks, `${report.redactedText}\n--- OCR of the images ---\n${report.imageText}`).toEqual({ text: [], images: [], pdfText: [], pdfMetadata: [] });
      // The value was read and masked, not lost: the redacted text holds a marker for it.
      expect(report.redactedText).toMatch(/\[(PERSON|US_SSN|EMAIL_ADDRESS)\]/);
    });
  }
});
