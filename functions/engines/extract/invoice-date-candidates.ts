/**
 * The invoice ranker's date candidates (see invoice-candidates.ts): every date on the document, read both ways where a
 * slashed date's day and month could swap, with what the page says about it (its label and the label's kind, its row,
 * where it stands, how near the invoice's number, the page's locale and other dates).
 *
 * @module
 */
import { amountsIn, datesIn } from './normalize.ts';
import {
  ambiguousAt,
  DATE_KINDS,
  dateKind,
  datesMonthFirst,
  localeMonthFirst,
  nearLines,
  numberDistance,
  readingFeatures,
  townHeading,
} from './invoice-date-evidence.ts';
import {
  BARE_TITLE,
  INVOICE_FEATURES,
  ownLabel,
  Pool,
  rowLabels,
  rowMates,
  ruleEvidence,
  TITLE_WORD,
  vector,
  type InvoiceCandidate,
  type InvoiceLine,
  type InvoiceRankInput,
  type Occurrence,
} from './invoice-candidate-parts.ts';

/** Words of a service or delivery period or of another event than the invoice's issue. */
const PERIOD_WORDS = (
  'period zeitraum leistungs\\w* lieferdatum delivery livraison shipped order\\s+date bestelldatum from bis until to du au vom valid gültig paid ' +
  'bezahlt payé since seit'
).split(' ');
const PERIOD = new RegExp(String.raw`(?<![\p{L}])(?:${PERIOD_WORDS.join('|')})(?![\p{L}])`, 'iu');

/** Lines a value was read off (not the rules' normalised values). */
const linesOf = (occurrences: readonly Occurrence[]) => occurrences.filter((o) => o.at >= 0).map((o) => o.line);

/** Every date on the page; a slashed date whose day and month could swap is read both ways (the locale's evidence is a feature). */
function datePool(input: InvoiceRankInput): { pool: Pool; otherReadings: Set<string> } {
  const { lines } = input;
  const pool = new Pool();
  const otherReadings = new Set<string>();
  lines.forEach((l, i) => {
    for (const d of datesIn(l.text, { monthFirst: input.monthFirst })) pool.add(d.value, { line: i, at: d.start }, d.value);
    for (const d of datesIn(l.text, { monthFirst: !input.monthFirst }))
      if (ambiguousAt(l.text, d.start) && !pool.entries.has(d.value)) {
        otherReadings.add(d.value);
        pool.add(d.value, { line: i, at: d.start }, d.value);
      }
  });
  return { pool, otherReadings };
}

