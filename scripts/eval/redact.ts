/**
 * `npm run eval -- redact`: how far redaction can be trusted, scored strictly.
 *
 * - presidio-research synthetic sentences, split in two halves by position:
 *   the first half ("dev") is the one rules were looked at and weighed on;
 *   the second ("held-out") is reported as the headline. Matching: a gold
 *   span is found when predictions of its type cover at least half of it; a
 *   prediction is right when gold spans of a type it may stand for cover at
 *   least half of it. EVERY prediction counts: types the gold set does not
 *   label (TAX_ID, US_BANK_NUMBER, …) are false positives and reported by
 *   type, and a prediction over a non-PII gold span (organisation, place,
 *   title, age, nationality) is a false positive (counted apart as well).
 *   Also: type-agnostic recall (masked at all, whatever label), and ordinary
 *   words kept (words outside any gold PII span left unmasked). One rule for
 *   both: a prediction counted right over a gold span of a non-PII label
 *   (a DATE_OF_BIRTH over a DATE_TIME span; the gold set has no birth-date
 *   label) makes that span's words rightly masked, so they are not ordinary
 *   words either. The former figure, which counted them as wrongly masked
 *   while scoring the prediction right, is reported beside it, labelled.
 *   The leniency is in the precision rule: any date the detector calls a
 *   birth date counts as right; on dev all 6 such predictions follow
 *   "born on" or "date of birth".
 * - ordinary prose without personal data (test/fixtures/redact/ordinary-prose.ts,
 *   written for the project): false redactions per 1,000 words.
 * - leak check: synthetic sentences laid out on PDF pages, redacted end to
 *   end (open, extract, detect, render, mask, build the redacted PDF), then
 *   the WHOLE masked pages re-read (OCR of the page images, and the redacted
 *   PDF's text layer through pdf.js) and searched for EVERY gold value: a
 *   value that was masked and can still be read is a leak; a value that was
 *   never detected and is readable is reported as missed.
 * - Presidio's own outputs in the corpus (text/demo.txt → demo_anonymized.txt):
 *   its spans recovered from the anonymised text and compared with ours under
 *   the same matching rule; Presidio's recognizer test vectors: per recognizer,
 *   whether the number of spans found equals the expected number.
 * - speed: redact 1 page, and a 20-page redacted PDF, end to end in process.
 *
 * @module
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { detectPii, type DetectionConfig, type PiiSpan } from '../../functions/engines/redact/detect.ts';
import { maskPages, redactedPdfPages } from '../../functions/engines/redact/mask-pages.ts';
import { planRedaction } from '../../functions/engines/redact/redact.ts';
import { detectPiiWithService } from '../../functions/engines/redact/hosted-detect.ts';
import { HostedEngineError, type PiiDetectionService } from '../../functions/contracts/hosted-models.ts';
import { buildRedactedPdf } from '../../functions/engines/redact/redacted-pdf.ts';
import { openPdfTask } from '../../functions/engines/pdf/pdfjs.ts';
import { openDocument } from '../../functions/engines/registry.ts';
import { ORDINARY_PROSE, wordCount } from '../../test/fixtures/redact/ordinary-prose.ts';
import { machineInfo } from '../lib/machine.ts';
import {
  covered,
  PII_GOLD,
  PRESIDIO_TO_OURS,
  presidioSpans,
  round,
  type Sample,
  scoreSynthetic,
  VECTOR_MAP,
  withUnlistedNames,
} from './redact-scoring.ts';

const BUILT_INS: DetectionConfig = { mode: 'extend', types: [] };
const MASK_DPI = 150;

// The scoring (and the exports tests use) is in redact-scoring.ts.
export { covered, GOLD_TO_OURS, scoreSynthetic, withUnlistedNames } from './redact-scoring.ts';

/** The detector under evaluation: the local one, or a hosted one (`--engine comprehend`) over the same text. */
type Detect = (text: string) => Promise<PiiSpan[]>;

const localDetect: Detect = async (text) => detectPii(text, BUILT_INS);

/** A hosted detector with the local one answering a call that fails (counted by the caller's usage wrapper). */
function hostedDetect(service: PiiDetectionService): Detect {
  return async (text) => {
    try {
      return await detectPiiWithService(text, BUILT_INS, service, { languageCode: 'en' });
    } catch (error) {
      if (!(error instanceof HostedEngineError)) throw error;
      return detectPii(text, BUILT_INS);
    }
  };
}

