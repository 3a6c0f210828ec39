/**
 * `npm run bench -- <operation> [options]`: end-to-end latency of the path a
 * user hits (HTTP → local API Gateway → handler → DynamoDB/S3 emulators),
 * against a fresh local server started as a child process (`bin/dev.ts`, the
 * same as `npm start`) in a temporary data dir. Prints a summary and writes
 * bench-results/<operation>-<timestamp>.json and <operation>-latest.json.
 *
 * Operations: parse. See docs/eval-bench.md. The server under test and the
 * client are in scripts/bench/ (server.ts, client.ts); the operations too
 * (parse.ts with response-sizes.ts; operations.ts for the others).
 *
 * @module
 */
import { parseArgs, UsageError, writeResults } from './lib/cli.ts';
import { benchBatch, benchClassifySplit, benchCold, benchExtract, benchRedact } from './bench/operations.ts';
import { benchParse } from './bench/parse.ts';

const USAGE = `usage: npm run bench -- <operation> [options]

operations:
  extract   POST /v1/extract: a 1-page text-layer invoice with 20 line items (target ≤ 300 ms)
  classify  POST /v1/classify: 1-page text PDF (target ≤ 100 ms) and a 200-page one read on its budgeted pages
  split     POST /v1/split: a 20-page text-PDF packet (target ≤ 500 ms), and the same packet
            scanned at 200 dpi against its parse (target ≤ 2× the OCR time; --skip-scans leaves it out)
  batch     POST /v1/batch: a 1,000-document batch of 1-page text PDFs (target: done within 2 minutes),
            and the p95 of synchronous 1-page parses while it runs vs idle (target ≤ 2×);
            --documents N (default 1000), --probe-iterations N (idle probes, default 30)
  redact    POST /v1/redact end to end on a 1-page text PDF with PII (inline, output=urls, deidentify),
            a 20-page output=pdf and the 36-page inline cap; --iterations N (default 15),
            --long-iterations N (20/36-page runs, default 3)
  ocr       the OCR engine in process on a dense 300-dpi A4 page and small photos, against Debian's
            tesseract (single thread) when installed; --iterations N (default 3), --workers N
            (OCR workers, default the cores: a dense page is read in bands on all of them)
  cold      the first parse a freshly started, warmed server answers (a small photo, a 1-page text
            PDF) against the same parse again (target ≤ 1 s); --rounds N server starts each (default 3)
  parse     POST /v1/parse end to end: 1- and 100-page text PDFs (fresh and cached),
            a 1-page 300-dpi scan (PNG and image-only PDF), a 10-page scan

options (parse):
  --iterations N        fresh runs of the 1-page text PDF (default 20; the 100-page PDF gets N/4, min 3)
  --cached N            cache-hit runs per text PDF (default 10)
  --scan-iterations N   fresh runs of each 1-page scan (default 3)
  --long-scan-iterations N  fresh runs of the 10-page scan (default 1)
  --skip-scans          text PDFs only
  --cases a,b           only these documents: text-pdf-1p, text-pdf-100p, scan-png-1p, scan-pdf-1p, scan-pdf-10p
  --async               send every scan with X-Async: true and poll the job
  --sizes 10,100,1000   page counts of the response-size cases (fast parse, dense A4 text;
                        each in a fresh server, so its peak RSS is that request's); default 10,100,1000
  --boxes-pages N       pages of the include_boxes=true size case (default 150; 0 skips it)
  --skip-sizes          no response-size cases
  --server-heap-mib N   start the server with --max-old-space-size=N (peak RSS then reflects what
                        requests need rather than V8's lazy collection)
  --out DIR             results folder (default bench-results)
`;


const OPERATIONS: Record<string, (options: ReturnType<typeof parseArgs>['options'], log: (l: string) => void) => Promise<Record<string, unknown>>> = {
  parse: benchParse,
  batch: benchBatch,
  extract: benchExtract,
  redact: benchRedact,
  classify: (options, log) => benchClassifySplit('classify', options, log),
  split: (options, log) => benchClassifySplit('split', options, log),
  ocr: async (options, log) => (await import('./bench-ocr.ts')).benchOcr(options, log),
  cold: benchCold,
};

async function main(): Promise<number> {
  const { positional, options } = parseArgs(process.argv.slice(2));
  const operation = positional[0];
  if (!operation || !(operation in OPERATIONS)) {
    if (operation) console.error(`unknown operation '${operation}'\n`);
    console.error(USAGE);
    return 2;
  }
  try {
    const report = await OPERATIONS[operation](options, (line) => console.log(line));
    const path = await writeResults(typeof options.out === 'string' ? options.out : 'bench-results', operation, report);
    console.log(`results: ${path} (and ${operation}-latest.json)`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  }
}

process.exit(await main());