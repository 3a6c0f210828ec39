/**
 * `npm run eval -- parse`: the parse engine (openDocument + extract, in
 * process, no server) over the evaluation corpus, per source:
 *
 * - `ocr/ocrmypdf`: linn.png and its skewed / rotated PDF variants against
 *   linn.txt (CER, WER, bag-of-words F1);
 * - `receipts/sroie`: scanned receipts against their line transcripts;
 * - `forms/funsd`: scanned forms against their word boxes (IoU ≥ 0.5 match
 *   with the same text) and reading-order text;
 * - text-layer invoices (invoice2data, parsee, zugferd): no transcript, so the
 *   share of ground-truth field values found in the text;
 * - tables, when scripts/eval/tables.ts exists (another helper's);
 * - `multilingual`: generated scans in the seven OCR languages
 *   (scripts/lib/multilingual-pages.ts), CER per language with accents;
 * - `photos`: small photos and renderings, generated look-alikes and the
 *   corpus's cards, résumés and IDs: the "text read" rate.
 *
 * A file that fails (unsupported, corrupt, timeout) is counted and reported,
 * never fatal. Opening, scoring and summarising are in parse-records.ts.
 *
 * @module
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import sharp from 'sharp';
import type { PageTextService } from '../../functions/contracts/hosted-models.ts';
import type { ParsedDocument } from '../../functions/engines/document-model.ts';
import { matchWords, type BoxedWord } from '../lib/boxes.ts';
import { multilingualSet, TEXTS } from '../lib/multilingual-pages.ts';
import { photoSet } from '../lib/photo-lookalikes.ts';
import { formatTable, pct } from '../lib/cli.ts';
import { decodeTextFile, funsdBoxedWords, parseSroieBoxFile, readFunsdAnnotation, readingOrderLines, readingOrderText, sroieText } from '../lib/corpus.ts';
import { describeMachine, machineInfo, mib, peakRssBytes } from '../lib/machine.ts';
import { mean, round } from '../lib/stats.ts';
import { textScores } from '../lib/text-metrics.ts';
import {
  INVOICE2DATA_FIELDS,
  PARSEE_FIELDS,
  searchableText,
  valueFound,
  ZUGFERD_FIELDS,
  type FieldSpec,
} from './invoice-fields.ts';
import {
  errorOf,
  type FileError,
  type FileRecord,
  fullText,
  logRecord,
  pageText,
  parseBytes,
  parseFile,
  sample,
  setHostedPageText,
  type SourceSummary,
  summarise,
  textMetrics,
  textRecord,
} from './parse-records.ts';

export { sample } from './parse-records.ts';

export const SOURCES = ['ocr', 'sroie', 'funsd', 'invoices', 'tables', 'multilingual', 'photos'] as const;
export type SourceName = (typeof SOURCES)[number];

export interface ParseEvalOptions {
  readonly corpus: string;
  /** SROIE receipts to sample (evenly spaced over the sorted list). */
  readonly sroieLimit: number;
  readonly funsdLimit: number;
  readonly invoiceLimit: number;
  readonly sources: ReadonlySet<SourceName>;
  /** Per-file ceiling; a file over it is counted as an error (`timeout`). */
  readonly fileTimeoutMs: number;
  readonly log: (line: string) => void;
  /** `--engine textract`: the hosted page reader OCR pages go to (the local OCR reads a page it fails on). */
  readonly pageText?: PageTextService;
}

// ---------------------------------------------------------------------------
// Sources
// ---------------------------------------------------------------------------

