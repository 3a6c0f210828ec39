/**
 * `npm run eval -- <operation> [options]`: accuracy and speed of one
 * operation's engine on the evaluation corpus (../shared/corpus, or
 * $DOCINTEL_CORPUS_DIR), in process. Prints a summary and writes
 * eval-results/<operation>-<timestamp>.json and <operation>-latest.json.
 *
 * Operations: parse, extract, invoice-stress, classify, split, redact, layout. See docs/eval-bench.md.
 *
 * @module
 */
import { corpusDir } from './lib/corpus.ts';
import { intOption, parseArgs, UsageError, writeResults } from './lib/cli.ts';
import { bedrockForEval, engineOption } from './eval/hosted-engine.ts';

const USAGE = `usage: npm run eval -- <operation> [options]

operations:
  parse     parse engine: OCR CER/WER (ocrmypdf, SROIE, FUNSD), FUNSD word boxes,
            invoice field values found in text-layer PDFs, tables (if scripts/eval/tables.ts exists)

  extract   per-field P/R/F1 on invoice2data, parsee, ZUGFeRD (text PDFs) and SROIE receipts (transcripts; OCR
            --receipts N, default 60), German receipts, line items; receipts out of fold
            (--folds K, default 5; --folds-by shop: a seller's receipts all in one fold); text-layer invoices always by the invoice
            ranker's fold models over issuers (--folds-by issuer), --invoices rules for the hand rules alone; --rules-only without
            either ranker; --sets invoices,receipts-transcript,
            receipts-ocr,receipts-de for some sets only; --seed N for other folds; --train-ocr N (SROIE OCR readings the fold models
            learn from, default the trainer's, 0 = transcripts only), --no-train-german; --quiet for the summary only
  invoice-stress  the invoice ranker on rendered invoices of eight layout families unlike the corpus's, seven languages,
            every common date form and the dates an invoice's date is mistaken for: field accuracy per family, each
            family read by a model that never saw it (--per-cell N per family and language, default 2; --seed N, default 7)
  classify  balanced accuracy (macro recall), accuracy, per-class recall, confusions, 'other' rate per true class and
            calibration (ECE) per mode on the labelled corpus set, out of fold: 5 folds over sources (a project's
            documents of one kind, a shop, a form) or --folds-by document; --seed N for other folds and fits;
            --draws N: N fold draws (seeds derived from --seed), balanced mode, mean ± sd and per-class recall pooled
            over draws; --seeds a,b,c: those draws
  split     generated packets (--packets N, default 60, seeded), constructed packets, Tobacco800:
            exact-segmentation rate and boundary P/R/F1, with and without use_thinking
  redact    PII detection: span-level P/R/F1/F2 per type on the presidio-research synthetic
            sentences, type-agnostic recall, Presidio's recognizer test vectors
  layout    key-value pairs (FUNSD, out of fold), selection marks and signatures on generated forms
            (--forms N text-layer forms, default 120; --scanned N read by OCR, default 24; --seed N)

options (extract, classify, split):
  --engine NAME      local (default) or bedrock: the Amazon Bedrock engines (AWS credentials with model access,
                     AWS_REGION, DOCINTEL_BEDROCK_MODEL_ID; default amazon.nova-lite-v1:0). Scored as the API
                     answers (the local engine stands in where the model fails; counted), with tokens per page
  --limit N          classify --engine bedrock: documents to send, evenly spaced (default 0 = all)

options (parse):
  --limit N          SROIE receipts to sample (default 40; 0 = all)
  --funsd-limit N    FUNSD forms to sample (default 50; 0 = all)
  --invoice-limit N  invoices per invoice set (default 0 = all)
  --sources a,b      subset of: ocr, sroie, funsd, invoices, tables, multilingual, photos (default all)
  --timeout-s N      per-file ceiling in seconds (default 180)
  --corpus DIR       corpus folder (default $DOCINTEL_CORPUS_DIR or ../shared/corpus)
  --out DIR          results folder (default eval-results)
  --quiet            no per-file lines
  --engine NAME      OCR engine: local (default) or textract (calls Amazon Textract with your AWS credentials
                     and AWS_REGION; ~$1.50 per 1,000 pages; fails at once without them)

options (redact):
  --engine NAME      detector: local (default) or comprehend (calls Amazon Comprehend DetectPiiEntities with
                     your AWS credentials and AWS_REGION; fails at once without them)
`;

type Runner = (options: ReturnType<typeof parseArgs>['options']) => Promise<Record<string, unknown>>;

