/**
 * Typed layout regions for a whole document, from the page model alone
 * (text-layer and OCR pages alike): titles, section headers, paragraphs, list
 * items, tables, figures, captions, key-value pairs and page furniture
 * (headers, footers, page numbers), each with a box, its text and its place
 * in reading order.
 *
 * Signals, none of them font names (the page model has none): line height as
 * a font-size proxy, position (top and bottom bands), text repeated in the
 * same band across pages (a strong header/footer signal, which is why the
 * entry point takes all pages), numbering and list-marker patterns,
 * "Figure N"/"Table N" captions, `label: value` lines, image placements
 * (`page.figures`) and the tables found by `./tables.ts` or declared by the
 * format (`page.tables`).
 *
 * @module
 */
import { enclosingBox, type BBox, type DocumentPage, type Line, type Table } from '../document-model.ts';
import { median } from './geometry.ts';
import { headingLevels } from './heading-levels.ts';
import { findSelectionMarks, type BoxInk, type SelectionMark, type SelectionState } from './selection-marks.ts';
import { detectTables } from './tables.ts';

export type RegionType =
  | 'title'
  | 'section_header'
  | 'paragraph'
  | 'list_item'
  | 'table'
  | 'figure'
  | 'page_header'
  | 'page_footer'
  | 'page_number'
  | 'caption'
  | 'key_value'
  | 'selection_mark'
  | 'signature';

export interface LayoutRegion {
  readonly type: RegionType;
  readonly bbox: BBox;
  /** Lines joined by '\n'; a table's rows by '\n' and its cells by '\t'. */
  readonly text: string;
  /** 0-based position in the page's reading order. */
  readonly readingOrder: number;
  /** The table, for `table` regions. */
  readonly table?: Table;
  /** For `key_value`: the label (without the colon) and the value. */
  readonly key?: string;
  readonly value?: string;
  /** For `list_item`: the marker as printed (`•`, `1.`, `a)`). */
  readonly marker?: string;
  /** For `title` (1) and `section_header` (2–6): the heading level, see `./heading-levels.ts`. */
  readonly level?: number;
  /** For `selection_mark`: its state, the label beside it and what it was found from (see `./selection-marks.ts`). */
  readonly state?: SelectionState;
  readonly label?: string;
  readonly markSource?: SelectionMark['source'];
}

export interface AnalyzeOptions {
  /** Reconstruct tables from geometry (ruled and borderless). @default true */
  readonly detectTables?: boolean;
  /** Signature boxes by page number, found in the drawn pages (`./signatures.ts`). */
  readonly signatures?: ReadonlyMap<number, readonly BBox[]>;
  /** Ink inside drawn boxes by page number, read from the drawn pages (`./selection-marks.ts` readMarkInk). */
  readonly markInk?: ReadonlyMap<number, readonly BoxInk[]>;
}

/** Bands (share of the page height) where running headers and footers live. */
const HEADER_BAND = 0.08;
const FOOTER_BAND = 0.92;
/** Wider bands for text that repeats across pages. */
const REPEAT_HEADER_BAND = 0.15;
const REPEAT_FOOTER_BAND = 0.85;

export const LIST_MARKER = /^(?:[-–•*▪◦●○■□►▸‣⁃·]|\(?\d{1,3}[.)]|\(?[a-z][.)]|\(?[ivx]{1,4}[.)])(?=\s)/i;
const PAGE_NUMBER =
  /^(?:[-–—]\s*)?(?:(?:page|seite|pagina|página|strona|side|sida|p\.|s\.)\s*:?\s*)?\d{1,4}(?:\s*(?:of|von|\/|de|sur|di|z|van|af|av)\s*\d{1,4})?(?:\s*[-–—])?$/i;
const CAPTION = /^(?:fig(?:ure|\.)?|table|tab\.|abbildung|abb\.|tabelle|chart|exhibit|graph|plate|illustration|image|photo|diagram|schema|tableau|figura|tabla)\s*[\dIVX]+[a-z]?\b[.:\s—–-]?/i;
const NUMBERED_HEADING = /^(?:(?:\d{1,2}(?:\.\d{1,2}){0,4}\.?)|(?:[IVX]{1,5}\.)|(?:[A-H]\.)|(?:(?:chapter|section|part|article|kapitel|abschnitt|teil|artikel|annex|appendix|anhang)\s+[\dIVXA-Z]+[.:]?))\s+\p{L}/iu;
const KEY_VALUE = /^([^:]{1,40}?)\s*:\s+(\S.*)$/;