/** linn.png and its skewed / rotated variants against linn.txt. */
async function evalOcr(o: ParseEvalOptions): Promise<SourceSummary> {
  const dir = join(o.corpus, 'ocr', 'ocrmypdf');
  const reference = decodeTextFile(await readFile(join(dir, 'linn.txt')));
  const files = ['linn.png', 'skew.pdf', 'rotated_skew.pdf', 'cardinal.pdf'].filter((f) => existsSync(join(dir, f)));
  const records: FileRecord[] = [];
  for (const file of files) {
    const { parsed, seconds, error } = await parseFile(join(dir, file), o.fileTimeoutMs);
    if (!parsed) {
      records.push({ file, pages: 0, seconds, error });
      logRecord(o.log, 'ocr', records.at(-1)!);
      continue;
    }
    // Every page of these files is the same Linn page (cardinal.pdf: rotated 0/90/180/270°).
    parsed.pages.forEach((page, i) => {
      const name = parsed.pages.length > 1 ? `${file}#p${i + 1}` : file;
      records.push({
        file: name,
        pages: 1,
        seconds: seconds / parsed.pages.length,
        engines: parsed.engines,
        scores: { ...textRecord(reference, page.text), ocr_words: page.words.filter((w) => w.source === 'ocr').length },
      });
      logRecord(o.log, 'ocr', records.at(-1)!);
    });
  }
  return summarise('ocr/ocrmypdf', records, textMetrics(records), [
    'reference linn.txt is approximate (upstream says so); cardinal.pdf pages are rotated 0/90/180/270°',
    'the first OCR file includes OCR engine start-up',
  ]);
}

async function evalSroie(o: ParseEvalOptions): Promise<SourceSummary> {
  const dir = join(o.corpus, 'receipts', 'sroie');
  const names = (await readdir(join(dir, 'img'))).filter((f) => /\.(jpe?g|png)$/i.test(f)).sort();
  const records: FileRecord[] = [];
  for (const file of sample(names, o.sroieLimit)) {
    const stem = file.replace(/\.[^.]+$/, '');
    const boxPath = join(dir, 'box', `${stem}.csv`);
    if (!existsSync(boxPath)) continue;
    const box = parseSroieBoxFile(decodeTextFile(await readFile(boxPath)));
    const reference = sroieText(box);
    const { parsed, seconds, error } = await parseFile(join(dir, 'img', file), o.fileTimeoutMs);
    const reading = parsed && textScores(readingOrderLines(box).join('\n'), fullText(parsed));
    records.push(
      parsed && reading
        ? {
            file,
            pages: parsed.pages.length,
            seconds,
            engines: parsed.engines,
            scores: {
              ...textRecord(reference, fullText(parsed)),
              cer_reading: reading.cer,
              cer_ci_reading: reading.cer_ci,
              cer_reading_errors: reading.cer * reading.ref_chars,
              cer_ci_reading_errors: reading.cer_ci * reading.ref_chars,
            },
          }
        : { file, pages: 0, seconds, error },
    );
    logRecord(o.log, 'sroie', records.at(-1)!);
  }
  const scored = records.filter((r) => r.scores?.cer_reading !== undefined);
  const chars = scored.reduce((a, r) => a + (r.scores!.ref_chars ?? 0), 0);
  const pooled = (key: string) => (chars ? scored.reduce((a, r) => a + (r.scores![key] ?? 0), 0) / chars : null);
  return summarise('receipts/sroie', records, { ...textMetrics(records), cer_reading: pooled('cer_reading_errors'), cer_ci_reading: pooled('cer_ci_reading_errors') }, [
    `sample of ${records.length} of ${names.length} receipts (--limit)`,
    'reference: line transcripts in file order; WER/CER also penalise a different reading order, BoW-F1 does not',
    'cer_reading / cer_ci_reading: the same transcripts in reading order (boxes grouped into rows, left to right), the order OCR reads in',
  ]);
}