const OPERATIONS: Record<string, Runner> = {
  async extract(options) {
    const { runExtractEval } = await import('./eval/extract.ts');
    const { extractFinancial } = await import('../functions/engines/extract/financial.ts');
    const quiet = options.quiet === true;
    if (engineOption(options.engine) === 'bedrock') {
      const hosted = await bedrockForEval();
      const { languageModelExtractor } = await import('../functions/engines/hosted/extract.ts');
      let pages = 0;
      const report = await runExtractEval({
        corpus: typeof options.corpus === 'string' ? options.corpus : corpusDir(),
        receipts: intOption(options, 'receipts', 60),
        extractor: async (read) => {
          pages += read.length;
          return hosted.run((model) => languageModelExtractor(model).financial(read), () => extractFinancial(read));
        },
        note: `engine ${hosted.tally.model} (the local extractor where it failed; see hosted.local_fallbacks)`,
        log: (line) => {
          if (!quiet || !line.startsWith('  ')) console.log(line);
        },
      });
      console.log(`extract engine ${hosted.tally.model}: ${JSON.stringify(hosted.report(pages))}`);
      return { ...report, engine: hosted.tally.model, hosted: hosted.report(pages) };
    }
    return runExtractEval({
      corpus: typeof options.corpus === 'string' ? options.corpus : corpusDir(),
      receipts: intOption(options, 'receipts', 60),
      folds: intOption(options, 'folds', 5),
      // --folds-by shop: every receipt of one seller in one fold (a figure for shops never seen). Invoices are always
      // scored by fold models over issuers (--folds-by issuer says so explicitly).
      ...(String(options['folds-by'] ?? '').split(',').includes('shop') ? { foldsBy: 'shop' as const } : {}),
      // --rules-only or --invoices rules: text-layer invoices by the hand rules alone (the before figure).
      ...(options['rules-only'] === true || options.invoices === 'rules' ? { invoices: 'rules' as const } : {}),
      // --seed N: other folds and fold models (a fresh seed for a round's final figure).
      ...(options.seed !== undefined ? { seed: intOption(options, 'seed', 0) } : {}),
      // --sets invoices,receipts-de: only those sets (iterating on one kind of document).
      ...(typeof options.sets === 'string' ? { sets: options.sets.split(',') } : {}),
      // --train-ocr N (SROIE OCR readings in the fold models, default the trainer's; 0 for transcripts only), --no-train-german.
      training: { ocr: intOption(options, 'train-ocr', (await import('./train/extract.ts')).DEFAULT_OCR_SAMPLE), german: options['no-train-german'] !== true },
      // --no-glyphs: receipt names and addresses without the letter-or-digit model (the comparison).
      ...(options['no-glyphs'] === true ? { glyphs: false } : {}),
      // --rules-only: the hand rules without the receipt ranker (the comparison the ranker is measured against).
      ...(options['rules-only'] === true
        ? { receiptExtractor: (pages) => extractFinancial(pages, { receiptModel: null }), note: 'hand rules only (--rules-only)' }
        : {}),
      log: (line) => {
        if (!quiet || !line.startsWith('  ')) console.log(line);
      },
    });
  },
  async 'invoice-stress'(options) {
    const { runInvoiceStressEval } = await import('./eval/invoice-stress.ts');
    return runInvoiceStressEval({
      corpus: typeof options.corpus === 'string' ? options.corpus : corpusDir(),
      perCell: intOption(options, 'per-cell', 2),
      seed: intOption(options, 'seed', 7),
      quiet: options.quiet === true,
      log: (line) => console.log(line),
    });
  },
  async classify(options) {
    if (engineOption(options.engine) === 'bedrock') {
      const hosted = await bedrockForEval();
      const { runHostedClassifyEval } = await import('./eval/classify.ts');
      return runHostedClassifyEval({ corpus: typeof options.corpus === 'string' ? options.corpus : corpusDir(), log: (l) => console.log(l), hosted, limit: intOption(options, 'limit', 0) });
    }
    const foldsBy = options['folds-by'] === 'document' ? ('document' as const) : ('source' as const);
    if (options.draws !== undefined || options.seeds !== undefined) {
      const { drawSeeds, runClassifyDraws } = await import('./eval/classify-draws.ts');
      const seeds = typeof options.seeds === 'string' ? seedList(options.seeds) : drawSeeds(intOption(options, 'seed', 20261125), Math.max(1, intOption(options, 'draws', 5)));
      return runClassifyDraws({ corpus: typeof options.corpus === 'string' ? options.corpus : corpusDir(), log: (l) => console.log(l), foldsBy, seeds });
    }
    const { runClassifyEval } = await import('./eval/classify.ts');
    return runClassifyEval({
      corpus: typeof options.corpus === 'string' ? options.corpus : corpusDir(),
      log: (l) => console.log(l),
      foldsBy,
      ...(options.seed !== undefined ? { seed: intOption(options, 'seed', 0) } : {}),
    });
  },
  async split(options) {
    const { runSplitEval } = await import('./eval/classify.ts');
    const hosted = engineOption(options.engine) === 'bedrock' ? await bedrockForEval() : undefined;
    return runSplitEval({
      corpus: typeof options.corpus === 'string' ? options.corpus : corpusDir(),
      packets: intOption(options, 'packets', 60),
      ...(hosted ? { hosted } : {}),
      log: (l) => console.log(l),
    });
  },
  async layout(options) {
    const { runLayoutEval } = await import('./eval/layout.ts');
    return runLayoutEval({
      forms: intOption(options, 'forms', 120),
      scanned: intOption(options, 'scanned', 24),
      ...(options.seed !== undefined ? { seed: intOption(options, 'seed', 0) } : {}),
      log: (l) => console.log(l),
    });
  },
  async redact(options) {
    const { runRedactEval } = await import('./eval/redact.ts');
    const { engineOption, piiDetectionFor } = await import('./lib/hosted-engine.ts');
    const hosted = await piiDetectionFor(engineOption(options, 'redact'));
    const quiet = options.quiet === true;
    const report = await runRedactEval({
      corpus: typeof options.corpus === 'string' ? options.corpus : corpusDir(),
      ...(hosted ? { piiDetection: hosted.service } : {}),
      log: (line) => {
        if (!quiet || !line.startsWith('  ')) console.log(line);
      },
    });
    return hosted ? { ...report, engine: hosted.usage } : report;
  },
  async parse(options) {
    const { runParseEval, SOURCES } = await import('./eval/parse.ts');
    const requested = typeof options.sources === 'string' ? options.sources.split(',').map((s) => s.trim()).filter(Boolean) : [...SOURCES];
    const unknown = requested.filter((s) => !(SOURCES as readonly string[]).includes(s));
    if (unknown.length) throw new UsageError(`unknown source(s): ${unknown.join(', ')} (known: ${SOURCES.join(', ')})`);
    const { engineOption, pageTextFor } = await import('./lib/hosted-engine.ts');
    const hosted = await pageTextFor(engineOption(options, 'ocr'));
    const quiet = options.quiet === true;
    const report = await runParseEval({
      ...(hosted ? { pageText: hosted.service } : {}),
      corpus: typeof options.corpus === 'string' ? options.corpus : corpusDir(),
      sroieLimit: intOption(options, 'limit', 40),
      funsdLimit: intOption(options, 'funsd-limit', 50),
      invoiceLimit: intOption(options, 'invoice-limit', 0),
      sources: new Set(requested as (typeof SOURCES)[number][]),
      fileTimeoutMs: intOption(options, 'timeout-s', 180) * 1000,
      log: (line) => {
        if (!quiet || !line.startsWith('  ')) console.log(line);
      },
    });
    return hosted ? { ...report, engine: hosted.usage } : report;
  },
};

