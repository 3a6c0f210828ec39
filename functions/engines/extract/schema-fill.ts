/**
 * Fills a caller's schema from a document: each key is matched to the
 * document's labels (key-value pairs on lines: "Label: value", a label with
 * its value to the right on the same row, or below it), fuzzily (words,
 * word order, case, `snake_case`/`camelCase` and small misspellings don't
 * matter). Checkbox fields read the mark next to their label (☒ ☑ ✓ ✔ ✗
 * [x] (x) against ☐ [ ] ( )). Nested objects look inside the section whose
 * heading matches their key first; arrays of objects are read from tables
 * whose headers match the item's keys. PDF form fields (AcroForm) are read
 * first: their values are what was typed into the form, labelled by their
 * tooltip, the text to their left or above, and their field name.
 *
 * @module
 */
import type { ExtractShape } from '../../contracts/schemas/extract.ts';
import type { BBox, DocumentPage } from '../document-model.ts';
import { tablesOrNone } from '../layout/tables.ts';

interface Line {
  readonly index: number;
  readonly pageIndex: number;
  readonly text: string;
  readonly bbox: BBox;
}

interface Pair {
  readonly label: string;
  readonly value: string;
  /** The line the label is on (for sections); -1 when there is none. */
  readonly line: number;
  /** From a form field: the value is what the form holds, which beats text read next to a label. */
  readonly formField?: boolean;
}

export interface FilledSchema {
  readonly result: unknown;
  /** Dotted path → confidence of the value found there (paths without a match are absent). */
  readonly confidence: Record<string, number>;
}

const CHECKED = /[☒☑✓✔✗✘■●◉]|\[\s*[xX✓]\s*\]|\(\s*[xX]\s*\)/u;
const UNCHECKED = /[☐□○◯]|\[\s*\]|\(\s*\)/u;

/** The words of a key or label, lower-case: `invoiceDate`, `invoice_date`, "Invoice Date:" → ["invoice", "date"]. */
export function wordsOf(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length];
}

const wordsMatch = (a: string, b: string) => a === b || (a.length >= 4 && b.length >= 4 && (a.startsWith(b) || b.startsWith(a) || editDistance(a, b) <= 1));

/** 0–1: how well a label names a key (shared words, both ways). */
export function labelSimilarity(key: string, label: string): number {
  const k = wordsOf(key);
  const l = wordsOf(label);
  if (!k.length || !l.length) return 0;
  const kHit = k.filter((w) => l.some((x) => wordsMatch(w, x))).length / k.length;
  const lHit = l.filter((w) => k.some((x) => wordsMatch(w, x))).length / l.length;
  return (2 * kHit * lHit) / Math.max(1e-9, kHit + lHit);
}

function linesOf(pages: readonly DocumentPage[]): Line[] {
  const out: Line[] = [];
  pages.forEach((page, pageIndex) => {
    const source = page.lines.length ? page.lines.map((l) => ({ text: l.text, bbox: l.bbox })) : page.text.split('\n').map((text, i, all) => ({ text, bbox: [0, i / all.length, 1, (i + 1) / all.length] as BBox }));
    for (const l of source) out.push({ index: out.length, pageIndex, text: l.text, bbox: l.bbox });
  });
  return out;
}

/** Label/value pairs of the document, in reading order. */
function pairsOf(lines: readonly Line[]): Pair[] {
  const pairs: Pair[] = [];
  lines.forEach((line, i) => {
    const colon = /^([^:]{1,80}?)\s*[:：]\s*(.*)$/u.exec(line.text);
    if (colon) {
      let value = colon[2].trim();
      // A label alone on its line: its value is on the same row to the right, or on the next line.
      if (!value) {
        const right = lines.filter((l) => l.pageIndex === line.pageIndex && l.bbox[0] > line.bbox[2] && Math.min(l.bbox[3], line.bbox[3]) - Math.max(l.bbox[1], line.bbox[1]) > 0);
        value = right.map((l) => l.text).join(' ').trim() || (lines[i + 1] && !/[:：]\s*$/.test(lines[i + 1].text) ? lines[i + 1].text.trim() : '');
      }
      pairs.push({ label: colon[1].trim(), value, line: i });
    }
    // Check marks: "☒ Married", "Married [x]".
    const mark = /^(.*?)(☒|☑|✓|✔|✗|✘|☐|□|\[\s*[xX✓]?\s*\]|\(\s*[xX]?\s*\))\s*(.*)$/u.exec(line.text);
    if (mark) {
      const label = (mark[3] || mark[1]).trim();
      if (label) pairs.push({ label, value: mark[2], line: i });
    }
  });
  return pairs;
}

