/**
 * The lines fields are read from: a page's lines in reading order (OCR's late blocks put back, amounts OCR split
 * after the decimal separator joined), with their words' boxes, and the geometric lookups over them (right of, below).
 *
 * @module
 */
import { enclosingBox, type BBox, type DocumentPage } from '../document-model.ts';

export interface Line {
  readonly pageIndex: number;
  readonly text: string;
  readonly lower: string;
  readonly bbox: BBox;
  /** The line's words with their boxes and where each starts in `text` (absent for text-only pages). */
  readonly words?: readonly { readonly text: string; readonly bbox: BBox; readonly start: number }[];
}

/** A currency written glued to a whole number ("RM8", "€12"): a receipt's amount whose decimal point OCR lost. */
const GLUED_CURRENCY_WHOLE = /^(?:RM|MYR|EUR|USD|SGD|GBP|CHF|[$€£])\d{1,5}$/u;
/** A line that may hold an amount OCR split: "27. 45", "12, 80", "RM7 40". */
const SPLIT_AMOUNT = /\d[.,] \d{2}(?!\S)|(?<![\p{L}])(?:RM|MYR|EUR|USD|SGD|GBP|CHF|[$€£])\d{1,5} \d{2}(?!\S)/u;

/**
 * OCR sets a space inside an amount after its decimal separator ("SUMME EUR 27. 45", "12, 80"): on a scanned
 * line, a number ending in the separator followed by a word of exactly two digits is one amount (so is a
 * currency glued to a whole number followed by two digits: "RM7 40", the point lost), and its words one word
 * (so the word map, and the citation's box, still match the text).
 */
function joinSplitCents(words: readonly { text: string; bbox: BBox }[]): { text: string; bbox: BBox }[] {
  const out: { text: string; bbox: BBox }[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    const next = words[i + 1];
    const lastWord = !words[i + 2] || !/^\d{1,2}$/.test(words[i + 2].text);
    if (next && /^\d{1,6}[.,]$/.test(w.text) && /^\d{2}$/.test(next.text) && lastWord) {
      out.push({
        text: w.text + next.text,
        bbox: [
          Math.min(w.bbox[0], next.bbox[0]),
          Math.min(w.bbox[1], next.bbox[1]),
          Math.max(w.bbox[2], next.bbox[2]),
          Math.max(w.bbox[3], next.bbox[3]),
        ],
      });
      i++;
    } else if (next && GLUED_CURRENCY_WHOLE.test(w.text) && /^\d{2}$/.test(next.text) && lastWord) {
      // The separator itself lost ("RM7 40"): a currency glued to a whole number, then two digits, is that amount's cents.
      out.push({
        text: `${w.text}.${next.text}`,
        bbox: [
          Math.min(w.bbox[0], next.bbox[0]),
          Math.min(w.bbox[1], next.bbox[1]),
          Math.max(w.bbox[2], next.bbox[2]),
          Math.max(w.bbox[3], next.bbox[3]),
        ],
      });
      i++;
    } else out.push(w);
  }
  return out;
}

/**
 * A scanned page's lines in reading order: OCR sometimes hands a line on after lines printed below it (a block read
 * late: a receipt's name and street after its title). A line that ends above where the last line in order starts is
 * put back before the first line that starts below it; everything else keeps OCR's order (rows side by side stay).
 */
export function inReadingOrder<T extends { readonly bbox: BBox }>(lines: readonly T[]): T[] {
  const out: T[] = [];
  let lastInOrder: T | undefined;
  for (const line of lines) {
    if (lastInOrder && line.bbox[3] < lastInOrder.bbox[1]) {
      const at = out.findIndex((l) => l.bbox[1] > line.bbox[1]);
      out.splice(at < 0 ? out.length : at, 0, line);
    } else {
      out.push(line);
      lastInOrder = line;
    }
  }
  return out;
}

type PageLine = DocumentPage['lines'][number];
type PageWord = DocumentPage['words'][number];

/** A run of three or more spaces between printed characters: how a plain-text file sets a row's columns apart. */
const CELL_GAP = /\S\s{3,}\S/u;

/**
 * A plain-text row of several columns ("Bill to            Bill from") as one line per cell, each boxed by its own
 * words, as a PDF's text layer gives them: a label, a name or a value then sits on a line of its own and beside the
 * others, not run into them. The line as it was when its words do not spell its cells.
 */
function textCells(line: PageLine, words: readonly PageWord[]): { line: PageLine; words: PageWord[] }[] {
  const cells = [...line.text.matchAll(/\S+(?: {1,2}\S+)*/gu)].map((m) => m[0]);
  const out: { line: PageLine; words: PageWord[] }[] = [];
  let k = 0;
  for (const text of cells) {
    const tokens = text.split(/ +/u);
    const own = words.slice(k, k + tokens.length);
    if (own.length !== tokens.length || own.some((w, j) => w.text !== tokens[j])) return [{ line, words: [...words] }];
    k += tokens.length;
    out.push({ line: { ...line, text, bbox: enclosingBox(own.map((w) => w.bbox)) }, words: own });
  }
  return k === words.length ? out : [{ line, words: [...words] }];
}

