/**
 * Redacting what is rendered: annotation and form-field text and pictures
 * on text pages join the words detection reads, masks cover where they are
 * drawn, and the leak check — every output of made-up documents (text,
 * page images read back with our OCR, the redacted PDF's text layer and
 * metadata) shows none of the values.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { BBox, DocumentPage, PageAnnotation, Word } from '../../../functions/engines/document-model.ts';
import { terminateOcr } from '../../../functions/engines/ocr/tesseract-pool.ts';
import { openDocument } from '../../../functions/engines/registry.ts';
import { picturesToRead } from '../../../functions/engines/redact/picture-text.ts';
import { planRedaction } from '../../../functions/engines/redact/redact.ts';
import { annotationLines, renderedPages, withOverlayLines } from '../../../functions/engines/redact/rendered-page.ts';
import { checkRenderedLeaks } from '../../fixtures/redact/rendered-leak-check.ts';
import { ANNOTATION_VALUES, FORM_VALUES, leaksIn, makeDynamicXfaForm, RENDERED_LEAK_DOCUMENTS } from '../../fixtures/redact/rendered-leaks.ts';

afterAll(() => terminateOcr());

const word = (text: string, bbox: BBox): Word => ({ text, bbox, confidence: 1, source: 'text-layer' });

/** A page of one-word lines at the given boxes (PDF points: 612 × 792). */
function pageOf(lines: readonly [string, BBox][], extra: Partial<DocumentPage> = {}): DocumentPage {
  const words = lines.map(([text, bbox]) => word(text, bbox));
  return {
    pageNumber: 1,
    width: 612,
    height: 792,
    words,
    lines: words.map((w, i) => ({ text: w.text, bbox: w.bbox, wordIndexes: [i] })),
    blocks: [],
    text: words.map((w) => w.text).join('\n'),
    source: 'text-layer',
    ...extra,
  };
}

describe('annotation text as page words', () => {
  const annotation: PageAnnotation = { subtype: 'Widget', bbox: [0.1, 0.2, 0.5, 0.3], lines: ['first line', 'second'], drawn: true };

  it('cuts the rectangle into one band per line and keeps every word inside it', () => {
    // Act
    const lines = annotationLines(annotation);
    // Assess
    expect(lines.map((l) => l.words.map((w) => w.text))).toEqual([['first', 'line'], ['second']]);
    for (const line of lines) {
      expect(line.region).toEqual(annotation.bbox);
      for (const { bbox } of line.words) {
        expect(bbox[0]).toBeGreaterThanOrEqual(0.1);
        expect(bbox[2]).toBeLessThanOrEqual(0.5 + 1e-9);
      }
    }
    expect(lines[0].words[0].bbox[3]).toBeCloseTo(0.25);
    expect(lines[1].words[0].bbox[1]).toBeCloseTo(0.25);
  });

  it('puts a value after the label above it, not at the end of the page', () => {
    // Prepare
    const page = pageOf([
      ['Heading', [0.1, 0.05, 0.4, 0.07]],
      ['Label', [0.1, 0.18, 0.3, 0.2]],
      ['Footer', [0.1, 0.9, 0.3, 0.92]],
    ]);
    // Act
    const out = withOverlayLines(page, annotationLines({ ...annotation, lines: ['Value'] }));
    // Assess
    expect(out.lines.map((l) => l.text)).toEqual(['Heading', 'Label', 'Value', 'Footer']);
    expect(out.words).toHaveLength(4);
  });

  it('masks the whole rectangle of an annotation whose text holds a span, and only the words elsewhere', async () => {
    // Prepare
    const page = pageOf([['SSN', [0.1, 0.1, 0.2, 0.12]]], {
      annotations: [{ subtype: 'Widget', bbox: [0.3, 0.1, 0.6, 0.13], lines: [FORM_VALUES.ssn], drawn: true }],
    });
    const rendered = renderedPages([page]);
    // Act
    const plan = await planRedaction(rendered.pages, { mode: 'redact', config: { mode: 'extend', types: [] }, regionOf: rendered.regionOf });
    // Assess
    expect(plan.updatedText).not.toContain(FORM_VALUES.ssn);
    expect(plan.boxes.get(0)?.map((b) => b.bbox)).toContainEqual([0.3, 0.1, 0.6, 0.13]);
  });
});

