/**
 * What a page says about one of its dates, for the invoice ranker's date candidates (invoice-candidates.ts): which
 * kind of date its label names (issue, due, order, delivery, a period, another event such as a print or registration
 * date) in each supported language, read from the words right before it, from a label to its left in the same row,
 * or from a label above it (a header box); whether it sits by the invoice's number; and which reading of a slashed
 * date the page's locale supports. Evidence for the model to weigh, never a rule that picks.
 *
 * @module
 */
import type { BBox } from '../document-model.ts';
import { datesIn } from './normalize.ts';

/** The kinds of date a label names. */
export type DateKind = 'issue' | 'generic' | 'due' | 'order' | 'delivery' | 'period' | 'other';
export const DATE_KINDS: readonly DateKind[] = ['issue', 'generic', 'due', 'order', 'delivery', 'period', 'other'];

/** Label words per kind, accents folded, lower case (en, de, fr, es, it, nl, pt); the first kind that matches wins. */
const KIND_WORDS: readonly [DateKind, string][] = [
  [
    'due',
    'due|pay by|payable by|payment due|please pay|pay the amount by|discount until|fallig\\w*|zahlbar bis|uberweisen|skonto\\w*|echeance|date limite|a payer avant|regler|escompte|vencimiento|vence|antes del|pagar\\w*|scadenza|entro il|vervaldatum|te betalen voor|betaaldatum|uiterste|vencimento|data limite',
  ],
  ['order', 'order(?:ed)?|po date|purchase order|bestell\\w*|auftrag\\w*|commande|pedido|ordine|orderdatum|besteldatum|encomenda'],
  [
    'delivery',
    'deliver\\w*|shipped|ship date|shipping date|dispatch\\w*|despatch\\w*|date of supply|supply date|liefer\\w*|leistungsdatum|versand\\w*|livraison|expedition|entrega|envio|consegna|spedizione|ddt|lever\\w*|verzend\\w*|rendered|erbracht|realise\\w*|prestad\\w*|reso|geleverd|verleend',
  ],
  [
    'other',
    'printed|generated|created|as of|statement|established|registered|valid|since|druck\\w*|erstellt|stand|gegrundet|eingetragen|gultig|edite|imprime|fonde\\w*|immatricul\\w*|valable\\w*|impreso|generado|fundad\\w*|inscrit\\w*|valid\\w*|stampat\\w*|generat\\w*|iscritt\\w*|listino|fondat\\w*|afgedrukt|aangemaakt|opgericht|ingeschreven|geldig|impresso|processado|registad\\w*|tabela',
  ],
  ['period', 'period\\w*|\\w*zeitraum|periode|periodo|from|desde'],
  [
    'issue',
    'invoice date|date of issue|issue date|issued|date issued|billing date|dated|of|rechnungsdatum|ausstellungsdatum|belegdatum|vom|von|date de facture|date de facturation|date d emission|emise le|du|fecha de factura|fecha de emision|fecha factura|del|data fattura|data della fattura|data di emissione|factuurdatum|van|data da fatura|data de emissao|data do documento|de',
  ],
  ['generic', 'date|datum|fecha|data|le'],
];
const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
const KIND_RES = KIND_WORDS.map(([kind, words]) => [kind, new RegExp(`(?:^|\\s)(?:${words})(?:\\s|$)`, 'u')] as const);
/** The second date of a range ("01.10.2026 - 31.10.2026", "1 March to 31 March"). */
const RANGE_JOIN = /^(?:-|–|to|until|till|bis|au|a|al|tot|hasta|ate)$/u;

/** The kind named by a label's words (the first kind that matches). */
function kindOfWords(folded: string): DateKind | undefined {
  for (const [kind, re] of KIND_RES) if (re.test(folded)) return kind;
  return undefined;
}

/**
 * The kind a label names, from the text right before a date on its line: the words after the line's last number
 * ("PO date:", "Lieferdatum", "Invoice No. 4711 of"); the second date of a range is a period's.
 *
 * @example
 * kindBefore('Order date: '); // 'order'
 * kindBefore('Rechnung Nr. 4711 vom '); // 'issue'
 */