async function comparePresidio(corpus: string, detect: Detect) {
  const original = await readFile(join(corpus, 'pii/presidio/text/demo.txt'), 'utf8');
  const anonymised = await readFile(join(corpus, 'pii/presidio/text/demo_anonymized.txt'), 'utf8');
  const theirs = presidioSpans(original, anonymised);
  const ours = await detect(original);
  // Their PII types we also detect; the rest (LOCATION, DATE_TIME, URL, CRYPTO) are listed apart.
  const comparable = theirs.filter((s) => PRESIDIO_TO_OURS[s.type]);
  const foundByUs = comparable.filter((s) =>
    covered(
      s,
      ours.filter((o) => o.type === PRESIDIO_TO_OURS[s.type]),
    ),
  );
  const ourOnly = ours.filter((o) => !covered(o, theirs));
  return {
    presidio_spans: theirs.length,
    presidio_types_we_do_not_have: [...new Set(theirs.filter((s) => !PRESIDIO_TO_OURS[s.type]).map((s) => s.type))],
    presidio_spans_comparable: comparable.length,
    of_those_found_by_us_same_type: foundByUs.length,
    missed_by_us: comparable.filter((s) => !foundByUs.includes(s)).map((s) => `${s.type}: ${original.slice(s.start, s.end)}`),
    ours: ours.length,
    ours_not_in_presidio: ourOnly.map((o) => `${o.type}: ${o.value}`),
  };
}

/**
 * The corpus's technical prose (prose/: manuals of several projects, no
 * personal data): every span is a false redaction. Reported per 1,000 words
 * overall and per project (sources.csv's repo). No learned part reads these
 * pages (the trainer reads generated text and the presidio dev half), so each
 * project's figure is out of fold; the macro mean over projects weighs them
 * equally.
 */
async function corpusProse(corpus: string, detect: Detect, log: (line: string) => void) {
  const dir = join(corpus, 'prose');
  const rows = (await readFile(join(dir, 'sources.csv'), 'utf8'))
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(','));
  const perProject = new Map<string, { words: number; false_redactions: number }>();
  const spans: string[] = [];
  for (const [file, repo] of rows) {
    const text = await readFile(join(dir, file), 'utf8');
    const found = await detect(text);
    const p = perProject.get(repo) ?? { words: 0, false_redactions: 0 };
    p.words += wordCount(text);
    p.false_redactions += found.length;
    perProject.set(repo, p);
    spans.push(...found.map((s) => `${file} ${s.type}: ${s.value}`));
  }
  const per1000 = (p: { words: number; false_redactions: number }) => round((p.false_redactions / Math.max(1, p.words)) * 1000, 2)!;
  const total = [...perProject.values()].reduce((t, p) => ({ words: t.words + p.words, false_redactions: t.false_redactions + p.false_redactions }), {
    words: 0,
    false_redactions: 0,
  });
  const projects = Object.fromEntries([...perProject].map(([repo, p]) => [repo, { ...p, per_1000_words: per1000(p) }]));
  const macro = round(Object.values(projects).reduce((sum, p) => sum + p.per_1000_words, 0) / Math.max(1, perProject.size), 2);
  log(
    `corpus prose/ (${rows.length} pages, ${total.words} words): ${total.false_redactions} false redactions, ${per1000(total)} per 1,000 words; per project (out of fold): ${JSON.stringify(Object.fromEntries(Object.entries(projects).map(([k, v]) => [k, v.per_1000_words])))}, macro ${macro}`,
  );
  return { pages: rows.length, ...total, per_1000_words: per1000(total), per_project_out_of_fold: projects, macro_per_1000_words: macro, spans };
}

/** Sentences whose text the standard PDF font can draw, laid out on letter pages (wrapped at ~95 characters). */
async function sentencesPdf(samples: readonly Sample[], perPage: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < samples.length; p += perPage) {
    const page = doc.addPage([612, 792]);
    let y = 740;
    for (const sample of samples.slice(p, p + perPage)) {
      for (const paragraph of sample.full_text.split('\n')) {
        let line = '';
        for (const word of paragraph.split(/\s+/)) {
          if ((line + ' ' + word).length > 95) {
            page.drawText(line, { x: 50, y, size: 10, font });
            y -= 14;
            line = word;
          } else line = line ? `${line} ${word}` : word;
        }
        if (line) page.drawText(line, { x: 50, y, size: 10, font });
        y -= 14;
      }
      y -= 14;
    }
  }
  return doc.save();
}

function drawable(text: string, supported: Set<number>) {
  return [...text].every((ch) => ch === '\n' || supported.has(ch.codePointAt(0)!));
}