async function evalFunsd(o: ParseEvalOptions): Promise<SourceSummary> {
  const dir = join(o.corpus, 'forms', 'funsd', 'training_data');
  const names = (await readdir(join(dir, 'images'))).filter((f) => /\.png$/i.test(f)).sort();
  const records: FileRecord[] = [];
  for (const file of sample(names, o.funsdLimit)) {
    const stem = file.replace(/\.[^.]+$/, '');
    const annotationPath = join(dir, 'annotations', `${stem}.json`);
    if (!existsSync(annotationPath)) continue;
    const imagePath = join(dir, 'images', file);
    const { width, height } = await sharp(imagePath).metadata();
    const reference = funsdBoxedWords(await readFunsdAnnotation(annotationPath), width!, height!);
    const { parsed, seconds, error } = await parseFile(imagePath, o.fileTimeoutMs);
    if (!parsed) {
      records.push({ file, pages: 0, seconds, error });
    } else {
      const predicted: BoxedWord[] = (parsed.pages[0]?.words ?? []).map((w) => ({ text: w.text, bbox: w.bbox }));
      const match = matchWords(reference, predicted, 0.5);
      records.push({
        file,
        pages: parsed.pages.length,
        seconds,
        engines: parsed.engines,
        scores: {
          ...textRecord(readingOrderText(reference), pageText(parsed)),
          box_match: match.rate,
          box_geometry_match: match.geometryRate,
          box_mean_iou: match.meanIou,
          ref_boxes: match.reference,
          predicted_boxes: match.predicted,
          matched_boxes: match.matched,
        },
      });
    }
    logRecord(o.log, 'funsd', records.at(-1)!);
  }
  const scored = records.filter((r) => r.scores);
  const ref = scored.reduce((s, r) => s + (r.scores!.ref_boxes ?? 0), 0);
  const matched = scored.reduce((s, r) => s + (r.scores!.matched_boxes ?? 0), 0);
  return summarise(
    'forms/funsd',
    records,
    {
      ...textMetrics(records),
      box_match: ref > 0 ? matched / ref : null,
      box_match_mean: mean(scored.map((r) => r.scores!.box_match!)),
      box_geometry_match_mean: mean(scored.map((r) => r.scores!.box_geometry_match!)),
    },
    [
      'box_match: ground-truth words matched one-to-one by a predicted word with the same normalised text and IoU ≥ 0.5 (pooled over words)',
      'text reference: ground-truth words in a line-by-line reading order built from their boxes',
    ],
  );
}

/**
 * Generated scans in the seven OCR languages (scripts/lib/multilingual-pages.ts),
 * read without a `languages` option (the language is found per page):
 * CER per language, with accents (the strict figure), and how often the
 * language found was the one drawn.
 */
async function evalMultilingual(o: ParseEvalOptions): Promise<SourceSummary> {
  const records: FileRecord[] = [];
  for (const page of await multilingualSet()) {
    const filename = `${page.name}.${page.bytes[0] === 0x89 ? 'png' : 'jpg'}`;
    const { parsed, seconds, error } = await parseBytes(new Uint8Array(page.bytes), filename, o.fileTimeoutMs);
    records.push(
      parsed
        ? {
            file: filename,
            pages: 1,
            seconds,
            engines: parsed.engines,
            scores: { ...textRecord(page.text, fullText(parsed)), language_right: parsed.pages[0]?.languages?.includes(page.language) ? 1 : 0 },
          }
        : { file: filename, pages: 0, seconds, error },
    );
    logRecord(o.log, 'multilingual', records.at(-1)!);
  }
  const perLanguage: Record<string, number | null> = {};
  for (const language of Object.keys(TEXTS)) {
    const mine = records.filter((r) => r.file.startsWith(`${language}-`));
    perLanguage[`cer.${language}`] = textMetrics(mine).cer;
    perLanguage[`cer_ci.${language}`] = textMetrics(mine).cer_ci;
  }
  const scored = records.filter((r) => r.scores);
  return summarise(
    'multilingual (generated)',
    records,
    { ...textMetrics(records), ...perLanguage, language_right: mean(scored.map((r) => r.scores!.language_right!)) },
    [
      'generated pages (scripts/lib/multilingual-pages.ts): 3 paragraphs per language, Liberation Sans regular/bold/italic, clean / scan (blur 0.6, noise 10, skew 1.2°, JPEG 75) / photo (blur 1, noise 16, skew −2.5°, JPEG 60)',
      'read without a languages option: language_right = share of pages read with the language drawn',
    ],
  );
}

/** Words of at least three letters read at confidence ≥ 0.7: text surely read. */
const sureWords = (parsed: ParsedDocument) => parsed.pages.flatMap((p) => p.words).filter((w) => w.confidence >= 0.7 && (w.text.match(/\p{L}/gu)?.length ?? 0) >= 3).length;

/**
 * Small photos and clean renderings: generated look-alikes (scripts/lib/photo-lookalikes.ts,
 * share of the drawn words found) and the corpus's small card, résumé and ID
 * images (no transcript: "text read" = at least 3 words of 3+ letters read
 * at confidence ≥ 0.7, and no "no text could be read" warning).
 */