export function kindBefore(text: string): DateKind | undefined {
  const tail = text.slice(-48);
  const segment = (tail.split(/\d+(?:[.,/-]\d+)*/u).pop() ?? '').trim();
  if (RANGE_JOIN.test(segment.toLowerCase()) && /\d/.test(tail)) return 'period';
  const folded = fold(segment);
  return folded ? kindOfWords(folded) : undefined;
}

/**
 * The kind a label line names over a value (a header box: a row of labels over a row of values): the label words
 * that start at the value's left edge, found in proportion to the lines' widths.
 */
export function kindAbove(label: EvidenceLine, valueLine: EvidenceLine, at: number): DateKind | undefined {
  const width = (b: BBox) => Math.max(1e-6, b[2] - b[0]);
  const x = valueLine.bbox[0] + (at / Math.max(1, valueLine.text.length)) * width(valueLine.bbox);
  let k = Math.round(((x - label.bbox[0]) / width(label.bbox)) * label.text.length);
  k = Math.max(0, Math.min(label.text.length, k));
  while (k > 0 && label.text[k - 1] !== ' ') k--;
  const folded = fold(label.text.slice(k, k + 20));
  return !folded || /\d{3,}/.test(folded) ? undefined : kindOfWords(folded);
}

/** One text line as the date evidence sees it. */
export interface EvidenceLine extends GridLine {
  readonly text: string;
  readonly bbox: BBox;
  readonly pageIndex: number;
}

const lineHeight = (b: BBox) => b[3] - b[1];

/** The nearest line above line i whose span overlaps it, within two line heights on the same page (a header box's label). */
export function lineAbove(lines: readonly EvidenceLine[], i: number): number | undefined {
  const l = lines[i];
  let best: number | undefined;
  for (let j = Math.max(0, i - 12); j < i; j++) {
    const m = lines[j];
    if (m.pageIndex !== l.pageIndex || m.bbox[3] > l.bbox[1] + 0.25 * lineHeight(l.bbox)) continue;
    if (l.bbox[1] - m.bbox[3] > 2 * lineHeight(l.bbox)) continue;
    if (Math.min(m.bbox[2], l.bbox[2]) - Math.max(m.bbox[0], l.bbox[0]) <= 0) continue;
    if (best === undefined || m.bbox[3] > lines[best].bbox[3]) best = j;
  }
  return best;
}

