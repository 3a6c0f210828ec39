import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Util } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { openPdfTask } from '../../../functions/engines/pdf/pdfjs.ts';
import { patchWorkerSource, SOURCE_PATCHES } from '../../../functions/engines/pdf/pdfjs-speed-patches.ts';

const require = createRequire(import.meta.url);
const workerSource = () => readFileSync(join(dirname(require.resolve('pdfjs-dist/package.json')), 'legacy', 'build', 'pdf.worker.mjs'), 'utf8');

const isArrayEqual = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** The function a patch's code declares, compiled against a given text state. */
function compile(code: string): (textState: unknown) => number[] {
  const make = new Function(
    'Util',
    'isArrayEqual',
    'FONT_IDENTITY_MATRIX',
    `${code}\nreturn (state) => { textState = state; return getCurrentTextTransform(); };\nvar textState;`,
  );
  return make(Util, isArrayEqual, [0.001, 0, 0, 0.001, 0, 0]) as (textState: unknown) => number[];
}

describe('pdf.js speed patches', () => {
  it('apply to the installed pdf.js worker (an upgrade that changes the patched code shows here)', () => {
    // Act
    const { applied, source } = patchWorkerSource(workerSource());
    // Assess
    expect(applied).toEqual(SOURCE_PATCHES.map((p) => p.name));
    for (const patch of SOURCE_PATCHES) expect(source).not.toContain(patch.find);
  });

  it('leave a source without the patched code as it is', () => {
    expect(patchWorkerSource('const x = 1;')).toEqual({ source: 'const x = 1;', applied: [] });
  });

  it('compute the text transform exactly as pdf.js does, for rotated, scaled, risen and Type3 text', () => {
    // Arrange
    const patch = SOURCE_PATCHES.find((p) => p.name === 'text-transform')!;
    const original = compile(patch.find);
    const patched = compile(patch.replace);
    const plain = { isType3Font: false, bbox: [0, 0, 1, 1] };
    const type3 = { isType3Font: true, isCharBBox: true, bbox: [-0.1, -0.25, 0.9, 0.95] };
    const states = [
      {
        font: plain,
        fontSize: 11,
        textHScale: 1,
        textRise: 0,
        textMatrix: [1, 0, 0, 1, 72, 700],
        ctm: [1, 0, 0, 1, 0, 0],
        fontMatrix: [0.001, 0, 0, 0.001, 0, 0],
      },
      {
        font: plain,
        fontSize: 9.5,
        textHScale: 0.87,
        textRise: 2.5,
        textMatrix: [0.7071, 0.7071, -0.7071, 0.7071, 133.4, 402.9],
        ctm: [0, 1, -1, 0, 612, 0],
        fontMatrix: [0.001, 0, 0, 0.001, 0, 0],
      },
      {
        font: plain,
        fontSize: -14,
        textHScale: 1.2,
        textRise: -3,
        textMatrix: [2, 0.3, 0.1, -1.5, 10, 20],
        ctm: [0.5, 0, 0, 0.5, 30, 40],
        fontMatrix: [0.001, 0, 0, 0.001, 0, 0],
      },
      {
        font: type3,
        fontSize: 1,
        textHScale: 1,
        textRise: 1,
        textMatrix: [12, 0, 0, 12, 50, 60],
        ctm: [1, 0, 0, -1, 0, 792],
        fontMatrix: [0.01, 0, 0, 0.01, 0, 0],
      },
    ];
    for (const state of states) {
      // Act / Assess: the same doubles, not merely close ones.
      expect(patched(state)).toEqual(original(state));
    }
  });
});