/** The redact operation's steps in process: extract, plan, then every page masked (as the operation does it) and encoded for `output`. */
async function redactEndToEnd(bytes: Uint8Array, output: 'png' | 'pdf') {
  const document = await openDocument(bytes, { filename: 'document.pdf' });
  try {
    const parsed = await document.extract();
    const plan = await planRedaction(parsed.pages, { mode: 'redact', config: BUILT_INS });
    const pages = await maskPages(parsed.pages, {
      renderer: document.renderer,
      dpi: MASK_DPI,
      boxesFor: (i) => plan.boxes.get(i) ?? [],
      format: output === 'pdf' ? 'flate-rgb' : 'png',
    });
    const masked = pages.flatMap((p) => (p.format === 'png' ? [p.png] : []));
    return { plan, masked, pdf: output === 'pdf' ? await buildRedactedPdf(redactedPdfPages(parsed.pages, pages)) : undefined };
  } finally {
    await document.close();
  }
}

async function ocrOf(png: Uint8Array): Promise<string> {
  const reread = await openDocument(png, { filename: 'masked.png' });
  try {
    return (await reread.extract()).pages.map((p) => p.text).join('\n');
  } finally {
    await reread.close();
  }
}

async function pdfTextLayer(bytes: Uint8Array): Promise<string> {
  const doc = await (await openPdfTask(bytes)).promise;
  try {
    let text = '';
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      text += `${content.items.map((item) => ('str' in item ? item.str : '')).join(' ')}\n`;
    }
    return text;
  } finally {
    await doc.destroy();
  }
}

const normalize = (v: string) => v.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Rendered leaks: made-up documents whose values are drawn without being in
 * the text layer (filled form fields, annotations, a picture on a text page),
 * redacted, and every output read back (text, page images by OCR, the PDF's
 * text layer and metadata); a value any output still shows is a leak.
 */
async function renderedLeakCheck(log: (line: string) => void) {
  const { checkRenderedLeaks } = await import('../../test/fixtures/redact/rendered-leak-check.ts');
  const { RENDERED_LEAK_DOCUMENTS } = await import('../../test/fixtures/redact/rendered-leaks.ts');
  const perDocument: Record<string, Record<string, string[]>> = {};
  let total = 0;
  for (const [name, make] of Object.entries(RENDERED_LEAK_DOCUMENTS)) {
    const { leaks } = await checkRenderedLeaks(await make());
    perDocument[name] = leaks;
    total += Object.values(leaks).reduce((n, list) => n + list.length, 0);
  }
  log(`rendered leak check (${Object.keys(perDocument).length} made-up documents; text, OCR of page images, PDF text layer, PDF metadata): ${total} leaks`);
  return { leaks: total, per_document: perDocument };
}

async function leakCheck(samples: readonly Sample[], log: (line: string) => void) {
  const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
  const supported = new Set(font.getCharacterSet());
  const chosen = samples.filter((s) => drawable(s.full_text, supported) && s.spans.some((g) => PII_GOLD.has(g.entity_type))).slice(0, 24);
  const bytes = await sentencesPdf(chosen, 6);
  const t0 = performance.now();
  const { pdf } = await redactEndToEnd(bytes, 'pdf');
  const seconds = (performance.now() - t0) / 1000;
  // The page PNGs (inline and link outputs) are checked by OCR; the PDF's text layer above.
  const { plan, masked } = await redactEndToEnd(bytes, 'png');
  let ocr = '';
  for (const png of masked) ocr += `${await ocrOf(png)}\n`;
  const layer = await pdfTextLayer(pdf!);
  const haystacks = { ocr: normalize(ocr), pdf_text_layer: normalize(layer), updated_text: normalize(plan.updatedText) };
  // Every gold PII value (4+ characters once normalised: shorter ones cannot be told from other text).
  const values = chosen.flatMap((s) =>
    s.spans.filter((g) => PII_GOLD.has(g.entity_type)).map((g) => ({ type: g.entity_type, value: g.entity_value })),
  );
  const maskedText = normalize(plan.spans.map((s) => s.value).join(' '));
  const leaks: Record<string, string[]> = { ocr: [], pdf_text_layer: [], updated_text: [] };
  const missedReadable: string[] = [];
  let checked = 0;
  for (const { type, value } of values) {
    const v = normalize(value);
    if (v.length < 4) continue;
    checked++;
    const wasMasked = maskedText.includes(v);
    for (const [where, text] of Object.entries(haystacks)) {
      if (!text.includes(v)) continue;
      if (wasMasked) leaks[where].push(`${type}: ${value}`);
      else if (where === 'updated_text') missedReadable.push(`${type}: ${value}`);
    }
  }
  const result = {
    sentences: chosen.length,
    pages: masked.length,
    gold_values_checked: checked,
    leaks: Object.fromEntries(Object.entries(leaks).map(([k, v]) => [k, v.length])),
    leaked_values: leaks,
    gold_values_never_detected_and_readable: missedReadable.length,
    redact_seconds: round(seconds, 2),
  };
  log(
    `leak check: ${chosen.length} sentences on ${masked.length} pages, ${checked} gold values; leaks (masked yet readable): OCR ${leaks.ocr.length}, PDF text layer ${leaks.pdf_text_layer.length}, text ${leaks.updated_text.length}; never detected and readable: ${missedReadable.length}`,
  );
  return result;
}

