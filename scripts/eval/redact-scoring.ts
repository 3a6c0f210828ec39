/**
 * The redaction eval's scoring: gold labels mapped to our types, span
 * matching (a gold span is found when predictions cover half of it), per-type
 * and overall precision, recall and F1 on the synthetic set, the samples with
 * names no list holds, and Presidio's spans read from its demo output.
 *
 * @module
 */
import type { PiiSpan } from '../../functions/engines/redact/detect.ts';
import { seeded } from '../lib/random.ts';

/** Gold label → our type (the PII types both sides have). */
export const GOLD_TO_OURS: Record<string, string> = {
  PERSON: 'PERSON',
  STREET_ADDRESS: 'STREET_ADDRESS',
  CREDIT_CARD: 'CREDIT_CARD',
  PHONE_NUMBER: 'PHONE_NUMBER',
  EMAIL_ADDRESS: 'EMAIL_ADDRESS',
  IBAN_CODE: 'IBAN_CODE',
  US_SSN: 'US_SSN',
  IP_ADDRESS: 'IP_ADDRESS',
  US_DRIVER_LICENSE: 'DRIVER_LICENSE',
};
/** Which gold labels make a prediction of our type right (a zip code inside an address, a birth date labelled as a date). */
const RIGHT_WHEN_GOLD: Record<string, readonly string[]> = {
  ...Object.fromEntries(Object.entries(GOLD_TO_OURS).map(([gold, ours]) => [ours, [gold]])),
  STREET_ADDRESS: ['STREET_ADDRESS', 'ZIP_CODE'],
  DATE_OF_BIRTH: ['DATE_TIME'],
};
/** Gold labels that are PII we mask (found or not, they must not be readable). */
export const PII_GOLD = new Set([...Object.keys(GOLD_TO_OURS), 'ZIP_CODE']);

/** Presidio recognizer name → our type. */
export const VECTOR_MAP: Record<string, string> = {
  credit_card: 'CREDIT_CARD',
  us_ssn: 'US_SSN',
  iban: 'IBAN_CODE',
  phone: 'PHONE_NUMBER',
  email: 'EMAIL_ADDRESS',
  ip: 'IP_ADDRESS',
  aba_routing: 'ABA_ROUTING_NUMBER',
  us_passport: 'PASSPORT_NUMBER',
  us_driver_license: 'DRIVER_LICENSE',
  uk_nhs: 'UK_NHS',
  us_itin: 'TAX_ID',
  us_bank: 'US_BANK_NUMBER',
};
/** Presidio's entity names (demo output) → ours. */
export const PRESIDIO_TO_OURS: Record<string, string> = {
  PERSON: 'PERSON',
  CREDIT_CARD: 'CREDIT_CARD',
  EMAIL_ADDRESS: 'EMAIL_ADDRESS',
  IP_ADDRESS: 'IP_ADDRESS',
  US_PASSPORT: 'PASSPORT_NUMBER',
  PHONE_NUMBER: 'PHONE_NUMBER',
  IBAN_CODE: 'IBAN_CODE',
  US_BANK_NUMBER: 'US_BANK_NUMBER',
  US_SSN: 'US_SSN',
  US_DRIVER_LICENSE: 'DRIVER_LICENSE',
};

export interface Sample {
  full_text: string;
  spans: { entity_type: string; entity_value: string; start_position: number; end_position: number }[];
}
interface Span {
  start: number;
  end: number;
}
interface Counts {
  tp: number;
  fn: number;
  correct: number;
  fp: number;
}

const overlap = (a: Span, b: Span) => Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));
export const covered = (span: Span, by: readonly Span[]) => by.reduce((sum, b) => sum + overlap(span, b), 0) >= (span.end - span.start) / 2;
export const round = (v: number | null, places = 3) => (v === null ? null : Math.round(v * 10 ** places) / 10 ** places);

