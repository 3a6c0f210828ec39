/**
 * Speed patches to the source of pdf.js's worker, applied to the copy
 * pdfjs.ts imports (the copy already exists to export the classes the
 * decode bounds patch).
 *
 * Each patch replaces one exact piece of pdf.js's code with code that
 * computes the same values; a pdf.js upgrade that changes that piece leaves
 * it unpatched (slower, never wrong), and a unit test says which patches
 * applied to the installed version.
 *
 * @module
 */

interface SourcePatch {
  readonly name: string;
  readonly find: string;
  readonly replace: string;
}

/**
 * Text extraction asks for the current text transform about twice per glyph
 * (the position check and the item's last position); pdf.js builds it as two
 * 3×2 matrix products through temporary arrays, three allocations a call.
 * Profiled on a dense 100-page text PDF, that and its garbage were the
 * largest single cost of `getTextContent`. The same products written out
 * (the text-space matrix is [a 0 0 d 0 rise]), one array a call.
 */
const TEXT_TRANSFORM: SourcePatch = {
  name: 'text-transform',
  find: `    function getCurrentTextTransform() {
      const font = textState.font;
      const tsm = [textState.fontSize * textState.textHScale, 0, 0, textState.fontSize, 0, textState.textRise];
      if (font.isType3Font && (textState.fontSize <= 1 || font.isCharBBox) && !isArrayEqual(textState.fontMatrix, FONT_IDENTITY_MATRIX)) {
        const glyphHeight = font.bbox[3] - font.bbox[1];
        if (glyphHeight > 0) {
          tsm[3] *= glyphHeight * textState.fontMatrix[3];
        }
      }
      return Util.transform(textState.ctm, Util.transform(textState.textMatrix, tsm));
    }`,
  replace: `    function getCurrentTextTransform() {
      const font = textState.font;
      const a = textState.fontSize * textState.textHScale;
      let d = textState.fontSize;
      const rise = textState.textRise;
      if (font.isType3Font && (textState.fontSize <= 1 || font.isCharBBox) && !isArrayEqual(textState.fontMatrix, FONT_IDENTITY_MATRIX)) {
        const glyphHeight = font.bbox[3] - font.bbox[1];
        if (glyphHeight > 0) {
          d *= glyphHeight * textState.fontMatrix[3];
        }
      }
      const t = textState.textMatrix;
      const r0 = t[0] * a, r1 = t[1] * a, r2 = t[2] * d, r3 = t[3] * d, r4 = t[2] * rise + t[4], r5 = t[3] * rise + t[5];
      const c = textState.ctm;
      return [c[0] * r0 + c[2] * r1, c[1] * r0 + c[3] * r1, c[0] * r2 + c[2] * r3, c[1] * r2 + c[3] * r3, c[0] * r4 + c[2] * r5 + c[4], c[1] * r4 + c[3] * r5 + c[5]];
    }`,
};

/**
 * Text extraction waits a turn of the event loop at every font change (`Tf`), even for a font it
 * loaded long ago: it hands the font's promise to its pause-and-resume step, which also sends what
 * it has read so far to the reader as a chunk. Generators that wrap every line in `q … Q` (pdf-lib,
 * many report writers) set the font again on every line, so a dense page made ~50 such pauses and
 * ~10 chunks, each a structured clone and stream messages through pdf.js's in-process "worker" port.
 * pdf.js caches a loaded font's promise (its `fontCache`, one per document); once that promise has
 * settled, the font is set at once, as the resumed step would have set it. Only the timing differs:
 * the same items, in the same order, reach the reader in fewer chunks. A font loading for the first
 * time, or failing to load, goes the original way.
 */
const SETTLED_FONT: SourcePatch = {
  name: 'settled-font',
  find: `            textState.fontName = fontNameArg;
            textState.fontSize = fontSizeArg;
            next(handleSetFont(fontNameArg, null));
            return;`,
  replace: `            textState.fontName = fontNameArg;
            textState.fontSize = fontSizeArg;
            const settledFonts = self.fontCache.docintelSettledFonts ||= new WeakMap();
            let fontLoading;
            try {
              fontLoading = self.loadFont(fontNameArg, null, resources, task);
            } catch (reason) {
              fontLoading = Promise.reject(reason);
            }
            const settledFont = settledFonts.get(fontLoading);
            if (settledFont) {
              textState.loadedName = settledFont.loadedName;
              textState.font = settledFont.font;
              textState.fontMatrix = settledFont.font.fontMatrix || FONT_IDENTITY_MATRIX;
              break;
            }
            next(fontLoading.then(function (translated) {
              settledFonts.set(fontLoading, translated);
              textState.loadedName = translated.loadedName;
              textState.font = translated.font;
              textState.fontMatrix = translated.font.fontMatrix || FONT_IDENTITY_MATRIX;
            }));
            return;`,
};

/**
 * Text extraction clones its text state at every `q` (pdf-lib and many writers put one around each
 * line). pdf.js makes the clone with the live state as its prototype, which turns that state into a
 * prototype object in V8 (a map change and dropped caches per clone: ~11 ms per 100 dense pages).
 * Every field of a text state is its own property (class fields, and what extraction assigns), and
 * the clone copies them all, so the saved state is never read through the chain: the clone takes
 * the state's own prototype (`TextState.prototype`) instead, with the same fields and values.
 */
const TEXT_STATE_CLONE: SourcePatch = {
  name: 'text-state-clone',
  find: `  clone() {
    const clone = Object.assign(Object.create(this), this);
    clone.textMatrix = this.textMatrix.slice();
    clone.textLineMatrix = this.textLineMatrix.slice();`,
  replace: `  clone() {
    const clone = Object.assign(Object.create(Object.getPrototypeOf(this)), this);
    clone.textMatrix = this.textMatrix.slice();
    clone.textLineMatrix = this.textLineMatrix.slice();`,
};

export const SOURCE_PATCHES: readonly SourcePatch[] = [TEXT_TRANSFORM, SETTLED_FONT, TEXT_STATE_CLONE];

/** The worker source with every patch whose code it contains (exactly once) applied, and their names. */
export function patchWorkerSource(source: string): { source: string; applied: string[] } {
  const applied: string[] = [];
  let out = source;
  for (const patch of SOURCE_PATCHES) {
    const at = out.indexOf(patch.find);
    if (at < 0 || out.indexOf(patch.find, at + 1) >= 0) continue;
    out = out.slice(0, at) + patch.replace + out.slice(at + patch.find.length);
    applied.push(patch.name);
  }
  return { source: out, applied };
}