describe('pdf.js speed patches: a font set again once loaded', () => {
  /** 40 lines, Helvetica and Courier by turns; pdf-lib wraps every line in q … Q, so each sets its font again. */
  async function alternatingFonts() {
    const doc = await PDFDocument.create();
    const fonts = [await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.Courier)];
    const page = doc.addPage([595, 842]);
    const lines = Array.from({ length: 40 }, (_, i) => ({
      text: `Line ${i + 1} of an invented ledger, amount ${(i * 7.25).toFixed(2)}`,
      font: fonts[i % 2],
      size: 10 + (i % 3),
    }));
    lines.forEach((line, i) => page.drawText(line.text, { x: 50, y: 800 - i * 18, size: line.size, font: line.font }));
    return { bytes: await doc.save(), lines };
  }

  it('reads every line with its own font and size, and hands the page over in one or two chunks', async () => {
    // Prepare
    const { bytes, lines } = await alternatingFonts();
    const task = await openPdfTask(bytes);
    const pdf = await task.promise;
    try {
      const page = await pdf.getPage(1);
      // Act
      const content = await page.getTextContent();
      let chunks = 0;
      for await (const chunk of page.streamTextContent()) if ((chunk as { items: unknown[] }).items.length) chunks++;
      // Assess: pdf.js cuts some monospaced lines at their spaces; every piece has its line's font and size.
      const items = content.items.filter((item): item is TextItem => 'str' in item && item.str.trim() !== '');
      const lineOf = (item: TextItem) => Math.round((800 - item.transform[5]) / 18);
      const read = lines.map((_, i) =>
        items
          .filter((item) => lineOf(item) === i)
          .map((item) => item.str.trim())
          .join(' '),
      );
      expect(read).toEqual(lines.map((line) => line.text));
      for (const item of items) {
        const line = lines[lineOf(item)];
        expect(content.styles[item.fontName].fontFamily).toBe(line.font === lines[1].font ? 'monospace' : 'sans-serif');
        expect(item.transform[0]).toBe(line.size);
      }
      // Unpatched, pdf.js paused at every font change and sent what it had read in 11 chunks.
      expect(chunks).toBeLessThanOrEqual(2);
    } finally {
      await pdf.destroy();
    }
  });
});

describe('pdf.js speed patches: the text state saved at q and restored at Q', () => {
  it('reads text after Q with the font and size set before q, whatever q … Q set inside', async () => {
    // Prepare: Helvetica 12 outside; inside q … Q Courier 20, and Helvetica 8 one level deeper.
    const { pushGraphicsState, popGraphicsState, setFontAndSize, beginText, endText, moveText, showText } = await import('pdf-lib');
    const doc = await PDFDocument.create();
    const helvetica = await doc.embedFont(StandardFonts.Helvetica);
    const courier = await doc.embedFont(StandardFonts.Courier);
    const page = doc.addPage([595, 842]);
    const hv = page.node.newFontDictionary('Hv', helvetica.ref);
    const co = page.node.newFontDictionary('Co', courier.ref);
    const line = (text: string, y: number) => [beginText(), moveText(50, y), showText(helvetica.encodeText(text)), endText()];
    page.pushOperators(
      setFontAndSize(hv, 12),
      ...line('Before the group', 800),
      pushGraphicsState(),
      setFontAndSize(co, 20),
      ...line('Inside the group', 760),
      pushGraphicsState(),
      setFontAndSize(hv, 8),
      ...line('Nested deeper', 730),
      popGraphicsState(),
      ...line('Inside again', 700),
      popGraphicsState(),
      ...line('After the group', 660),
    );
    const task = await openPdfTask(await doc.save());
    const pdf = await task.promise;
    try {
      // Act
      const content = await (await pdf.getPage(1)).getTextContent();
      const items = content.items.filter((item): item is TextItem => 'str' in item && item.str.trim() !== '');
      const byText = new Map(items.map((item) => [item.str, item]));
      // Assess: sizes and fonts as set at each level, and back after each Q.
      expect(items.map((item) => [item.str, item.transform[0]])).toEqual([
        ['Before the group', 12],
        ['Inside the group', 20],
        ['Nested deeper', 8],
        ['Inside again', 20],
        ['After the group', 12],
      ]);
      expect(content.styles[byText.get('After the group')!.fontName].fontFamily).toBe('sans-serif');
      expect(content.styles[byText.get('Inside again')!.fontName].fontFamily).toBe('monospace');
    } finally {
      await pdf.destroy();
    }
  });
});