function scores(c: Counts) {
  const precision = c.correct + c.fp ? c.correct / (c.correct + c.fp) : null;
  const recall = c.tp + c.fn ? c.tp / (c.tp + c.fn) : null;
  const f = (beta: number) =>
    precision === null || recall === null || precision + recall === 0
      ? null
      : ((1 + beta * beta) * precision * recall) / (beta * beta * precision + recall);
  return { ...c, precision: round(precision), recall: round(recall), f1: round(f(1)), f2: round(f(2)) };
}

/** Scores one set of sentences under the strict rule. */
export function scoreSynthetic(samples: readonly Sample[], predictions: readonly (readonly PiiSpan[])[]) {
  const perType = new Map<string, Counts>();
  const counts = (t: string) => perType.get(t) ?? (perType.set(t, { tp: 0, fn: 0, correct: 0, fp: 0 }), perType.get(t)!);
  const unmapped: Record<string, number> = {};
  const fpOnNonPii: Record<string, number> = {};
  let agnosticFound = 0;
  let agnosticTotal = 0;
  let ordinaryWords = 0;
  let ordinaryKept = 0;
  let rightlyMaskedWords = 0;
  let formerWords = 0;
  let formerKept = 0;
  samples.forEach((sample, i) => {
    const predicted = predictions[i];
    const gold = sample.spans.map((s) => ({ type: s.entity_type, start: s.start_position, end: s.end_position }));
    const piiGold = gold.filter((g) => PII_GOLD.has(g.type));
    for (const g of gold.filter((g) => GOLD_TO_OURS[g.type])) {
      agnosticTotal++;
      if (covered(g, predicted)) agnosticFound++;
      const ours = GOLD_TO_OURS[g.type];
      if (
        covered(
          g,
          predicted.filter((p) => p.type === ours),
        )
      )
        counts(ours).tp++;
      else counts(ours).fn++;
    }
    // Gold spans outside PII_GOLD that a prediction counted correct stands for (a date of birth labelled DATE_TIME): rightly masked.
    const rightlyMasked: Span[] = [];
    for (const p of predicted) {
      const rightWhen = RIGHT_WHEN_GOLD[p.type] ?? [];
      if (rightWhen.length === 0) unmapped[p.type] = (unmapped[p.type] ?? 0) + 1;
      const standsFor = gold.filter((g) => rightWhen.includes(g.type));
      if (covered(p, standsFor)) {
        counts(p.type).correct++;
        rightlyMasked.push(...standsFor.filter((g) => !PII_GOLD.has(g.type) && overlap(p, g) > 0));
      } else {
        counts(p.type).fp++;
        const nonPii = gold.find((g) => !PII_GOLD.has(g.type) && overlap(p, g) > 0);
        if (nonPii) fpOnNonPii[nonPii.type] = (fpOnNonPii[nonPii.type] ?? 0) + 1;
      }
    }
    for (const m of sample.full_text.matchAll(/[\p{L}\p{N}]+/gu)) {
      const word = { start: m.index!, end: m.index! + m[0].length };
      if (piiGold.some((g) => overlap(word, g) > 0)) continue;
      const kept = !predicted.some((p) => overlap(word, p) > 0);
      // The same words under the earlier rule, which scored the prediction right yet its words as wrongly masked (reported beside, labelled).
      formerWords++;
      if (kept) formerKept++;
      if (rightlyMasked.some((g) => overlap(word, g) > 0)) {
        rightlyMaskedWords++;
        continue;
      }
      ordinaryWords++;
      if (kept) ordinaryKept++;
    }
  });
  const total: Counts = { tp: 0, fn: 0, correct: 0, fp: 0 };
  for (const c of perType.values()) {
    total.tp += c.tp;
    total.fn += c.fn;
    total.correct += c.correct;
    total.fp += c.fp;
  }
  return {
    sentences: samples.length,
    overall: scores(total),
    type_agnostic_recall: round(agnosticFound / Math.max(1, agnosticTotal)),
    ordinary_words_kept: round(ordinaryKept / Math.max(1, ordinaryWords), 4),
    ordinary_words: ordinaryWords,
    words_of_rightly_masked_non_pii_gold_spans: rightlyMaskedWords,
    ordinary_words_kept_former_rule: round(formerKept / Math.max(1, formerWords), 4),
    per_type: Object.fromEntries([...perType].sort((a, b) => b[1].tp + b[1].fn - (a[1].tp + a[1].fn)).map(([t, c]) => [t, scores(c)])),
    false_positives_of_unmapped_types: unmapped,
    false_positives_over_non_pii_gold: fpOnNonPii,
  };
}

