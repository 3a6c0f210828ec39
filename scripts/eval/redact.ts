/**
 * `npm run eval -- redact`: PII detection accuracy on the labelled texts of
 * the corpus, and the leak check on a corpus document.
 *
 * - presidio-research synthetic sentences: span-level precision, recall, F1
 *   and F2 per type and overall (a gold span is found when predictions of the
 *   same type cover at least half of it; a prediction is right when gold
 *   spans of its type cover at least half of it), plus type-agnostic recall (was the PII masked at all, whatever
 *   label it got), which is what redaction needs. Gold types we do not
 *   detect (organizations, places, titles, ages, nationalities, generic
 *   dates, bare zip codes, domain names) are listed and left out.
 * - Presidio's recognizer test vectors: per recognizer, the share of cases
 *   where the number of spans found equals the expected number (0 for the
 *   must-not-detect cases).
 *
 * @module
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { detectPii, type DetectionConfig } from '../../functions/engines/redact/detect.ts';
import { decodePageImage, paintMaskedPage } from '../../functions/engines/redact/mask.ts';
import { planRedaction } from '../../functions/engines/redact/redact.ts';
import { openDocument } from '../../functions/engines/registry.ts';
import { machineInfo } from '../lib/machine.ts';

const BUILT_INS: DetectionConfig = { mode: 'extend', types: [] };

/** Gold label → our type. */
const TYPE_MAP: Record<string, string> = {
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

/** Presidio recognizer name → our type. */
const VECTOR_MAP: Record<string, string> = {
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

interface Counts {
  /** Gold spans found. */
  tp: number;
  /** Gold spans missed. */
  fn: number;
  /** Predictions that are right. */
  correct: number;
  /** Predictions that are wrong. */
  fp: number;
}

const overlap = (a: { start: number; end: number }, b: { start: number; end: number }) => Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));

function scores(c: Counts) {
  const precision = c.correct + c.fp ? c.correct / (c.correct + c.fp) : null;
  const recall = c.tp + c.fn ? c.tp / (c.tp + c.fn) : null;
  const f = (beta: number) =>
    precision === null || recall === null || precision + recall === 0 ? null : ((1 + beta * beta) * precision * recall) / (beta * beta * precision + recall);
  const r = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 1000);
  return { ...c, precision: r(precision), recall: r(recall), f1: r(f(1)), f2: r(f(2)) };
}