const overlap = (a0: number, a1: number, b0: number, b1: number) => Math.min(a1, b1) - Math.max(a0, b0);

/** The last part of a field name, in words: `form1[0].applicant.fullName[0]` → "full Name". */
function fieldNameLabel(name: string): string {
  const parts = name.replace(/\[\d+\]/g, '').split('.').filter(Boolean);
  return parts.at(-1) ?? name;
}

/**
 * Label/value pairs from the pages' form fields: one per way the field is
 * named (tooltip, the printed label to its left or just above, its name).
 */
function formPairsOf(pages: readonly DocumentPage[], lines: readonly Line[]): Pair[] {
  const pairs: Pair[] = [];
  pages.forEach((page, pageIndex) => {
    const onPage = lines.filter((l) => l.pageIndex === pageIndex);
    for (const field of page.formFields ?? []) {
      const value = typeof field.value === 'boolean' ? (field.value ? '☒' : '☐') : (field.value ?? '');
      const [left, top, right, bottom] = field.bbox;
      const height = Math.max(bottom - top, 0.005);
      // The printed label: the nearest line ending left of the field on its row, else the nearest line just above it.
      const beside = onPage
        .filter((l) => l.bbox[2] <= left + 0.01 && overlap(l.bbox[1], l.bbox[3], top, bottom) > 0.3 * Math.min(height, l.bbox[3] - l.bbox[1]))
        .sort((a, b) => b.bbox[2] - a.bbox[2])[0];
      const above = onPage
        .filter((l) => l.bbox[3] <= top + 0.2 * height && top - l.bbox[3] < 0.03 && overlap(l.bbox[0], l.bbox[2], left, right) > 0)
        .sort((a, b) => b.bbox[3] - a.bbox[3])[0];
      // Checkboxes are labelled on their right as often as on their left.
      const after = field.kind === 'checkbox' || field.kind === 'radio'
        ? onPage.filter((l) => l.bbox[0] >= right - 0.01 && l.bbox[0] - right < 0.05 && overlap(l.bbox[1], l.bbox[3], top, bottom) > 0).sort((a, b) => a.bbox[0] - b.bbox[0])[0]
        : undefined;
      const printed = after ?? beside ?? above;
      const line = printed?.index ?? -1;
      const labels = new Set([field.tooltip, printed?.text.replace(/[:：]\s*$/u, '').trim(), fieldNameLabel(field.name)]);
      for (const label of labels) if (label) pairs.push({ label, value, line, formField: true });
    }
  });
  return pairs;
}

interface Context {
  readonly lines: readonly Line[];
  readonly pairs: readonly Pair[];
  readonly pages: readonly DocumentPage[];
  readonly confidence: Record<string, number>;
}

/** The line range of the section whose heading matches a key (up to the next similar heading or 40 lines). */
function sectionOf(key: string, lines: readonly Line[]): [number, number] | undefined {
  let best: { index: number; score: number } | undefined;
  for (const line of lines) {
    if (line.text.length > 60 || /[:：]\s*\S/.test(line.text)) continue;
    const score = labelSimilarity(key, line.text);
    if (score >= 0.6 && (!best || score > best.score)) best = { index: line.index, score };
  }
  return best ? [best.index + 1, Math.min(lines.length, best.index + 41)] : undefined;
}

function bestPair(key: string, context: Context, range?: [number, number]): { pair: Pair; score: number } | undefined {
  let best: { pair: Pair; score: number } | undefined;
  for (const pair of context.pairs) {
    if (range && (pair.line < range[0] || pair.line >= range[1])) continue;
    // A form field's value beats text beside an equally good label (filled-in values are not in the text).
    const score = Math.min(1, labelSimilarity(key, pair.label) + (pair.formField ? 0.05 : 0));
    if (score >= 0.5 && (!best || score > best.score)) best = { pair, score };
  }
  return best;
}