/**
 * The same sentences with every gold PERSON value replaced by a name no list
 * holds: syllables of this script's own (not the trainer's), so neither
 * faker's lists nor the presidio generator's can have them. The synthetic
 * set's names come from Faker-style lists that faker-js shares, so its
 * PERSON recall is optimistic; this slice is the pessimistic side (names
 * found from context alone). Case is kept: a lower-case name stays lower case.
 */
export function withUnlistedNames(samples: readonly Sample[], seed: number): Sample[] {
  const random = seeded(seed);
  const onsets = ['qu', 'vr', 'zd', 'kv', 'pl', 'tr', 'bj', 'gw', 'sn', 'x', 'z', 'v', 'k', 'l', 'm', 'n', 'r', 't', 'h', 'p'];
  const vowels = ['a', 'e', 'i', 'o', 'u', 'ey', 'oa', 'ui'];
  const codas = ['', '', '', 'n', 'sk', 'lt', 'x', 'r', 'z'];
  const word = () => {
    let w = '';
    for (let i = 0; i < 2 + (random() < 0.25 ? 1 : 0); i++)
      w += onsets[Math.floor(random() * onsets.length)] + vowels[Math.floor(random() * vowels.length)] + codas[Math.floor(random() * codas.length)];
    return w.charAt(0).toUpperCase() + w.slice(1);
  };
  return samples.map((sample) => {
    let text = '';
    let cursor = 0;
    const replaced = new Map<string, string>();
    const spans: Sample['spans'] = [];
    let shift = 0;
    for (const span of [...sample.spans].sort((a, b) => a.start_position - b.start_position)) {
      const start = span.start_position + shift;
      let value = span.entity_value;
      if (span.entity_type === 'PERSON') {
        // The same name gets the same replacement (other mentions stay other mentions).
        value =
          replaced.get(span.entity_value) ??
          span.entity_value.replace(/\p{L}[\p{L}\p{M}'’-]*/gu, (w) => (w.length <= 2 ? w : /^\p{Ll}/u.test(w) ? word().toLowerCase() : word()));
        replaced.set(span.entity_value, value);
      }
      text += sample.full_text.slice(cursor, span.start_position) + value;
      cursor = span.end_position;
      shift += value.length - (span.end_position - span.start_position);
      spans.push({ ...span, entity_value: value, start_position: start, end_position: start + value.length });
    }
    text += sample.full_text.slice(cursor);
    return { full_text: text, spans };
  });
}

/** Presidio's spans in its demo, recovered from the anonymised text (`<ENTITY>` placeholders). */
export function presidioSpans(original: string, anonymised: string): { type: string; start: number; end: number }[] {
  const spans: { type: string; start: number; end: number }[] = [];
  const parts = anonymised.split(/<([A-Z_]+)>/);
  let cursor = 0;
  // parts: literal, type, literal, type, …
  for (let i = 0; i + 2 < parts.length + 1; i += 2) {
    const literal = parts[i];
    if (original.slice(cursor, cursor + literal.length) !== literal) throw new Error(`demo texts do not align at ${cursor}`);
    cursor += literal.length;
    if (i + 1 >= parts.length) break;
    const next = parts[i + 2] ?? '';
    // The entity runs up to where the next literal text starts (its first few characters suffice).
    const probe = next.slice(0, Math.min(8, next.length));
    const end = probe ? original.indexOf(probe, cursor + 1) : original.length;
    spans.push({ type: parts[i + 1], start: cursor, end });
    cursor = end;
  }
  return spans;
}