async function evalPhotos(o: ParseEvalOptions): Promise<SourceSummary> {
  const records: FileRecord[] = [];
  for (const lookalike of await photoSet()) {
    const filename = `${lookalike.name}.${lookalike.bytes[0] === 0x89 ? 'png' : 'jpg'}`;
    const { parsed, seconds, error } = await parseBytes(new Uint8Array(lookalike.bytes), filename, o.fileTimeoutMs);
    if (!parsed) records.push({ file: `generated/${filename}`, pages: 0, seconds, error });
    else {
      const text = fullText(parsed);
      const found = lookalike.words.filter((w) => text.includes(w)).length / lookalike.words.length;
      records.push({ file: `generated/${filename}`, pages: 1, seconds, engines: parsed.engines, scores: { words_found: found, text_read: found >= 0.5 ? 1 : 0 } });
    }
    logRecord(o.log, 'photos', records.at(-1)!);
  }
  const dir = join(o.corpus, 'classification');
  for (const folder of ['business_card', 'resume', 'health_insurance_card', 'identity_document']) {
    if (!existsSync(join(dir, folder))) continue;
    for (const file of (await readdir(join(dir, folder))).filter((f) => /\.(png|jpe?g)$/i.test(f)).sort()) {
      const { parsed, seconds, error } = await parseFile(join(dir, folder, file), o.fileTimeoutMs);
      const name = `${folder}/${file}`;
      if (!parsed) records.push({ file: name, pages: 0, seconds, error });
      else {
        const read = sureWords(parsed) >= 3 && !parsed.pages.some((p) => p.warnings?.length);
        records.push({ file: name, pages: 1, seconds, engines: parsed.engines, scores: { text_read: read ? 1 : 0, sure_words: sureWords(parsed) } });
      }
      logRecord(o.log, 'photos', records.at(-1)!);
    }
  }
  const scored = records.filter((r) => r.scores);
  const generated = scored.filter((r) => r.file.startsWith('generated/'));
  const corpus = scored.filter((r) => !r.file.startsWith('generated/'));
  return summarise(
    'photos (small / low-dpi)',
    records,
    {
      text_read: mean(scored.map((r) => r.scores!.text_read!)),
      text_read_generated: mean(generated.map((r) => r.scores!.text_read!)),
      text_read_corpus: mean(corpus.map((r) => r.scores!.text_read!)),
      words_found_generated: mean(generated.map((r) => r.scores!.words_found!)),
    },
    ['text_read: generated = half the drawn words found; corpus = ≥ 3 words of 3+ letters at confidence ≥ 0.7 and no unread warning'],
  );
}

interface InvoiceSet {
  readonly name: string;
  readonly files: { path: string; truth: Record<string, unknown> }[];
  readonly fields: readonly FieldSpec[];
}

async function invoiceSets(corpus: string): Promise<InvoiceSet[]> {
  const sets: InvoiceSet[] = [];
  const i2d = join(corpus, 'invoices', 'invoice2data');
  if (existsSync(i2d)) {
    const files = [];
    for (const f of (await readdir(i2d)).filter((n) => n.endsWith('.pdf')).sort()) {
      const truthPath = join(i2d, f.replace(/\.pdf$/, '.json'));
      if (!existsSync(truthPath)) continue;
      const truth = JSON.parse(await readFile(truthPath, 'utf8')) as Record<string, unknown>[] | Record<string, unknown>;
      files.push({ path: join(i2d, f), truth: Array.isArray(truth) ? truth[0] : truth });
    }
    sets.push({ name: 'invoice2data', files, fields: INVOICE2DATA_FIELDS });
  }
  for (const [name, truthFile, fields] of [
    ['parsee-invoices', 'ground_truth.json', PARSEE_FIELDS],
    ['zugferd-corpus', 'expected_fields.json', ZUGFERD_FIELDS],
  ] as const) {
    const dir = join(corpus, 'invoices', name);
    if (!existsSync(join(dir, truthFile))) continue;
    const truth = JSON.parse(await readFile(join(dir, truthFile), 'utf8')) as Record<string, Record<string, unknown>>;
    const files = Object.keys(truth)
      .sort()
      .filter((f) => existsSync(join(dir, 'pdf', f)))
      .map((f) => ({ path: join(dir, 'pdf', f), truth: truth[f] }));
    sets.push({ name, files, fields });
  }
  return sets;
}