/** Invoice dates: every date on the document, with the label it belongs to. */
export function dateCandidates(input: InvoiceRankInput): InvoiceCandidate[] {
  const { lines } = input;
  const { pool, otherReadings } = datePool(input);
  const pageText = lines.map((l) => l.text).join('\n');
  const [locale, pageDates] = [localeMonthFirst(pageText), datesMonthFirst(pageText)];
  const numberLines = numberAnchors(input);
  for (const r of input.rules)
    if (r.field === 'invoice_date' || r.field === 'due_date') pool.add(r.value, r.order >= 0 ? { line: r.order, at: -1 } : undefined, r.value);
  const sorted = [...pool.entries.keys()].sort();
  const ruleDue = input.rulePick.due_date;
  const firstDateLine = Math.min(...[...pool.entries.values()].flatMap((e) => e.occurrences.filter((x) => x.at >= 0).map((x) => x.line)));
  const distances = new Map([...pool.entries].map(([v, e]) => [v, numberDistance(lines, linesOf(e.occurrences), numberLines)]));
  // Which place each date takes from the invoice's number, nearest first (dates as far as each other share a place).
  const nearness = [...new Set([...distances.values()].filter(Number.isFinite))].sort((a, b) => a - b);
  const out: InvoiceCandidate[] = [];
  for (const [value, { occurrences }] of pool.entries) {
    const seen = occurrences.filter((o) => o.at >= 0);
    const labels = seen.map((o) => ownLabel(lines, o.line, o.at));
    const own = labels.map((h) => h?.label.field);
    const generic = labels.some((h) => h?.label.field === 'invoice_date' && /^(?:date|datum|fecha|data)$/u.test(h.text));
    const first = seen.length ? lines[seen[0].line] : undefined;
    const rule = ruleEvidence(input, 'invoice_date', value, (a, b2) => a === b2);
    const rows = seen.map((o) => rowLabels(lines, o.line));
    const values = {
      bias: 1,
      rule_pick: rule.pick,
      rule_score: rule.score,
      own_invoice_date: own.includes('invoice_date') && !generic,
      own_generic_date: generic,
      own_due: own.includes('due_date'),
      own_other: own.some((f) => f !== undefined && f !== 'invoice_date' && f !== 'due_date'),
      row_invoice_date: rows.some((r) => r.has('invoice_date')),
      row_due: rows.some((r) => r.has('due_date')),
      y: first ? first.bbox[1] : 1,
      first_page: Boolean(first && first.pageIndex === 0),
      first_date: seen.some((o) => o.line === firstDateLine),
      repeats: Math.min(4, seen.length) / 4,
      earliest: value === sorted[0],
      latest: value === sorted[sorted.length - 1] && sorted.length > 1,
      rank_from_earliest: Math.min(4, sorted.indexOf(value)) / 4,
      is_rule_due: ruleDue === value,
      title_line: seen.some((o) => TITLE_WORD.test(lines[o.line].text)),
      period_line: seen.length > 0 && seen.every((o) => PERIOD.test(lines[o.line].text)),
      dates_on_line: first ? Math.min(3, datesIn(first.text).length) / 3 : 0,
      top_half: seen.some((o) => lines[o.line].pageIndex === 0 && lines[o.line].bbox[1] < 0.5),
      ...dateKindFeatures(lines, seen),
      near_number: seen.some((o) => nearLines(lines, o.line, numberLines)),
      in_footer: seen.length > 0 && seen.every((o) => lines[o.line].bbox[1] > 0.82),
      in_letterhead: seen.length > 0 && seen.every((o) => lines[o.line].bbox[1] < 0.06),
      amount_on_line: seen.some((o) => amountsIn(lines[o.line].text).some((a) => /[.,]\d{2}(?!\d)/.test(a.raw) && !datesIn(a.raw).length)),
      other_reading: otherReadings.has(value),
      ...readingFeatures(
        seen.map((o) => ({ text: lines[o.line].text, at: o.at })),
        otherReadings.has(value) ? !input.monthFirst : input.monthFirst,
        locale,
        pageDates,
      ),
      town_heading: seen.some((o) => townHeading(lines[o.line].text, o.at)),
      nearest_number: nearness.indexOf(distances.get(value)!) === 0,
      number_rank: Number.isFinite(distances.get(value)!) ? Math.min(3, nearness.indexOf(distances.get(value)!)) / 3 : 1,
    };
    out.push({ field: 'invoice_date', value, lines: seen.length ? [seen[0].line] : [], features: vector(INVOICE_FEATURES.invoice_date, values) });
  }
  return out;
}

/** Which kinds of date the labels of a value's occurrences name (kind_none: no label names one). */
function dateKindFeatures(lines: readonly InvoiceLine[], seen: readonly Occurrence[]): Record<string, boolean> {
  const kinds = seen.map((o) =>
    dateKind(
      lines,
      o.line,
      o.at,
      rowMates(lines, o.line)
        .filter((j) => lines[j].bbox[2] <= lines[o.line].bbox[0] + 0.01)
        .sort((a, b) => lines[b].bbox[2] - lines[a].bbox[2]),
    ),
  );
  const out: Record<string, boolean> = { kind_none: kinds.every((k) => k === undefined) };
  for (const kind of DATE_KINDS) out[`kind_${kind}`] = kinds.includes(kind);
  return out;
}

/** Lines that hold the invoice's number as the rules or a number label see it (where the number block is). */
function numberAnchors(input: InvoiceRankInput): number[] {
  const out = new Set<number>();
  for (const r of input.rules) if (r.field === 'invoice_number' && r.order >= 0 && r.value === input.rulePick.invoice_number) out.add(r.order);
  input.lines.forEach((l, i) => {
    if (l.labels.some((h) => h.field === 'invoice_number' && !BARE_TITLE.test(l.text.slice(h.start, h.end).toLowerCase()))) out.add(i);
  });
  return [...out];
}