/** The kind of a date at `at` on line i: the words before it, else the label to its left in its row, else the label above. */
export function dateKind(lines: readonly EvidenceLine[], i: number, at: number, rowLeft: readonly number[]): DateKind | undefined {
  const before = lines[i].text.slice(0, at);
  const kind = kindBefore(before);
  // Words right before the date are its label; values before it (a row of values under a row of labels) are not.
  if (kind || /\p{L}{2,}[\s:#.]*$/u.test(before)) return kind;
  for (const j of rowLeft) {
    const kind = kindBefore(lines[j].text);
    if (kind) return kind;
  }
  const above = lineAbove(lines, i);
  if (above === undefined) return undefined;
  const cell = gridCell(lines[above], lines[i], at);
  return cell === undefined ? kindAbove(lines[above], lines[i], at) : kindOfWords(fold(cell));
}

/** What separates the cells of a grid row set as one text line: a bar, a slash between spaces, or a wide gap. */
const CELL_BREAK = /\s+[|¦]\s+|\s+\/\s+|\s{3,}|\t+/u;

/** A line as a grid row: its text and, where its words were measured, where a wide gap opens a new cell. */
export interface GridLine {
  readonly text: string;
  /** Offsets in the text of the words that follow a gap wider than a word space (a table's next cell). */
  readonly cellStarts?: readonly number[];
}

/**
 * The offsets of the words that follow a wide gap (over 0.6 line heights: a word space is about a quarter of one),
 * where a line's words carry their boxes; a grid's cells set as one text line ("Date   Invoice No.").
 *
 * @example
 * cellStartsOf([{ start: 0, bbox: [0.1, 0.2, 0.13, 0.21] }, { start: 5, bbox: [0.15, 0.2, 0.2, 0.21] }]); // [5]
 */
export function cellStartsOf(words: readonly { readonly start: number; readonly bbox: BBox }[] | undefined): number[] {
  if (!words || words.length < 2) return [];
  const out: number[] = [];
  for (let k = 1; k < words.length; k++) {
    const height = Math.max(lineHeight(words[k].bbox), lineHeight(words[k - 1].bbox));
    if (words[k].bbox[0] - words[k - 1].bbox[2] > 0.6 * height) out.push(words[k].start);
  }
  return out;
}

/** A grid row's cells: split at bars or spaced slashes, else at its wide gaps. */
function cellsOf(line: GridLine): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  const push = (start: number, end: number) => {
    const cell = line.text.slice(start, end);
    if (cell.trim()) out.push({ start: start + cell.length - cell.trimStart().length, end: start + cell.trimEnd().length });
  };
  let from = 0;
  for (const m of line.text.matchAll(new RegExp(CELL_BREAK.source, 'gu'))) {
    push(from, m.index!);
    from = m.index! + m[0].length;
  }
  push(from, line.text.length);
  if (out.length > 1 || !line.cellStarts?.length) return out;
  const starts = [0, ...line.cellStarts, line.text.length];
  out.length = 0;
  for (let k = 0; k + 1 < starts.length; k++) push(starts[k], starts[k + 1]);
  return out;
}

/**
 * The label over a value in a grid set as two text lines ("Date | Invoice No. | Customer No." over "03.03.2026 |
 * 4711 | K-10023", or cells apart by wide gaps): the label cell in the value's column, where both rows hold the same
 * number of cells (two or more). Columns are counted, not measured: the labels' and values' widths differ.
 */
export function gridCell(label: GridLine, value: GridLine, at: number): string | undefined {
  const span = gridCellSpan(label, value, at);
  return span && label.text.slice(span.start, span.end);
}

/** Where the label cell over a grid value stands in the label line's text ({@link gridCell}). */
export function gridCellSpan(label: GridLine, value: GridLine, at: number): { start: number; end: number } | undefined {
  const [labels, values] = [cellsOf(label), cellsOf(value)];
  if (labels.length < 2 || labels.length !== values.length) return undefined;
  const column = values.findIndex((c) => at < c.end);
  return column < 0 ? undefined : labels[column];
}

/** Whether a date is the heading of a letter: the only thing on its line after a town and a comma ("Hamburg, den 3. März 2026", "Paris, le 3 mars 2026"). */
export function townHeading(text: string, at: number): boolean {
  const date = datesIn(text.slice(at))[0];
  if (
    !date ||
    date.start !== 0 ||
    text
      .slice(at + date.end)
      .trim()
      .replace(/[.,]$/u, '') !== ''
  )
    return false;
  const m = /^\s*(\p{Lu}[\p{L}'’. -]{1,40})(?<!\s),\s*(?:(?:le|den|am|a|lì|li|the)\s+)?$/u.exec(text.slice(0, at));
  // A town, not a label ("Invoice date, 3 March 2026").
  return Boolean(m && !kindOfWords(fold(m[1])));
}

/** Whether line i stands by one of the lines holding the invoice's number: the same line or row, or within three lines under or over it and overlapping it. */
export function nearLines(lines: readonly EvidenceLine[], i: number, anchors: readonly number[]): boolean {
  const l = lines[i];
  return anchors.some((j) => {
    const a = lines[j];
    if (j === i) return true;
    if (a.pageIndex !== l.pageIndex) return false;
    const sameRow = Math.min(a.bbox[3], l.bbox[3]) - Math.max(a.bbox[1], l.bbox[1]) > 0.5 * Math.min(lineHeight(a.bbox), lineHeight(l.bbox));
    const close = Math.abs(a.bbox[1] - l.bbox[1]) < 4 * lineHeight(l.bbox);
    const overlaps = Math.min(a.bbox[2], l.bbox[2]) - Math.max(a.bbox[0], l.bbox[0]) > -0.05;
    return sameRow || (close && overlaps);
  });
}

/** A US address ("Springfield, IL 62704") or dollars: evidence that numeric dates are written month first. */
const US_LOCALE = /(?:,\s*[A-Z]{2}\s+\d{5}(?:-\d{4})?(?!\d))|\$/u;
/** A European currency, a dotted date, or a postcode before a town: evidence that numeric dates are written day first. */
const DAY_FIRST_LOCALE = /€|£|(?<![\p{L}])(?:EUR|GBP|CHF)(?![\p{L}])|(?<![\d.])\d{1,2}\.\d{1,2}\.\d{2,4}(?![\d.])|^\s*\d{4,5}\s+\p{Lu}\p{Ll}+/mu;

/** Which order the page's locale suggests for numeric dates: true month first, false day first, undefined no evidence or both. */
export function localeMonthFirst(text: string): boolean | undefined {
  const us = US_LOCALE.test(text);
  const dayFirst = DAY_FIRST_LOCALE.test(text);
  return us === dayFirst ? undefined : us;
}

/**
 * Which order the page's other numeric dates show: a slashed or dashed date with a part over 12 reads one way only
 * ("03/17/2026" is month first, "17/03/2026" day first). Undefined where none does or they disagree.
 */
export function datesMonthFirst(text: string): boolean | undefined {
  let monthFirst = false;
  let dayFirst = false;
  for (const m of text.matchAll(/(?<![\d.])(\d{1,2})([/-])(\d{1,2})\2(?:\d{4}|\d{2})(?!\d)/g)) {
    const [a, b] = [Number(m[1]), Number(m[3])];
    if (a > 12 && a <= 31 && b <= 12) dayFirst = true;
    if (b > 12 && b <= 31 && a <= 12) monthFirst = true;
  }
  return monthFirst === dayFirst ? undefined : monthFirst;
}

/** A numeric date whose day and month could swap ("03/11/2026"): both parts 12 or under, not dotted (dotted is day-first everywhere). */
export const ambiguousAt = (text: string, at: number) => /^(0?[1-9]|1[0-2])([/-])(0?[1-9]|1[0-2])\2\d{2,4}(?!\d)/.test(text.slice(at));

/**
 * Whether a slashed date's reading (month first or day first) is the one the page's locale suggests: nothing where
 * the date reads one way only or the page shows no locale.
 */
export function readingFeatures(
  occurrences: readonly { readonly text: string; readonly at: number }[],
  readMonthFirst: boolean,
  locale: boolean | undefined,
  pageDates?: boolean,
): Record<string, boolean> {
  if (!occurrences.some((o) => ambiguousAt(o.text, o.at))) return {};
  const out: Record<string, boolean> = {};
  if (locale !== undefined) Object.assign(out, { reading_fits_locale: readMonthFirst === locale, reading_against_locale: readMonthFirst !== locale });
  if (pageDates !== undefined)
    Object.assign(out, { reading_fits_dates: readMonthFirst === pageDates, reading_against_dates: readMonthFirst !== pageDates });
  return out;
}

/**
 * How far a date stands from the invoice's number: the vertical gap between their lines in the number line's heights
 * (0 on its line or row), the nearest of the date's occurrences to the nearest line holding the number, the same page
 * only; Infinity where the page shows no number. The reading order is not used: a letter's heading date stands right
 * of the column the subject line opens.
 */
export function numberDistance(lines: readonly EvidenceLine[], occurrenceLines: readonly number[], anchors: readonly number[]): number {
  let best = Infinity;
  for (const i of occurrenceLines)
    for (const j of anchors) {
      const [a, b] = [lines[i].bbox, lines[j].bbox];
      if (lines[i].pageIndex !== lines[j].pageIndex) continue;
      best = Math.min(best, Math.max(0, a[1] - b[3], b[1] - a[3]) / Math.max(1e-6, lineHeight(b)));
    }
  return best;
}