async function evalInvoices(o: ParseEvalOptions): Promise<SourceSummary> {
  const records: FileRecord[] = [];
  const perField: Record<string, { found: number; total: number }> = {};
  for (const set of await invoiceSets(o.corpus)) {
    for (const { path, truth } of sample(set.files, o.invoiceLimit)) {
      const file = `${set.name}/${basename(path)}`;
      const { parsed, seconds, error } = await parseFile(path, o.fileTimeoutMs);
      if (!parsed) {
        records.push({ file, pages: 0, seconds, error });
        logRecord(o.log, 'invoices', records.at(-1)!);
        continue;
      }
      const haystack = searchableText(fullText(parsed));
      const fields: Record<string, boolean> = {};
      for (const spec of set.fields) {
        const value = truth[spec.field];
        if (value === undefined || value === null || value === '') continue;
        const found = valueFound(haystack, value, spec.kind);
        fields[spec.field] = found;
        const key = `${set.name}.${spec.field}`;
        perField[key] ??= { found: 0, total: 0 };
        perField[key].total++;
        if (found) perField[key].found++;
      }
      const values = Object.values(fields);
      records.push({
        file,
        pages: parsed.pages.length,
        seconds,
        engines: parsed.engines,
        fields,
        scores: {
          fields_found: values.length ? values.filter(Boolean).length / values.length : null,
          text_layer_pages: parsed.pages.filter((p) => p.source === 'text-layer').length,
          chars: fullText(parsed).length,
        },
      });
      logRecord(o.log, 'invoices', records.at(-1)!);
    }
  }
  const all = Object.values(perField);
  const found = all.reduce((s, f) => s + f.found, 0);
  const total = all.reduce((s, f) => s + f.total, 0);
  return summarise(
    'invoices (text layer)',
    records,
    {
      fields_found: total > 0 ? found / total : null,
      ...Object.fromEntries(Object.entries(perField).map(([k, v]) => [`found.${k}`, v.total ? v.found / v.total : null])),
    },
    [
      'no transcript ground truth: share of ground-truth field values (invoice number, totals, dates, names) found verbatim in the text',
      'amounts and dates are matched in their usual written forms (1.234,50 / 1,234.50; 20.03.2023 / March 20, 2023 …)',
    ],
  );
}

async function evalTables(o: ParseEvalOptions): Promise<{ available: boolean; result?: Record<string, unknown>; error?: FileError }> {
  const path = new URL('./tables.ts', import.meta.url);
  if (!existsSync(path)) return { available: false };
  try {
    const module = (await import(path.href)) as { evaluateTables?: (corpusDir: string) => Promise<Record<string, unknown>> };
    if (typeof module.evaluateTables !== 'function') return { available: false, error: { code: 'no_export', message: 'tables.ts has no evaluateTables export' } };
    return { available: true, result: await module.evaluateTables(o.corpus) };
  } catch (error) {
    return { available: true, error: errorOf(error) };
  }
}

// ---------------------------------------------------------------------------
// Run
// ---------------------------------------------------------------------------