function checkbox(key: string, context: Context, range?: [number, number]): boolean | undefined {
  const found = bestPair(key, context, range);
  if (!found) return undefined;
  const { value } = found.pair;
  const lineText = context.lines[found.pair.line]?.text ?? '';
  if (CHECKED.test(value) || /^(?:yes|ja|oui|sí|si|x)$/i.test(value.trim())) return true;
  if (UNCHECKED.test(value) || /^(?:no|nein|non)$/i.test(value.trim())) return false;
  if (CHECKED.test(lineText)) return true;
  if (UNCHECKED.test(lineText)) return false;
  return undefined;
}

function fillArray(key: string, item: ExtractShape, context: Context): unknown[] {
  if (!item || typeof item !== 'object' || Array.isArray(item)) {
    // A list of plain values: the lines of the section under the key's heading.
    const section = sectionOf(key, context.lines);
    return section ? context.lines.slice(section[0], Math.min(section[1], section[0] + 20)).map((l) => l.text.trim()).filter(Boolean) : [];
  }
  const keys = Object.keys(item);
  for (const page of context.pages) {
    for (const table of tablesOrNone(page)) {
      const headerRows = Math.max(1, table.headerRows);
      const columns = new Map<string, number>();
      for (const k of keys) {
        let bestColumn: { column: number; score: number } | undefined;
        for (const cell of table.cells.filter((c) => c.row < headerRows)) {
          const score = labelSimilarity(k, cell.text);
          if (score >= 0.5 && (!bestColumn || score > bestColumn.score)) bestColumn = { column: cell.column, score };
        }
        if (bestColumn) columns.set(k, bestColumn.column);
      }
      if (columns.size < Math.min(2, keys.length)) continue;
      const rows: unknown[] = [];
      for (let row = headerRows; row < table.rows; row++) {
        const cells = table.cells.filter((c) => c.row === row);
        if (!cells.some((c) => c.text.trim())) continue;
        rows.push(
          Object.fromEntries(
            keys.map((k) => {
              const column = columns.get(k);
              const text = column === undefined ? '' : cells.filter((c) => c.column === column).map((c) => c.text).join(' ').trim();
              const shape = (item as Record<string, ExtractShape>)[k];
              if (shape === false) return [k, CHECKED.test(text)];
              if (shape === 'unselected') return [k, CHECKED.test(text) ? 'selected' : 'unselected'];
              return [k, text || null];
            }),
          ),
        );
      }
      if (rows.length) return rows;
    }
  }
  return [];
}

function fill(shape: ExtractShape, key: string, path: string, context: Context, range?: [number, number]): unknown {
  if (shape === null) {
    const found = bestPair(key, context, range) ?? (range ? bestPair(key, context) : undefined);
    if (!found || !found.pair.value || CHECKED.test(found.pair.value) || UNCHECKED.test(found.pair.value)) return null;
    context.confidence[path] = Math.round(found.score * 100) / 100;
    return found.pair.value;
  }
  if (shape === false || shape === 'unselected') {
    const value = checkbox(key, context, range) ?? (range ? checkbox(key, context) : undefined);
    if (value !== undefined) context.confidence[path] = 0.8;
    if (shape === false) return value ?? false;
    return value ? 'selected' : 'unselected';
  }
  if (Array.isArray(shape)) return fillArray(key, shape[0] ?? null, context);
  const section = key ? sectionOf(key, context.lines) : undefined;
  return Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, fill(s, k, path ? `${path}.${k}` : k, context, section ?? range)]));
}

export function fillSchema(schema: Record<string, ExtractShape>, pages: readonly DocumentPage[]): FilledSchema {
  const lines = linesOf(pages);
  const context: Context = { lines, pairs: [...formPairsOf(pages, lines), ...pairsOf(lines)], pages, confidence: {} };
  const result = fill(schema, '', '', context);
  return { result, confidence: context.confidence };
}
