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

/** The kinds of date a label names. */
export type DateKind = 'issue' | 'generic' | 'due' | 'order' | 'delivery' | 'period' | 'other';
export const DATE_KINDS: readonly DateKind[] = ['issue', 'generic', 'due', 'order', 'delivery', 'period', 'other'];

/** Label words per kind, accents folded, lower case (en, de, fr, es, it, nl, pt); the first kind that matches wins. */
const KIND_WORDS: readonly [DateKind, string][] = [
  [
    'due',
    'due|pay by|payable by|payment due|fallig\\w*|zahlbar bis|echeance|date limite|a payer avant|vencimiento|vence|scadenza|vervaldatum|te betalen voor|vencimento',
  ],
  ['order', 'order(?:ed)?|po date|purchase order|bestell\\w*|auftrag\\w*|commande|pedido|ordine|orderdatum|besteldatum|encomenda'],
  [
    'delivery',
    'deliver\\w*|shipped|ship date|shipping date|dispatch\\w*|despatch\\w*|date of supply|supply date|liefer\\w*|leistungsdatum|versand\\w*|livraison|expedition|entrega|envio|consegna|spedizione|ddt|lever\\w*|verzend\\w*',
  ],
  [
    'other',
    'printed|generated|created|as of|statement|established|registered|valid|since|druck\\w*|erstellt|stand|gegrundet|eingetragen|gultig|edite|imprime|fonde\\w*|immatricul\\w*|valable\\w*|impreso|generado|fundad\\w*|inscrit\\w*|valid\\w*|stampat\\w*|generat\\w*|iscritt\\w*|listino|fondat\\w*|afgedrukt|aangemaakt|opgericht|ingeschreven|geldig|impresso|processado|registad\\w*|tabela',
  ],
  ['period', 'period\\w*|\\w*zeitraum|periode|periodo|from|desde'],
  [
    'issue',
    'invoice date|date of issue|issue date|issued|date issued|billing date|dated|of|rechnungsdatum|ausstellungsdatum|belegdatum|vom|date de facture|date de facturation|date d emission|emise le|du|fecha de factura|fecha de emision|fecha factura|del|data fattura|data della fattura|data di emissione|factuurdatum|van|data da fatura|data de emissao|data do documento|de',
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
export interface EvidenceLine {
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
  return above === undefined ? undefined : kindAbove(lines[above], lines[i], at);
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
): Record<string, boolean> {
  if (locale === undefined || !occurrences.some((o) => ambiguousAt(o.text, o.at))) return {};
  return { reading_fits_locale: readMonthFirst === locale, reading_against_locale: readMonthFirst !== locale };
}