interface Unit {
  lines: number[];
  type?: RegionType;
  table?: Table;
  bbox: BBox;
  text: string;
  key?: string;
  value?: string;
  marker?: string;
  /** Median line height, as a share of the page height. */
  height: number;
}

const lineHeight = (l: Line) => l.bbox[3] - l.bbox[1];


function unitOf(page: DocumentPage, lineIndexes: number[]): Unit {
  const lines = lineIndexes.map((i) => page.lines[i]);
  return {
    lines: lineIndexes,
    bbox: enclosingBox(lines.map((l) => l.bbox)),
    text: lines.map((l) => l.text).join('\n'),
    height: median(lines.map(lineHeight)),
  };
}

/** A table's plain text: rows by '\n', cells by '\t'. */
export function tableText(table: Table): string {
  // Grouped from the cells (not a rows × columns grid): a sparse native sheet may declare huge sizes.
  const byRow = new Map<number, { column: number; text: string }[]>();
  for (const c of table.cells) {
    if (!(c.row >= 0 && c.row < table.rows && c.column >= 0 && c.column < table.columns)) continue;
    const list = byRow.get(c.row) ?? [];
    list.push({ column: c.column, text: c.text.replace(/\s*\n\s*/g, ' ') });
    byRow.set(c.row, list);
  }
  const used = usedExtent(table);
  // One line per row; runs of empty rows are written as runs of newlines, not one by one (a sheet may hold two cells a million rows apart).
  let text = '';
  let line = 0;
  for (const r of [...byRow.keys()].filter((row) => row < used.rows).sort((a, b) => a - b)) {
    const parts: string[] = [];
    for (const c of byRow.get(r)!.sort((a, b) => a.column - b.column)) {
      while (parts.length < c.column) parts.push('');
      parts[c.column] = c.text;
    }
    text += '\n'.repeat(r - line) + parts.join('\t').replace(/\t+$/, '');
    line = r;
  }
  return used.rows > 0 ? text + '\n'.repeat(used.rows - 1 - line) : text;
}

/** Rows and columns actually used by cells (at most the declared size). */
export function usedExtent(table: Table): { rows: number; columns: number } {
  let rows = 0;
  let columns = 0;
  for (const c of table.cells) {
    rows = Math.max(rows, Math.min(table.rows, c.row + Math.max(1, c.rowSpan)));
    columns = Math.max(columns, Math.min(table.columns, c.column + Math.max(1, c.columnSpan)));
  }
  return { rows, columns };
}

/** Text normalised for repetition checks: digits collapse (page numbers, dates differ). */
const signature = (text: string) => text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();