async function speed(log: (line: string) => void) {
  const page = (n: number) => [
    `Account statement page ${n}`,
    'Dear Ms. Ingrid Halvorsen-Brandt,',
    'Your payment of 1,240.00 was received on 3 March 2025. Thank you.',
    'Phone: +1 (415) 555-0132  Email: ingrid.hb@example.org',
    'SSN 536-22-8145, card 4111 1111 1111 1111, IBAN DE89 3704 0044 0532 0130 00',
    'Address: 1600 Amphitheatre Parkway, Mountain View, CA 94043',
    ...Array.from({ length: 30 }, (_, i) => `Line ${i + 1}: the quarterly summary lists deliveries, invoices and the balance carried forward.`),
  ];
  const build = async (pages: number) => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let n = 1; n <= pages; n++) {
      const p = doc.addPage([612, 792]);
      page(n).forEach((line, i) => p.drawText(line, { x: 50, y: 740 - i * 18, size: 10, font }));
    }
    return doc.save();
  };
  const one = await build(1);
  await redactEndToEnd(one, 'png'); // warm: lexicons, tagger, pdf.js
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    await redactEndToEnd(one, 'png');
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const twenty = await build(20);
  const t0 = performance.now();
  const { pdf } = await redactEndToEnd(twenty, 'pdf');
  const pdfSeconds = (performance.now() - t0) / 1000;
  const result = {
    redact_1_page_ms_median: Math.round(times[2]),
    redacted_pdf_20_pages_s: round(pdfSeconds, 2),
    redacted_pdf_20_pages_bytes: pdf!.length,
  };
  log(
    `speed: redact 1 page ${result.redact_1_page_ms_median} ms (median of 5, warm); 20-page redacted PDF ${result.redacted_pdf_20_pages_s} s (${Math.round(pdf!.length / 1024)} KiB)`,
  );
  return result;
}

/** PERSON recall with names no list holds (see withUnlistedNames), each half of the synthetic set apart. */
async function unlistedNameRecall(synth: readonly Sample[], half: number, log: (line: string) => void): Promise<Record<string, unknown>> {
  const unlisted: Record<string, unknown> = {};
  for (const [fold, samples] of [
    ['held_out', synth.slice(half)],
    ['dev', synth.slice(0, half)],
  ] as const) {
    const swapped = withUnlistedNames(samples, 7);
    const found: PiiSpan[][] = [];
    for (const s of swapped) found.push(await detectPii(s.full_text, BUILT_INS));
    const r = scoreSynthetic(swapped, found);
    unlisted[fold] = { PERSON: r.per_type.PERSON, overall: r.overall };
    log(`presidio-research synthetic, ${fold}, PERSON names replaced by names no list holds: PERSON ${JSON.stringify(r.per_type.PERSON)}`);
  }
  return unlisted;
}

/** Ordinary prose: every span found in it is a false redaction. */
async function ordinaryProse(detect: Detect, log: (line: string) => void) {
  let words = 0;
  const falseRedactions: string[] = [];
  for (const doc of ORDINARY_PROSE) {
    words += wordCount(doc.text);
    for (const s of await detect(doc.text)) falseRedactions.push(`${doc.kind} ${s.type}: ${s.value}`);
  }
  const ordinary = {
    documents: ORDINARY_PROSE.length,
    words,
    false_redactions: falseRedactions.length,
    per_1000_words: round((falseRedactions.length / words) * 1000, 2),
    spans: falseRedactions,
  };
  log(
    `ordinary prose (${ordinary.documents} texts, ${words} words): ${ordinary.false_redactions} false redactions, ${ordinary.per_1000_words} per 1,000 words ${JSON.stringify(falseRedactions)}`,
  );
  return ordinary;
}