/** The lines every field is read from (and grounded on), across pages, with word offsets where the text layer gives them. */
export function linesOf(pages: readonly DocumentPage[]): Line[] {
  const out: Line[] = [];
  pages.forEach((page, pageIndex) => {
    if (page.lines.length) {
      const ordered = page.source === 'ocr' ? inReadingOrder(page.lines) : page.lines;
      const cells = ordered.flatMap((pageLine) => {
        const lineWords = pageLine.wordIndexes.map((i) => page.words[i]).filter(Boolean);
        return page.source !== 'ocr' && CELL_GAP.test(pageLine.text) ? textCells(pageLine, lineWords) : [{ line: pageLine, words: lineWords }];
      });
      for (const { line: pageLine, words: pageWords } of cells) {
        const split =
          page.source === 'ocr' &&
          pageWords.length > 1 &&
          pageWords.map((w) => w.text).join(' ') === pageLine.text.trimEnd() &&
          SPLIT_AMOUNT.test(pageLine.text);
        const words = split ? joinSplitCents(pageWords) : pageWords;
        const line = split ? { ...pageLine, text: words.map((w) => w.text).join(' ') } : pageLine;
        // Words are joined by single spaces in the line text when it is their concatenation (text layers may add a trailing space); else no word map.
        const joined = words.map((w) => w.text).join(' ');
        let at = 0;
        const mapped =
          joined === line.text.trimEnd()
            ? words.map((w) => {
                const start = at;
                at += w.text.length + 1;
                return { text: w.text, bbox: w.bbox, start };
              })
            : undefined;
        out.push({ pageIndex, text: line.text, lower: line.text.toLowerCase(), bbox: line.bbox, ...(mapped ? { words: mapped } : {}) });
      }
    } else {
      // Text-only pages (no geometry): one line per text line, stacked.
      const texts = page.text.split('\n');
      texts.forEach((text, i) => out.push({ pageIndex, text, lower: text.toLowerCase(), bbox: [0, i / texts.length, 1, (i + 1) / texts.length] }));
    }
  });
  return out;
}

export const height = (b: BBox) => Math.max(1e-4, b[3] - b[1]);
export const vOverlap = (a: BBox, b: BBox) => Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));

/**
 * The lines of one page, grouped once per document: the geometric lookups
 * below run for many lines, and scanning every page each time made a
 * 300-page extract quadratic.
 */
const pageGroups = new WeakMap<readonly Line[], Map<number, Line[]>>();
export function linesOnPage(lines: readonly Line[], pageIndex: number): readonly Line[] {
  let groups = pageGroups.get(lines);
  if (!groups) {
    groups = new Map();
    for (const l of lines) (groups.get(l.pageIndex) ?? groups.set(l.pageIndex, []).get(l.pageIndex)!).push(l);
    pageGroups.set(lines, groups);
  }
  return groups.get(pageIndex) ?? [];
}

/** Text on the same row to the right of a line (values in a right-hand column). */
export function rightOf(lines: readonly Line[], line: Line): string {
  return linesOnPage(lines, line.pageIndex)
    .filter((l) => l !== line && l.bbox[0] >= line.bbox[2] - 0.01 && vOverlap(l.bbox, line.bbox) > 0.5 * Math.min(height(l.bbox), height(line.bbox)))
    .sort((a, b) => a.bbox[0] - b.bbox[0])
    .map((l) => l.text)
    .join(' ');
}

/**
 * The lines right below a line, overlapping its horizontal extent (a value under its label, an address under a name).
 * `firstGap`: how far, in line heights, the first one may be (a heading ending in a colon may be set apart from its block).
 */
export function below(lines: readonly Line[], line: Line, count = 1, firstGap = 1.8): Line[] {
  const out: Line[] = [];
  let current = line;
  for (let i = 0; i < count; i++) {
    const gap = i === 0 ? firstGap : 1.8;
    const next = linesOnPage(lines, current.pageIndex)
      .filter(
        (l) =>
          l.bbox[1] >= current.bbox[1] + height(current.bbox) * 0.5 &&
          l.bbox[1] - current.bbox[3] < height(current.bbox) * gap &&
          Math.min(l.bbox[2], current.bbox[2] + 0.05) - Math.max(l.bbox[0], current.bbox[0] - 0.05) > 0,
      )
      .sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0])[0];
    if (!next) break;
    out.push(next);
    current = next;
  }
  return out;
}