describe('pictures read on text pages (the decision rule)', () => {
  const text = pageOf([['Body', [0.1, 0.1, 0.5, 0.12]]]);

  it('reads a picture big enough to hold a line that no text-layer word transcribes', () => {
    expect(picturesToRead({ ...text, figures: [[0.1, 0.3, 0.7, 0.4]] })).toEqual([[0.1, 0.3, 0.7, 0.4]]);
  });

  it("skips icons, searchable scans (the text layer covers the picture) and pages that were OCR'd whole", () => {
    // An icon: 0.02 of 612 points wide.
    expect(picturesToRead({ ...text, figures: [[0.1, 0.3, 0.12, 0.32]] })).toEqual([]);
    const scan = pageOf([['Body', [0.1, 0.1, 0.9, 0.2]]], { figures: [[0, 0, 1, 1]] });
    expect(picturesToRead(scan)).toEqual([]);
    expect(picturesToRead({ ...text, source: 'ocr', figures: [[0.1, 0.3, 0.7, 0.4]] })).toEqual([]);
  });

  it('reads every picture however many the page draws: past the cap, the last read holds all the smaller ones', () => {
    // Twelve badge-sized pictures in a grid, the first a little larger than the rest.
    const figures: BBox[] = Array.from({ length: 12 }, (_, i): BBox => {
      const [x, y] = [0.1 + (i % 3) * 0.28, 0.3 + Math.floor(i / 3) * 0.15];
      return [x, y, x + (i === 0 ? 0.26 : 0.25), y + 0.1];
    });
    const read = picturesToRead({ ...text, figures });
    expect(read).toHaveLength(8);
    expect(read[0]).toEqual(figures[0]);
    const inRead = (f: BBox) => read.some((r) => r[0] <= f[0] && r[1] <= f[1] && r[2] >= f[2] && r[3] >= f[3]);
    expect(figures.every(inRead)).toBe(true);
  });

  it('reads a stamp whose appearance has no readable text, not one whose text is known', () => {
    const stamp = (lines: string[]): PageAnnotation => ({ subtype: 'Stamp', bbox: [0.5, 0.5, 0.8, 0.6], lines, drawn: true });
    expect(picturesToRead({ ...text, annotations: [stamp([])] })).toHaveLength(1);
    expect(picturesToRead({ ...text, annotations: [stamp(['Reviewed'])] })).toHaveLength(0);
  });
});

describe('what PDF annotations say', () => {
  it('reads the values of AcroForm fields, a checked box, a chosen radio button and a drop-down', async () => {
    // Prepare
    const document = await openDocument(await RENDERED_LEAK_DOCUMENTS['filled-tax-form'](), { filename: 'form.pdf' });
    try {
      // Act
      const [page] = (await document.extract()).pages;
      // Assess
      const said = (page.annotations ?? []).flatMap((a) => a.lines);
      expect(said).toEqual(expect.arrayContaining([FORM_VALUES.name, FORM_VALUES.ssn, FORM_VALUES.address, 'OR']));
      expect(page.annotations?.every((a) => a.subtype === 'Widget' && a.drawn)).toBe(true);
      expect(page.text).not.toContain(FORM_VALUES.ssn);
    } finally {
      await document.close();
    }
  });

  it("reads a free-text annotation's appearance and a note's contents, the note marked as not drawn", async () => {
    const document = await openDocument(await RENDERED_LEAK_DOCUMENTS['annotated-page'](), { filename: 'notes.pdf' });
    try {
      const [page] = (await document.extract()).pages;
      const freeText = page.annotations?.find((a) => a.subtype === 'FreeText');
      const note = page.annotations?.find((a) => a.subtype === 'Text');
      expect(freeText?.lines.join(' ')).toContain(ANNOTATION_VALUES.phone);
      expect(freeText?.drawn).toBe(true);
      expect(note?.lines.join(' ')).toContain(ANNOTATION_VALUES.noteName);
      expect(note?.drawn).toBe(false);
    } finally {
      await document.close();
    }
  });
});

describe('dynamic XFA forms', () => {
  it('are told apart from AcroForm documents (the operation refuses them)', async () => {
    for (const [make, dynamic] of [[makeDynamicXfaForm, true], [RENDERED_LEAK_DOCUMENTS['filled-tax-form'], false]] as const) {
      const document = await openDocument(await make(), { filename: 'form.pdf' });
      try {
        expect(await document.dynamicXfa?.()).toBe(dynamic);
      } finally {
        await document.close();
      }
    }
  });
});

describe('the leak check fails when a value shows', () => {
  it('finds names by any part, digits whatever their spacing, text case aside', () => {
    expect(leaksIn(`ref ${FORM_VALUES.ssn.replace(/-/g, ' ')}`)).toEqual([FORM_VALUES.ssn]);
    expect(leaksIn('signed: ELLERY')).toEqual([FORM_VALUES.name]);
    expect(leaksIn('nothing personal here')).toEqual([]);
  });
});

describe('leak check: every output of made-up documents', () => {
  for (const [name, make] of Object.entries(RENDERED_LEAK_DOCUMENTS)) {
    it(`${name}: no value in the text, the page images (OCR), the PDF's text layer or its metadata`, { timeout: 300_000 }, async () => {
      // Act
      const report = await checkRenderedLeaks(await make());
      // Assess
      expect(report.leaks, `${report.redactedText}\n--- OCR of the images ---\n${report.imageText}`).toEqual({
        text: [],
        images: [],
        pdfText: [],
        pdfMetadata: [],
      });
      // The masked documents still read: the check is not passing on blank pages.
      expect(report.imageText.length).toBeGreaterThan(40);
    });
  }
});
