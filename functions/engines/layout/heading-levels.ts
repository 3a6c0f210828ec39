/**
 * Heading levels (1–6) for a document's titles and section headers, so a
 * heading-based chunker gets the document's outline.
 *
 * Level 1 is reserved for the document title, whether or not one was found:
 * top-level sections are level 2, which keeps `##` for the common single-tier
 * document and lets a title sit above them. Evidence, strongest first:
 * - numbering depth: "2" → 2, "2.1" → 3, "2.1.3" → 4; Roman numerals are a
 *   top level, and capital letters ("A.") sit one below Roman numerals when
 *   the document uses both;
 * - size: the page model has no fonts, so line height stands in for font
 *   size; headings of one height tier share a level, and a tier that carries
 *   numbered headings lends their level to its unnumbered ones;
 * - position in the size order: an unnumbered tier below a known tier is one
 *   level deeper.
 *
 * @module
 */
import type { BBox } from '../document-model.ts';

/** What the level assignment needs of a heading. */
export interface HeadingCandidate {
  readonly type: string;
  readonly text: string;
  readonly bbox: BBox;
}

const MAX_LEVEL = 6;
/** Heights within this ratio of a tier's tallest heading belong to the tier. */
const SAME_TIER = 0.9;

const ARABIC = /^(\d{1,3}(?:\.\d{1,3}){0,5})\.?\s+\p{L}/u;
const ROMAN = /^([IVX]{1,5})[.)]\s+\p{L}/u;
const LETTER = /^([A-H])[.)]\s+\p{L}/u;
const CHAPTER = /^(?:chapter|part|kapitel|teil|chapitre|annex|appendix|anhang)\s+(?:\d+|[IVX]+|[A-Z])[.:]?(?:\s|$)/iu;
const SECTION = /^(?:section|article|abschnitt|artikel)\s+(?:\d+|[IVX]+|[A-Z])[.:]?(?:\s|$)/iu;

type Numbering = 'arabic' | 'roman' | 'letter' | 'chapter' | 'section';

function numberingOf(text: string): { kind: Numbering; depth: number } | undefined {
  const first = text.trim().split('\n')[0];
  const arabic = ARABIC.exec(first);
  if (arabic) return { kind: 'arabic', depth: arabic[1].split('.').length };
  if (CHAPTER.test(first)) return { kind: 'chapter', depth: 1 };
  if (SECTION.test(first)) return { kind: 'section', depth: 1 };
  if (ROMAN.test(first)) return { kind: 'roman', depth: 1 };
  if (LETTER.test(first)) return { kind: 'letter', depth: 1 };
  return undefined;
}

/** Line height of a heading (its box over its line count), the font-size stand-in. */
function headingHeight(h: HeadingCandidate): number {
  const lines = Math.max(1, h.text.split('\n').length);
  return (h.bbox[3] - h.bbox[1]) / lines;
}

/** Height tiers, tallest first: the index of each heading's tier. */
function heightTiers(heights: readonly number[]): number[] {
  const order = heights.map((h, i) => ({ h, i })).sort((a, b) => b.h - a.h);
  const tier = new Array<number>(heights.length).fill(0);
  let current = -1;
  let top = Infinity;
  for (const { h, i } of order) {
    if (h < top * SAME_TIER) {
      current++;
      top = h;
    }
    tier[i] = current;
  }
  return tier;
}

/**
 * Levels for the regions of a document (pages in order), aligned with them:
 * a number for `title` and `section_header` regions, undefined for the rest.
 *
 * @example
 * headingLevels([[{ type: 'title', text: 'Annual report', bbox }, { type: 'section_header', text: '1 Scope', bbox }]]);
 * // [[1, 2]]
 */
export function headingLevels(pages: readonly (readonly HeadingCandidate[])[]): (number | undefined)[][] {
  const headings: { page: number; index: number; height: number; numbering?: { kind: Numbering; depth: number } }[] = [];
  pages.forEach((regions, page) =>
    regions.forEach((r, index) => {
      if (r.type === 'section_header') headings.push({ page, index, height: headingHeight(r), numbering: numberingOf(r.text) });
    }),
  );
  const usesRoman = headings.some((h) => h.numbering?.kind === 'roman');
  const usesChapters = headings.some((h) => h.numbering?.kind === 'chapter');
  const depthOf = (n: { kind: Numbering; depth: number }): number => {
    if (n.kind === 'letter') return usesRoman ? 2 : 1;
    if (n.kind === 'section') return usesChapters ? 2 : 1;
    if (n.kind === 'arabic') return n.depth + (usesChapters || usesRoman ? 1 : 0);
    return 1;
  };

  const tiers = heightTiers(headings.map((h) => h.height));
  const tierCount = tiers.length ? Math.max(...tiers) + 1 : 0;
  // A tier's depth: the shallowest numbered heading in it, else one below the tier above.
  const tierDepth = new Array<number | undefined>(tierCount).fill(undefined);
  headings.forEach((h, k) => {
    if (!h.numbering) return;
    const d = depthOf(h.numbering);
    const t = tiers[k];
    tierDepth[t] = Math.min(tierDepth[t] ?? Infinity, d);
  });
  let previous = 0;
  for (let t = 0; t < tierCount; t++) {
    const depth = tierDepth[t] ?? previous + 1;
    tierDepth[t] = depth;
    previous = depth;
  }

  const out = pages.map((regions) => regions.map((r): number | undefined => (r.type === 'title' ? 1 : undefined)));
  headings.forEach((h, k) => {
    const depth = h.numbering ? depthOf(h.numbering) : tierDepth[tiers[k]]!;
    out[h.page][h.index] = Math.min(MAX_LEVEL, 1 + depth);
  });
  return out;
}