/** Stops OCR workers (if the OCR engine was loaded) so the process can exit. */
async function shutdownEngines(): Promise<void> {
  try {
    const pool = (await import('../functions/engines/ocr/tesseract-pool.ts' as string)) as { terminateOcr?: () => Promise<void> };
    await pool.terminateOcr?.();
  } catch {
    // No OCR engine in this tree yet.
  }
}

/** `--seeds 7,11,13`: whole numbers, at least one. */
function seedList(value: string): number[] {
  const seeds = value.split(',').map((s) => Number(s.trim()));
  if (!seeds.length || seeds.some((n) => !Number.isInteger(n) || n < 0)) throw new UsageError(`--seeds must be whole numbers ≥ 0 separated by commas, got ${value}.`);
  return seeds;
}

async function main(): Promise<number> {
  const { positional, options } = parseArgs(process.argv.slice(2));
  const operation = positional[0];
  if (!operation || options.help || !(operation in OPERATIONS)) {
    if (operation && !(operation in OPERATIONS)) console.error(`unknown operation '${operation}'\n`);
    console.error(USAGE);
    return options.help && !operation ? 0 : 2;
  }
  try {
    const report = await OPERATIONS[operation](options);
    const path = await writeResults(typeof options.out === 'string' ? options.out : 'eval-results', operation, report);
    console.log(`results: ${path} (and ${operation}-latest.json)`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  } finally {
    await shutdownEngines();
  }
}

process.exit(await main());