export async function runRedactEval(options: { corpus: string; log: (line: string) => void }): Promise<Record<string, unknown>> {
  const { corpus, log } = options;
  const started = Date.now();
  const synth = JSON.parse(await readFile(join(corpus, 'pii/presidio-research/synth_dataset_v2.json'), 'utf8')) as {
    full_text: string;
    spans: { entity_type: string; start_position: number; end_position: number }[];
  }[];
  const perType = new Map<string, Counts>();
  const counts = (t: string) => perType.get(t) ?? (perType.set(t, { tp: 0, fn: 0, correct: 0, fp: 0 }), perType.get(t)!);
  const excluded = new Map<string, number>();
  let agnosticFound = 0;
  let agnosticTotal = 0;
  let detectMs = 0;
  for (const sample of synth) {
    const t0 = performance.now();
    const predicted = detectPii(sample.full_text, BUILT_INS);
    detectMs += performance.now() - t0;
    const gold = sample.spans
      .filter((s) => {
        if (TYPE_MAP[s.entity_type]) return true;
        excluded.set(s.entity_type, (excluded.get(s.entity_type) ?? 0) + 1);
        return false;
      })
      .map((s) => ({ type: TYPE_MAP[s.entity_type], start: s.start_position, end: s.end_position }));
    const excludedGold = sample.spans.filter((s) => !TYPE_MAP[s.entity_type]).map((s) => ({ start: s.start_position, end: s.end_position }));
    // Overlap-based, per type: a gold span is found when predictions of its type
    // cover at least half of it; a prediction is right when gold spans of its
    // type cover at least half of it. Redaction masks characters, so where the
    // annotators cut an address into pieces does not matter.
    const covered = (span: { start: number; end: number }, by: readonly { start: number; end: number }[]) =>
      by.reduce((sum, b) => sum + overlap(span, b), 0) >= (span.end - span.start) / 2;
    for (const g of gold) {
      agnosticTotal++;
      if (covered(g, predicted)) agnosticFound++;
      if (covered(g, predicted.filter((p) => p.type === g.type))) counts(g.type).tp++;
      else counts(g.type).fn++;
    }
    for (const p of predicted) {
      // Only types the gold set labels can be judged; a hit on an excluded gold span (an organization) is not counted either way.
      if (!Object.values(TYPE_MAP).includes(p.type)) continue;
      if (excludedGold.some((g) => overlap(p, g) > 0)) continue;
      if (covered(p, gold.filter((g) => g.type === p.type))) counts(p.type).correct++;
      else counts(p.type).fp++;
    }
  }
  const total: Counts = { tp: 0, fn: 0, correct: 0, fp: 0 };
  for (const c of perType.values()) {
    total.tp += c.tp;
    total.fn += c.fn;
    total.correct += c.correct;
    total.fp += c.fp;
  }
  const synthResult = {
    sentences: synth.length,
    overall: scores(total),
    type_agnostic_recall: Math.round((agnosticFound / Math.max(1, agnosticTotal)) * 1000) / 1000,
    per_type: Object.fromEntries([...perType].sort((a, b) => b[1].tp + b[1].fn - (a[1].tp + a[1].fn)).map(([t, c]) => [t, scores(c)])),
    excluded_gold_types: Object.fromEntries(excluded),
    detect_ms_per_sentence: Math.round((detectMs / synth.length) * 100) / 100,
  };
  log(`presidio-research synthetic set (${synth.length} sentences): overall ${JSON.stringify(synthResult.overall)}`);
  log(`  type-agnostic recall ${synthResult.type_agnostic_recall}`);
  for (const [t, s] of Object.entries(synthResult.per_type)) log(`  ${t.padEnd(16)} P ${s.precision} R ${s.recall} F1 ${s.f1} F2 ${s.f2} (tp ${s.tp} fp ${s.fp} fn ${s.fn})`);

  // Recognizer test vectors
  const vectors = (await readFile(join(corpus, 'pii/presidio/recognizer_test_vectors.jsonl'), 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { recognizer: string; text: string; expected_count: number });
  const perRecognizer = new Map<string, { cases: number; exact: number; must_not: number; false_alarms: number }>();
  for (const v of vectors) {
    const type = VECTOR_MAP[v.recognizer];
    if (!type) continue;
    const found = detectPii(v.text, BUILT_INS).filter((s) => s.type === type).length;
    const r = perRecognizer.get(v.recognizer) ?? { cases: 0, exact: 0, must_not: 0, false_alarms: 0 };
    r.cases++;
    if (found === v.expected_count) r.exact++;
    if (v.expected_count === 0) {
      r.must_not++;
      if (found > 0) r.false_alarms++;
    }
    perRecognizer.set(v.recognizer, r);
  }
  log('presidio recognizer vectors (found count = expected count):');
  for (const [name, r] of perRecognizer) log(`  ${name.padEnd(18)} ${r.exact}/${r.cases}; must-not-detect cases flagged: ${r.false_alarms}/${r.must_not}`);

  // Leak check: redact corpus documents, OCR the masked pages, look for every masked value.
  const leakFiles = ['pii/presidio/pdf/sample.pdf', 'pii/presidio/images/ocr_test.png', 'pii/presidio/images/ocr_bounding_box.png'];
  const leaks: Record<string, unknown>[] = [];
  for (const file of leakFiles) {
    const bytes = new Uint8Array(await readFile(join(corpus, file)));
    const t0 = performance.now();
    const document = await openDocument(bytes, { filename: file });
    try {
      const parsed = await document.extract();
      const plan = planRedaction(parsed.pages, { mode: 'redact', config: BUILT_INS });
      let ocrText = '';
      for (const [i, page] of parsed.pages.entries()) {
        const image = document.renderer ? await decodePageImage((await document.renderer.renderPng(page.pageNumber, { dpi: 150 })).png) : undefined;
        const masked = await paintMaskedPage(page, image, plan.boxes.get(i) ?? []);
        const reread = await openDocument(masked.png, { filename: 'masked.png' });
        try {
          ocrText += (await reread.extract()).pages.map((p) => p.text).join('\n');
        } finally {
          await reread.close();
        }
      }
      const normalize = (v: string) => v.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
      const haystack = normalize(ocrText);
      // A value leaks when OCR reads it back from the masked page (values under 4 characters are too short to tell).
      const leaked = plan.spans.filter((span) => normalize(span.value).length >= 4 && haystack.includes(normalize(span.value)));
      leaks.push({ file, pages: parsed.pages.length, masked_spans: plan.spans.length, summary: plan.summary, leaked: leaked.map((l) => l.type), seconds: Math.round((performance.now() - t0) / 10) / 100 });
      log(`leak check ${file}: ${plan.spans.length} spans masked (${JSON.stringify(plan.summary)}), ${leaked.length} read back by OCR`);
    } finally {
      await document.close();
    }
  }

  return {
    operation: 'redact',
    leak_check: leaks,
    corpus,
    machine: machineInfo(),
    duration_s: Math.round((Date.now() - started) / 100) / 10,
    presidio_research: synthResult,
    recognizer_vectors: Object.fromEntries(perRecognizer),
  };
}