export async function runParseEval(o: ParseEvalOptions): Promise<Record<string, unknown>> {
  setHostedPageText(o.pageText);
  if (o.pageText) o.log(`engine: ${o.pageText.name} for OCR pages (the local OCR reads a page it cannot)`);
  const started = new Date();
  const machine = machineInfo();
  o.log(`parse evaluation on ${o.corpus}`);
  o.log(`machine: ${describeMachine(machine)}`);
  const summaries: SourceSummary[] = [];
  const runners: [SourceName, (o: ParseEvalOptions) => Promise<SourceSummary>][] = [
    ['invoices', evalInvoices],
    ['ocr', evalOcr],
    ['funsd', evalFunsd],
    ['sroie', evalSroie],
    ['multilingual', evalMultilingual],
    ['photos', evalPhotos],
  ];
  for (const [name, run] of runners) {
    if (!o.sources.has(name)) continue;
    try {
      summaries.push(await run(o));
    } catch (error) {
      // A missing folder or unreadable ground truth: report, keep going.
      const e = errorOf(error);
      o.log(`  ${name}: source failed: ${e.code}: ${e.message}`);
      summaries.push(summarise(name, [{ file: '(source)', pages: 0, seconds: 0, error: e }], {}, ['the source itself could not be evaluated']));
    }
  }
  const tables = o.sources.has('tables') ? await evalTables(o) : { available: false, skipped: true };

  const finished = new Date();
  const report = {
    operation: 'parse',
    started_at: started.toISOString(),
    finished_at: finished.toISOString(),
    wall_seconds: round((finished.getTime() - started.getTime()) / 1000, 1),
    corpus: o.corpus,
    options: {
      sroie_limit: o.sroieLimit,
      funsd_limit: o.funsdLimit,
      invoice_limit: o.invoiceLimit,
      sources: [...o.sources],
      file_timeout_seconds: o.fileTimeoutMs / 1000,
    },
    machine,
    load_average_end: machineInfo().load_average,
    peak_rss_mib: mib(peakRssBytes()),
    engines: [...new Set(summaries.flatMap((s) => s.records.flatMap((r) => r.engines ?? [])))],
    sources: summaries,
    tables,
  };
  printSummary(report.sources, tables, o.log);
  o.log(`wall ${report.wall_seconds} s, peak RSS ${report.peak_rss_mib} MiB, engines: ${report.engines.join(', ') || '–'}`);
  o.log(`machine: ${describeMachine(machine)} (load at the end ${report.load_average_end.join('/')})`);
  return report;
}

function printSummary(
  summaries: readonly SourceSummary[],
  tables: { available: boolean; skipped?: boolean; error?: FileError; result?: Record<string, unknown> },
  log: (l: string) => void,
): void {
  const rows = summaries.map((s) => {
    const m = s.metrics;
    const extra =
      m.text_read !== undefined
        ? `text read ${pct(m.text_read)} (generated ${pct(m.text_read_generated ?? null)}, corpus ${pct(m.text_read_corpus ?? null)})`
        : m.language_right !== undefined
          ? `language right ${pct(m.language_right)}; CER ${Object.keys(TEXTS).map((l) => `${l} ${pct(m[`cer.${l}`] ?? null)}`).join(' ')}`
          : m.box_match !== undefined
        ? `box-match ${pct(m.box_match)}`
        : m.fields_found !== undefined
          ? `fields found ${pct(m.fields_found)}`
          : '';
    const errors = s.errors ? `${s.errors} (${Object.entries(s.error_codes).map(([c, n]) => `${c}×${n}`).join(', ')})` : '0';
    return [
      s.source,
      s.files,
      s.ok,
      errors,
      s.pages,
      pct(m.cer ?? null),
      pct(m.wer ?? null),
      pct(m.cer_ci ?? null),
      pct(m.wer_ci ?? null),
      pct(m.bow_f1_mean ?? null),
      pct(m.bow_f1_ci_mean ?? null),
      extra,
      s.pages_per_second ?? null,
    ];
  });
  log('');
  log(formatTable(['source', 'files', 'ok', 'errors', 'pages', 'CER', 'WER', 'CER ci', 'WER ci', 'BoW-F1', 'BoW-F1 ci', 'extra', 'pages/s'], rows));
  log('CER/WER pooled over the files that parsed (errors excluded; "ci" = case-insensitive: SROIE transcripts are mostly upper case);');
  log('BoW-F1 = reading-order-free word overlap (mean per file).');
  if (tables.available) {
    log(`tables: ${tables.error ? `failed: ${tables.error.code}: ${tables.error.message}` : 'from scripts/eval/tables.ts (full result under "tables" in the JSON)'}`);
    // The scalar figures of each set, e.g. "zugferd: invoices 18, item_rows_exact 0.929, …".
    for (const [set, value] of Object.entries(tables.result ?? {})) {
      if (!value || typeof value !== 'object') continue;
      const scalars = Object.entries(value as Record<string, unknown>).filter(([, v]) => typeof v === 'number' || typeof v === 'string');
      if (scalars.length) log(`  ${set}: ${scalars.map(([k, v]) => `${k} ${v}`).join(', ')}`);
    }
  }
  else log(`tables: ${tables.skipped ? 'not in --sources' : 'scripts/eval/tables.ts not present'}, skipped`);
}
