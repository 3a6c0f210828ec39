/**
 * Grounding: where on the pages each extracted value was read, so a
 * reviewer can see it. A citation is the page (1-based), the box of the
 * words holding the value (fractions of the page, 0..1) and their text.
 * Values spanning lines (an address block) cite the union of those lines.
 *
 * Values are found back on the lines they were read from when the extractor
 * knows them (a hint), else by their written form: amounts and dates by
 * their parsed value, names and identifiers by their letters and digits.
 * A value not found on any page (an e-invoice's XML value) has no citation.
 *
 * @module
 */
import type { ExtractCitation } from '../../contracts/schemas/extract.ts';
import { enclosingBox, type BBox } from '../document-model.ts';
import { amountsIn, datesIn } from './normalize.ts';

/** page (1-based), bbox (fractions of the page), text: the contract's shape. */
export type Citation = ExtractCitation;

export interface Citations {
  readonly entities: Record<string, Citation>;
  /** One per line item, in order; null when the item cannot be found back on a page. */
  readonly line_items: (Citation | null)[];
}

export interface GroundLine {
  readonly pageIndex: number;
  readonly text: string;
  readonly bbox: BBox;
  readonly words?: readonly { readonly text: string; readonly bbox: BBox; readonly start: number }[];
}

const AMOUNT_FIELDS = new Set(['subtotal', 'tax_amount', 'total_amount', 'amount_due']);
const DATE_FIELDS = new Set(['invoice_date', 'due_date']);
const key = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** Per line, computed once: several values are searched on the same (possibly thousands of) lines. */
const lineKeys = new WeakMap<GroundLine, string>();
const lineAmounts = new WeakMap<GroundLine, ReturnType<typeof amountsIn>>();
const keyOf = (l: GroundLine) => lineKeys.get(l) ?? (lineKeys.set(l, key(l.text)), lineKeys.get(l)!);
const amountsOf = (l: GroundLine) => lineAmounts.get(l) ?? (lineAmounts.set(l, amountsIn(l.text)), lineAmounts.get(l)!);
/** Four decimals, inside the page (OCR boxes may overhang it by a pixel). */
const round = (v: number) => Math.min(1, Math.max(0, Math.round(v * 10000) / 10000));

function union(boxes: readonly BBox[]): [number, number, number, number] {
  const [x0, y0, x1, y1] = enclosingBox(boxes);
  return [round(x0), round(y0), round(x1), round(y1)];
}

/** The box of the characters [start, end) of a line: its words there, else the whole line. */
function spanBox(line: GroundLine, start: number, end: number): { bbox: BBox; text: string } {
  const words = line.words?.filter((w) => w.start < end && w.start + w.text.length > start) ?? [];
  if (!words.length) return { bbox: union([line.bbox]), text: line.text.trim() };
  return { bbox: union(words.map((w) => w.bbox)), text: words.map((w) => w.text).join(' ') };
}

/** A citation of whole lines (the same page). */
export function citeLines(lines: readonly GroundLine[]): Citation | undefined {
  const first = lines[0];
  if (!first) return undefined;
  const same = lines.filter((l) => l.pageIndex === first.pageIndex);
  return { page: first.pageIndex + 1, bbox: union(same.map((l) => l.bbox)), text: same.map((l) => l.text.trim()).join('\n') };
}

/** Where a value sits on one line, or undefined. */
function onLine(field: string, value: string, line: GroundLine, monthFirst: boolean): Citation | undefined {
  let span: { start: number; end: number } | undefined;
  if (AMOUNT_FIELDS.has(field)) {
    const hits = amountsOf(line).filter((a) => Math.abs(Number(a.value) - Number(value)) < 0.005);
    span = hits[hits.length - 1];
  } else if (DATE_FIELDS.has(field)) {
    span = datesIn(line.text, { monthFirst }).find((d) => d.value === value);
  } else {
    const at = line.text.toLowerCase().indexOf(value.toLowerCase());
    if (at >= 0) span = { start: at, end: at + value.length };
    else if (key(value).length >= 2 && keyOf(line).includes(key(value))) span = { start: 0, end: line.text.length };
  }
  if (!span) return undefined;
  const { bbox, text } = spanBox(line, span.start, span.end);
  return { page: line.pageIndex + 1, bbox, text };
}