/** Signatures of text that repeats in the top or bottom band on at least two pages and half of them. */
function repeatedFurniture(pages: readonly DocumentPage[]): Set<string> {
  const counts = new Map<string, number>();
  for (const page of pages) {
    const seen = new Set<string>();
    for (const line of page.lines) {
      const band = line.bbox[3] <= REPEAT_HEADER_BAND ? 'top' : line.bbox[1] >= REPEAT_FOOTER_BAND ? 'bottom' : undefined;
      if (!band) continue;
      const key = `${band}|${signature(line.text)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const out = new Set<string>();
  const needed = Math.max(2, Math.ceil(pages.length / 2));
  for (const [key, n] of counts) if (n >= needed) out.add(key);
  return out;
}

interface Placed {
  unit: Unit;
  /** Sort key: reading position of the first line (fractional for inserted items). */
  order: number;
}

/** A table of the page and the words it holds. */
interface PageTable {
  table: Table;
  words: Set<number>;
}

/**
 * The page's tables (the format's own, else reconstructed from geometry) and,
 * per line, the table holding at least half of its words (-1 for none).
 */
function pageTables(page: DocumentPage, options: AnalyzeOptions): { tables: PageTable[]; lineTable: Int32Array } {
  const native = (page.tables ?? []).filter((t) => t.cells.length > 0);
  const tables: PageTable[] = [];
  if (native.length) {
    for (const table of native) tables.push({ table, words: nativeTableWords(page, table) });
  } else if (options.detectTables !== false) {
    for (const t of detectTables(page)) tables.push({ table: t, words: new Set(t.wordIndexes) });
  }
  const lineTable = new Int32Array(page.lines.length).fill(-1);
  page.lines.forEach((l, li) => {
    for (let ti = 0; ti < tables.length; ti++) {
      const inside = l.wordIndexes.filter((w) => tables[ti].words.has(w)).length;
      if (inside > 0 && inside >= l.wordIndexes.length / 2) {
        lineTable[li] = ti;
        break;
      }
    }
  });
  return { tables, lineTable };
}

/** The page words of a format's own table: those inside its box, else the lines made only of its cell words. */
function nativeTableWords(page: DocumentPage, table: Table): Set<number> {
  const words = new Set<number>();
  if (table.bbox) {
    const [x0, y0, x1, y1] = table.bbox;
    page.words.forEach((w, i) => {
      const cx = (w.bbox[0] + w.bbox[2]) / 2;
      const cy = (w.bbox[1] + w.bbox[3]) / 2;
      if (cx >= x0 && cx <= x1 && cy >= y0 && cy <= y1) words.add(i);
    });
  } else {
    // No geometry: the lines made only of the table's cell words are the table.
    const tokens = new Set(table.cells.flatMap((c) => c.text.split(/\s+/).filter(Boolean)));
    for (const line of page.lines) {
      if (line.wordIndexes.length && line.wordIndexes.every((w) => tokens.has(page.words[w].text))) {
        for (const w of line.wordIndexes) words.add(w);
      }
    }
  }
  return words;
}

/**
 * Regions of one page. `repeated` holds furniture signatures from
 * `analyzeDocument`; `isFirstPage` allows a title.
 */
function analyzePage(
  page: DocumentPage,
  repeated: ReadonlySet<string>,
  isFirstPage: boolean,
  options: AnalyzeOptions,
): LayoutRegion[] {
  // 1. Tables: the format's own, else reconstructed from geometry.
  const { tables, lineTable } = pageTables(page, options);

  // 2. Units in reading order: block lines outside tables; a table where its first line stands.
  const placed: Placed[] = [];
  const tablePlaced = new Set<number>();
  let order = 0;
  for (const block of page.blocks) {
    let run: number[] = [];
    const flush = () => {
      if (run.length) placed.push({ unit: unitOf(page, run), order: order++ });
      run = [];
    };
    for (const li of block.lineIndexes) {
      const ti = lineTable[li];
      if (ti < 0) {
        run.push(li);
        continue;
      }
      flush();
      if (!tablePlaced.has(ti)) {
        tablePlaced.add(ti);
        placed.push({ unit: tableUnit(tables[ti].table), order: order++ });
      }
    }
    flush();
  }
  // Tables none of whose lines were in a block (native tables without text on the page).
  tables.forEach((t, ti) => {
    if (!tablePlaced.has(ti)) placed.push({ unit: tableUnit(t.table), order: placeByPosition(placed, t.table.bbox) });
  });

  // 3. Figures: image placements, with the few words printed on them.
  for (const fig of page.figures ?? []) {
    const inside = placed.filter((p) => p.unit.type !== 'table' && contains(fig, p.unit.bbox));
    const insideText = inside.reduce((n, p) => n + p.unit.text.length, 0);
    if (insideText > 200) continue; // text over a background image: keep the text
    // A page-sized image with text on it is the scan the text was read from, not a figure.
    const area = (fig[2] - fig[0]) * (fig[3] - fig[1]);
    if (area >= 0.5 && insideText > 0) continue;
    for (const p of inside) p.order = Number.NaN;
    const text = inside.map((p) => p.unit.text).join('\n');
    placed.push({ unit: { lines: [], bbox: fig, text, height: 0, type: 'figure' }, order: placeByPosition(placed, fig) });
  }

  const ordered = placed.filter((p) => !Number.isNaN(p.order)).sort((a, b) => a.order - b.order);
  // 4. Split units into list items and key-value lines, then classify.
  const bodyHeight = median(page.lines.map(lineHeight)) || 0.01;
  const units: Unit[] = [];
  for (const { unit } of ordered) {
    if (unit.type) units.push(unit);
    else units.push(...splitUnit(page, unit, bodyHeight));
  }
  classify(units, page, repeated, bodyHeight, isFirstPage);

  const regions: Omit<LayoutRegion, 'readingOrder'>[] = units.map((u) => ({
    type: u.type ?? 'paragraph',
    bbox: u.bbox,
    text: u.text,
    ...(u.table ? { table: u.table } : {}),
    ...(u.key !== undefined ? { key: u.key, value: u.value } : {}),
    ...(u.marker !== undefined ? { marker: u.marker } : {}),
  }));
  const marks: Omit<LayoutRegion, 'readingOrder'>[] = findSelectionMarks(page, options.markInk?.get(page.pageNumber)).map((m) => ({
    type: 'selection_mark',
    bbox: m.bbox,
    text: m.label ?? '',
    state: m.state,
    markSource: m.source,
    ...(m.label ? { label: m.label } : {}),
  }));
  const signatures = (options.signatures?.get(page.pageNumber) ?? []).map((bbox) => ({ type: 'signature' as const, bbox, text: '' }));
  return placeAmong(regions, [...marks, ...signatures]).map((r, i) => ({ ...r, readingOrder: i }));
}

/** Each extra region right after the region it sits in, else before the first region below it. */
function placeAmong(regions: Omit<LayoutRegion, 'readingOrder'>[], extra: readonly Omit<LayoutRegion, 'readingOrder'>[]) {
  const after = new Map<number, Omit<LayoutRegion, 'readingOrder'>[]>();
  for (const m of extra) {
    const region = m;
    let at = regions.findIndex((r) => contains(r.bbox, m.bbox));
    if (at < 0) at = regions.findIndex((r) => r.bbox[1] >= m.bbox[1]) - 1;
    if (at < 0 && !regions.some((r) => r.bbox[1] >= m.bbox[1])) at = regions.length - 1;
    const list = after.get(at) ?? [];
    list.push(region);
    after.set(at, list);
  }
  if (!after.size) return regions;
  const out = [...(after.get(-1) ?? [])];
  regions.forEach((r, i) => out.push(r, ...(after.get(i) ?? [])));
  return out;
}

function tableUnit(table: Table): Unit {
  return { lines: [], type: 'table', table, bbox: table.bbox ?? [0, 0, 1, 1], text: tableText(table), height: 0 };
}

function contains(outer: BBox, inner: BBox): boolean {
  const cx = (inner[0] + inner[2]) / 2;
  const cy = (inner[1] + inner[3]) / 2;
  return cx >= outer[0] && cx <= outer[2] && cy >= outer[1] && cy <= outer[3];
}

/** An order key placing a box before the first placed unit below its top that shares some width with it. */
function placeByPosition(placed: readonly Placed[], box: BBox | undefined): number {
  if (!box) return Number.MAX_SAFE_INTEGER;
  let best = Infinity;
  for (const p of placed) {
    const b = p.unit.bbox;
    const overlapX = Math.min(b[2], box[2]) - Math.max(b[0], box[0]);
    if (b[1] >= box[1] && overlapX > 0 && p.order < best) best = p.order;
  }
  if (best === Infinity) {
    const max = placed.reduce((m, p) => (Number.isNaN(p.order) ? m : Math.max(m, p.order)), -1);
    return max + 0.5;
  }
  return best - 0.5 + 1e-6 * ((box[1] + box[0]) % 1);
}

/** Splits a unit at list markers and around `label: value` lines. */
function splitUnit(page: DocumentPage, unit: Unit, bodyHeight: number): Unit[] {
  const out: Unit[] = [];
  let run: number[] = [];
  let runKind: 'list' | 'text' | undefined;
  const flush = () => {
    if (!run.length) return;
    const u = unitOf(page, run);
    if (runKind === 'list') {
      u.type = 'list_item';
      u.marker = LIST_MARKER.exec(u.text)?.[0] ?? '';
    }
    out.push(u);
    run = [];
    runKind = undefined;
  };
  const gapPairs = new Map<number, [string, string]>();
  for (const li of unit.lines) {
    const pair = gapPairOf(page, li);
    if (pair) gapPairs.set(li, pair);
  }
  const kvLines = unit.lines.filter((li) => KEY_VALUE.test(page.lines[li].text) || gapPairs.has(li)).length;
  const kvShare = kvLines / unit.lines.length;
  for (const li of unit.lines) {
    const text = page.lines[li].text;
    // "1. Introduction" set larger than the body is a numbered heading, not a list item.
    const heading = NUMBERED_HEADING.test(text) && lineHeight(page.lines[li]) >= 1.15 * bodyHeight && text.split(/\s+/).length <= 12;
    if (heading && unit.lines.length > 1) {
      // A numbered heading set larger than the body, grouped with the paragraph under it, is its own unit.
      flush();
      out.push(unitOf(page, [li]));
      continue;
    }
    if (LIST_MARKER.test(text) && !isPageNumberText(text) && !heading) {
      flush();
      run.push(li);
      runKind = 'list';
      continue;
    }
    const kv = KEY_VALUE.exec(text);
    if (kv && kvShare >= 0.5 && !/[.!?]$/.test(text) && text.length <= 120) {
      flush();
      const [before, u] = splitKeyValueLine(page, li);
      if (before) out.push(before);
      u.type = 'key_value';
      const parsed = KEY_VALUE.exec(u.text) ?? kv;
      u.key = parsed[1].trim();
      u.value = parsed[2].trim();
      out.push(u);
      continue;
    }
    const pair = gapPairs.get(li);
    if (pair && kvShare >= 0.5 && (kvLines >= 2 || unit.lines.length === 1)) {
      // "Invoice date      13/11/2017": a label, a wide gap, a value.
      flush();
      const u = unitOf(page, [li]);
      u.type = 'key_value';
      [u.key, u.value] = pair;
      out.push(u);
      continue;
    }
    if (runKind === 'list') {
      // A wrapped list item continues indented under its text; anything else ends it.
      const first = page.lines[run[0]];
      if (page.lines[li].bbox[0] > first.bbox[0] + 0.002) {
        run.push(li);
        continue;
      }
      flush();
    }
    runKind = 'text';
    run.push(li);
  }
  flush();
  return out;
}

const isPageNumberText = (text: string) => PAGE_NUMBER.test(text.trim());

/**
 * A line made of a short label (letters, no digits, at most five words), one
 * wide gap (two line heights or more) and a short value with a digit in it: a
 * key-value pair without a colon. Returns `[label, value]`.
 */
function gapPairOf(page: DocumentPage, li: number): [string, string] | undefined {
  const line = page.lines[li];
  const words = line.wordIndexes.map((w) => page.words[w]);
  if (words.length < 2 || words.length > 14) return undefined;
  const W = page.width || 1;
  const H = page.height || 1;
  const wide = 2 * (line.bbox[3] - line.bbox[1]) * H;
  const gaps: number[] = [];
  for (let k = 1; k < words.length; k++) if ((words[k].bbox[0] - words[k - 1].bbox[2]) * W >= wide) gaps.push(k);
  if (gaps.length !== 1) return undefined;
  const label = words.slice(0, gaps[0]).map((w) => w.text).join(' ');
  const value = words.slice(gaps[0]).map((w) => w.text).join(' ');
  if (gaps[0] > 5 || /\d/.test(label) || !/\p{L}{2}/u.test(label) || /[.,;!?]$/.test(label) || words.length - gaps[0] > 8) return undefined;
  // Values of colon-less pairs carry a number (dates, amounts, ids); two text columns side by side do not pair.
  if (!/\d/.test(value)) return undefined;
  return [label.replace(/:$/, ''), value];
}

/**
 * A `label: value` line whose label is preceded by a wide gap (an address
 * column merged into the same text line) splits there: the words before the
 * gap are their own paragraph, the rest is the key-value pair.
 */
function splitKeyValueLine(page: DocumentPage, li: number): [Unit | undefined, Unit] {
  const line = page.lines[li];
  const whole = unitOf(page, [li]);
  const words = line.wordIndexes.map((w) => page.words[w]);
  const colon = words.findIndex((w) => w.text.includes(':'));
  if (colon <= 0) return [undefined, whole];
  const W = page.width || 1;
  const H = page.height || 1;
  const lineH = (line.bbox[3] - line.bbox[1]) * H;
  let cut = -1;
  for (let k = 1; k <= colon; k++) if ((words[k].bbox[0] - words[k - 1].bbox[2]) * W > 1.5 * lineH) cut = k;
  if (cut < 0) return [undefined, whole];
  const part = (ws: typeof words): Unit => ({
    lines: [li],
    bbox: enclosingBox(ws.map((w) => w.bbox)),
    text: ws.map((w) => w.text).join(' '),
    height: whole.height,
  });
  return [part(words.slice(0, cut)), part(words.slice(cut))];
}

function classify(units: Unit[], page: DocumentPage, repeated: ReadonlySet<string>, bodyHeight: number, isFirstPage: boolean): void {
  let titleDone = !isFirstPage;
  const tallest = Math.max(0, ...units.filter((u) => !u.type).map((u) => u.height));
  for (let i = 0; i < units.length; i++) {
    const u = units[i];
    if (u.type === 'table' || u.type === 'figure') continue;
    const text = u.text.trim();
    const lines = u.lines.length;
    const oneLine = lines === 1;
    const [, top, , bottom] = u.bbox;

    // Page furniture: repeated text in the bands, or short text at the very edge.
    const sig = signature(text.split('\n')[0] ?? '');
    const repeatedTop = bottom <= REPEAT_HEADER_BAND && repeated.has(`top|${sig}`);
    const repeatedBottom = top >= REPEAT_FOOTER_BAND && repeated.has(`bottom|${sig}`);
    const inTop = bottom <= HEADER_BAND && lines <= 2;
    const inBottom = top >= FOOTER_BAND && lines <= 3;
    if ((inTop || inBottom || repeatedTop || repeatedBottom) && oneLine && isPageNumberText(text)) {
      u.type = 'page_number';
      continue;
    }
    if (repeatedTop || (inTop && u.type !== 'key_value')) {
      u.type = 'page_header';
      continue;
    }
    if (repeatedBottom || (inBottom && u.type !== 'key_value')) {
      u.type = 'page_footer';
      continue;
    }
    if (u.type) continue; // list items and key-value lines were typed while splitting

    if (CAPTION.test(text) && lines <= 4) {
      u.type = 'caption';
      continue;
    }
    const words = text.split(/\s+/).length;
    const short = lines <= 2 && words <= 16 && !/[.;,]$/.test(text);
    const big = u.height >= 1.15 * bodyHeight;
    if (!titleDone && short && u.height >= 1.4 * bodyHeight && u.height >= tallest * 0.999 && top < 0.45) {
      u.type = 'title';
      titleDone = true;
      continue;
    }
    const letters = text.replace(/[^\p{L}]/gu, '');
    const allCaps = letters.length >= 3 && letters === letters.toUpperCase() && letters !== letters.toLowerCase();
    const followed = i + 1 < units.length;
    if (short && followed && /\p{L}/u.test(text) && (big || NUMBERED_HEADING.test(text) || (allCaps && words <= 8 && oneLine))) {
      u.type = 'section_header';
      continue;
    }
    u.type = 'paragraph';
  }
}

/**
 * Regions of every page, in reading order. Taking all pages lets running
 * headers and footers be recognised by repetition.
 *
 * @example
 * const regions = analyzeDocument(document.pages);
 * regions[0].filter((r) => r.type === 'table').map((r) => r.table!.rows);
 */
export function analyzeDocument(pages: readonly DocumentPage[], options: AnalyzeOptions = {}): LayoutRegion[][] {
  const repeated = pages.length >= 2 ? repeatedFurniture(pages) : new Set<string>();
  const first = Math.min(...pages.map((p) => p.pageNumber));
  return withHeadingLevels(pages.map((page) => analyzePage(page, repeated, page.pageNumber === first, options)));
}

function withHeadingLevels(pages: LayoutRegion[][]): LayoutRegion[][] {
  const levels = headingLevels(pages);
  return pages.map((regions, p) => regions.map((r, i) => (levels[p][i] === undefined ? r : { ...r, level: levels[p][i] })));
}

/** Regions of one page on its own (no cross-page repetition signal). */
export function analyzeRegions(page: DocumentPage, options: AnalyzeOptions & { firstPage?: boolean } = {}): LayoutRegion[] {
  return withHeadingLevels([analyzePage(page, new Set(), options.firstPage ?? page.pageNumber === 1, options)])[0];
}