/** Presidio's recognizer test vectors: per recognizer, cases where the count found is the count expected, and false alarms. */
async function recognizerVectors(corpus: string, detect: Detect, log: (line: string) => void) {
  const vectors = (await readFile(join(corpus, 'pii/presidio/recognizer_test_vectors.jsonl'), 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { recognizer: string; text: string; expected_count: number });
  const perRecognizer = new Map<string, { cases: number; exact: number; must_not: number; false_alarms: number }>();
  for (const v of vectors) {
    const type = VECTOR_MAP[v.recognizer];
    if (!type) continue;
    const found = (await detect(v.text)).filter((s) => s.type === type).length;
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
  for (const [name, r] of perRecognizer)
    log(`  ${name.padEnd(18)} ${r.exact}/${r.cases}; must-not-detect cases flagged: ${r.false_alarms}/${r.must_not}`);
  return perRecognizer;
}

export async function runRedactEval(options: {
  corpus: string;
  log: (line: string) => void;
  /** `--engine comprehend`: the hosted detector for the detection figures (the leak check and speed stay local). */
  piiDetection?: PiiDetectionService;
}): Promise<Record<string, unknown>> {
  const { corpus, log } = options;
  const detect = options.piiDetection ? hostedDetect(options.piiDetection) : localDetect;
  if (options.piiDetection)
    log(`engine: ${options.piiDetection.name} for the built-in types it covers, local recognizers for the rest (leak check and speed: local)`);
  const started = Date.now();
  const synth = JSON.parse(await readFile(join(corpus, 'pii/presidio-research/synth_dataset_v2.json'), 'utf8')) as Sample[];
  await detectPii('', BUILT_INS); // loads the lexicons once, outside the timing
  let detectMs = 0;
  const predictions: PiiSpan[][] = [];
  for (const s of synth) {
    const t0 = performance.now();
    predictions.push(await detect(s.full_text));
    detectMs += performance.now() - t0;
  }
  const half = Math.floor(synth.length / 2);
  const unlisted = await unlistedNameRecall(synth, half, log);
  const folds = {
    held_out: scoreSynthetic(synth.slice(half), predictions.slice(half)),
    dev: scoreSynthetic(synth.slice(0, half), predictions.slice(0, half)),
    all: scoreSynthetic(synth, predictions),
  };
  for (const [fold, r] of Object.entries(folds)) {
    log(`presidio-research synthetic, ${fold} (${r.sentences} sentences): ${JSON.stringify(r.overall)}`);
    log(
      `  type-agnostic recall ${r.type_agnostic_recall}; ordinary words kept ${r.ordinary_words_kept} of ${r.ordinary_words} (not counted: ${r.words_of_rightly_masked_non_pii_gold_spans} words of gold spans a correct prediction masked; former rule, counting them: ${r.ordinary_words_kept_former_rule})`,
    );
    log(
      `  false positives of types the gold set does not label: ${JSON.stringify(r.false_positives_of_unmapped_types)}; over non-PII gold spans: ${JSON.stringify(r.false_positives_over_non_pii_gold)}`,
    );
    if (fold === 'held_out')
      for (const [t, s] of Object.entries(r.per_type))
        log(`  ${t.padEnd(20)} P ${s.precision} R ${s.recall} F1 ${s.f1} (tp ${s.tp} fp ${s.fp} fn ${s.fn})`);
  }

  const ordinary = await ordinaryProse(detect, log);

  const prose = await corpusProse(corpus, detect, log);

  const presidio = await comparePresidio(corpus, detect);
  log(
    `Presidio demo output: ${presidio.presidio_spans_comparable} comparable spans, ${presidio.of_those_found_by_us_same_type} found by us with the same type; missed ${JSON.stringify(presidio.missed_by_us)}; ours not in Presidio's ${JSON.stringify(presidio.ours_not_in_presidio)}`,
  );

  const perRecognizer = await recognizerVectors(corpus, detect, log);

  const leaks = await leakCheck(synth.slice(half), log);
  const renderedLeaks = await renderedLeakCheck(log);
  const timing = await speed(log);

  return {
    operation: 'redact',
    corpus,
    machine: machineInfo(),
    duration_s: Math.round((Date.now() - started) / 100) / 10,
    presidio_research_unlisted_names: unlisted,
    presidio_research: {
      ...folds,
      split: 'dev = first half (rules looked at), held_out = second half (headline)',
      detect_ms_per_sentence: round(detectMs / synth.length, 2),
    },
    ordinary_prose: ordinary,
    corpus_prose: prose,
    presidio_demo_comparison: presidio,
    recognizer_vectors: Object.fromEntries(perRecognizer),
    leak_check: leaks,
    rendered_leak_check: renderedLeaks,
    speed: timing,
  };
}