/** Consecutive lines whose letters and digits together are the value (a block read across lines, joined by ", "). */
function acrossLines(value: string, lines: readonly GroundLine[]): Citation | undefined {
  const target = key(value);
  if (target.length < 4) return undefined;
  for (let i = 0; i < lines.length; i++) {
    let joined = keyOf(lines[i]);
    if (!joined || !target.startsWith(joined)) continue;
    let j = i;
    while (joined.length < target.length && j + 1 < lines.length && lines[j + 1].pageIndex === lines[i].pageIndex && target.startsWith(joined + keyOf(lines[j + 1]))) {
      j++;
      joined += keyOf(lines[j]);
    }
    if (joined === target) return citeLines(lines.slice(i, j + 1));
  }
  // Lines picked apart (a phone line between two address lines): every line that is a piece of the value, near the first.
  const first = lines.findIndex((l) => keyOf(l).length >= 4 && target.includes(keyOf(l)));
  if (first < 0) return undefined;
  const pieces = lines.slice(first, first + 8).filter((l) => l.pageIndex === lines[first].pageIndex && keyOf(l).length >= 4 && target.includes(keyOf(l)));
  // The pieces must make up most of the value: one matching line is not a citation of a longer value.
  if (pieces.map(keyOf).join('').length < target.length * 0.8) return undefined;
  return citeLines(pieces);
}

/** Whether the lines, joined, hold the value (case, spacing and punctuation aside). */
function spells(value: string, lines: readonly GroundLine[]): boolean {
  const target = key(value);
  return target.length > 0 && lines.map(keyOf).join('').includes(target);
}

/**
 * The citation of one extracted value: on the hinted lines first (where the
 * extractor read it), else on the first line holding it, else across lines.
 */
export function ground(field: string, value: string, lines: readonly GroundLine[], options: { hint?: readonly number[]; monthFirst?: boolean } = {}): Citation | undefined {
  const monthFirst = options.monthFirst ?? false;
  // A hint may name a line more than once (two candidates of the same value on it): each line is cited once.
  const hinted = [...new Set(options.hint ?? [])].map((i) => lines[i]).filter(Boolean);
  // A value over several named lines (an address) is cited there only when those lines spell it (issue 38: a model,
  // or a document steering it, must not put a citation box over lines that do not hold the value).
  if (hinted.length > 1 && !AMOUNT_FIELDS.has(field) && !DATE_FIELDS.has(field) && spells(value, hinted)) return citeLines(hinted);
  for (const line of hinted) {
    const c = onLine(field, value, line, monthFirst);
    if (c) return c;
  }
  // Totals are read from the last place they are printed (summaries come after details).
  const ordered = AMOUNT_FIELDS.has(field) ? [...lines].reverse() : lines;
  for (const line of ordered) {
    const c = onLine(field, value, line, monthFirst);
    if (c) return c;
  }
  return acrossLines(value, lines);
}

/**
 * Each line item's citation: the line holding its description (and its total, when that stands in a cell of its
 * own on the same row), or null. Items come in reading order, so each search starts where the last one ended:
 * linear in the lines even for a statement of thousands of items.
 */
export function groundItems(items: readonly { description: string; total: string | null }[], lines: readonly GroundLine[]): (Citation | null)[] {
  const keys = lines.map(keyOf);
  let cursor = 0;
  const find = (description: string) => {
    for (let i = cursor; i < lines.length; i++) if (keys[i].includes(description)) return i;
    for (let i = 0; i < Math.min(cursor, lines.length); i++) if (keys[i].includes(description)) return i;
    return -1;
  };
  return items.map((item) => {
    const description = key(item.description).slice(0, 24);
    if (description.length < 2) return null;
    const at = find(description);
    if (at < 0) return null;
    cursor = at + 1;
    const line = lines[at];
    const boxes: BBox[] = [line.bbox];
    const texts = [line.text.trim()];
    const holdsTotal = (l: GroundLine) => amountsOf(l).some((a) => Math.abs(Number(a.value) - Number(item.total)) < 0.005);
    if (item.total !== null && !holdsTotal(line)) {
      // A table row: the total in a cell of its own on the same row (cells of a row sit close in reading order).
      const cell = lines
        .slice(Math.max(0, at - 12), at + 12)
        .find((l) => l !== line && l.pageIndex === line.pageIndex && Math.min(l.bbox[3], line.bbox[3]) - Math.max(l.bbox[1], line.bbox[1]) > 0 && holdsTotal(l));
      if (cell) (boxes.push(cell.bbox), texts.push(cell.text.trim()));
    }
    return { page: line.pageIndex + 1, bbox: union(boxes), text: texts.join(' ') };
  });
}
