/**
 * `docintel`: the API from the command line, through the SDK.
 *
 *   docintel parse samples/invoice.pdf [--mode advanced] [--format json|markdown|text] [--out file]
 *   docintel extract|classify|split <file or document_key> [...]
 *   docintel redact <file> [--out masked/]
 *   docintel batch ./folder --endpoint /v1/parse --out results/
 *   docintel jobs get <job_id>
 *   docintel usage [--from 2026-11-01 --to 2026-11-30] [--csv]
 *
 * Server and key: see bin/docintel-config.ts (DOCINTEL_API_URL, else the
 * running local server's .docintel/endpoints.json, else
 * http://127.0.0.1:3000; DOCINTEL_API_KEY, else .docintel/dev-api-key).
 * Exit codes: 0 success, 1 API error or a batch with rejected/failed files
 * (code and request_id shown), 2 usage error.
 */
import { readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, extname, join, resolve } from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import { DocintelClient, DocintelError, type DocumentInput, type JobStatus, type ParseEnvelope } from '../sdk/index.ts';
import { apiKey, apiUrl, describeKey, UsageError, type KeyInfo } from './docintel-config.ts';
import { entitiesCsv, lineItemsCsv } from './docintel-csv.ts';
import { BatchProgressBar } from './docintel-progress.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

let keyInUse: KeyInfo | undefined;

function client(): DocintelClient {
  keyInUse = apiKey();
  return new DocintelClient({ baseUrl: apiUrl().value, apiKey: keyInUse.value });
}

async function input(target: string): Promise<DocumentInput> {
  if (UUID.test(target)) return target;
  try {
    return { bytes: await readFile(target), filename: basename(target) };
  } catch {
    throw new UsageError(`Cannot read ${target} (give a file or a document_key).`);
  }
}

/** Writes the output to --out when given, else to stdout. */
async function emit(text: string, out?: string): Promise<void> {
  const body = text.endsWith('\n') ? text : `${text}\n`;
  if (!out) {
    process.stdout.write(body);
    return;
  }
  await writeFile(out, body);
  process.stderr.write(`wrote ${resolve(out)}\n`);
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

function parseJsonOption(value: string | undefined, name: string): Record<string, unknown> | undefined {
  if (value === undefined) return undefined;
  let text = value;
  if (value.startsWith('@')) {
    try {
      text = readFileSync(value.slice(1), 'utf8');
    } catch {
      throw new UsageError(`--${name}: cannot read ${value.slice(1)}.`);
    }
  }
  try {
    const parsed = JSON.parse(text) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    return parsed as Record<string, unknown>;
  } catch {
    throw new UsageError(`--${name} must be a JSON object (or @file.json).`);
  }
}

/** Job progress on stderr while an --async call is polled: on each change of state, and every 10 s. */
function jobProgress(): (job: JobStatus) => void {
  const started = Date.now();
  let last = '';
  let lastAt = 0;
  return (job) => {
    const pages = job.pages_total ? `, ${job.pages_done ?? 0}/${job.pages_total} pages` : '';
    const line = `job ${job.job_id}: ${job.status}${pages}`;
    if (line === last && Date.now() - lastAt < 10_000) return;
    last = line;
    lastAt = Date.now();
    process.stderr.write(`${line} (${Math.round((Date.now() - started) / 1000)} s)\n`);
  };
}

const asyncCall = (o: { async?: boolean }) => (o.async ? { async: true, onJobProgress: jobProgress() } : {});

function renderParse(envelope: ParseEnvelope, format: string): string {
  const pages = envelope.result.pages;
  if (format === 'text') return envelope.result.ocr;
  if (format === 'markdown') return pages.map((p) => p.structured?.markdown ?? p.text).join('\n\n---\n\n');
  return pretty(envelope);
}

const program = new Command()
  .name('docintel')
  .description(
    'The docintel API from the command line.\n\n' +
      'Server: DOCINTEL_API_URL, else the running local server (.docintel/endpoints.json), else http://127.0.0.1:3000.\n' +
      'Key: DOCINTEL_API_KEY, else the local test key in .docintel/dev-api-key (organization dev).\n' +
      'Exit codes: 0 success, 1 API error or rejected/failed batch files, 2 usage error.',
  )
  .version(VERSION, '-V, --version', 'print the version')
  .exitOverride()
  .showHelpAfterError('(add --help for usage)');
program.addHelpText(
  'after',
  '\nExamples:\n  npm start                       # in another terminal\n  docintel parse samples/invoice.pdf --format text\n  docintel help batch',
);

program
  .command('parse')
  .description('Text, pages and (advanced) layout of a document')
  .argument('<file>', 'a file to upload, or a document_key')
  .addOption(new Option('--mode <mode>', 'fast or advanced (layout: regions, tables, markdown)').choices(['fast', 'advanced']).default('fast'))
  .option('--boxes', 'word boxes with confidences')
  .addOption(
    new Option('--format <format>', 'json: the envelope; text: the text; markdown: the layout as markdown (implies --mode advanced)')
      .choices(['json', 'markdown', 'text'])
      .default('json'),
  )
  .option('--out <file>', 'write the output to a file instead of stdout')
  .option('--async', 'X-Async: true, then wait for the job (progress on stderr)')
  .addHelpText(
    'after',
    '\nExamples:\n  docintel parse samples/invoice.pdf --format text\n  docintel parse samples/invoice.pdf --format markdown --out invoice.md',
  )
  .action(async (file: string, o: { mode: string; boxes?: boolean; format: string; out?: string; async?: boolean }, cmd: Command) => {
    let mode = o.mode;
    if (o.format === 'markdown' && mode !== 'advanced') {
      // Markdown is built from the layout, which only advanced parse reads.
      if (cmd.getOptionValueSource('mode') !== 'default')
        throw new UsageError('--format markdown needs --mode advanced (fast parse reads no layout).');
      mode = 'advanced';
    }
    const envelope = await client().parse(await input(file), { mode: mode as 'fast', include_boxes: Boolean(o.boxes), ...asyncCall(o) });
    await emit(renderParse(envelope, o.format), o.out);
  });

program
  .command('extract')
  .description('Fields and line items of an invoice or receipt (financial), or a schema filled from any document')
  .argument('<file>', 'a file to upload, or a document_key')
  .addOption(new Option('--category <category>').choices(['financial', 'non_financial']).default('financial'))
  .option('--schema <json>', 'non_financial: the shape to fill (JSON or @schema.json)')
  .addOption(new Option('--parse-mode <mode>').choices(['fast', 'advanced']))
  .addOption(new Option('--csv <table>', 'print one table as CSV instead of the JSON envelope').choices(['entities', 'line_items']))
  .option('--out <file>', 'write the output to a file instead of stdout')
  .option('--async', 'X-Async: true, then wait for the job (progress on stderr)')
  .addHelpText(
    'after',
    '\nExamples:\n  docintel extract samples/invoice.pdf\n  docintel extract samples/invoice.pdf --csv line_items --out items.csv',
  )
  .action(async (file: string, o: { category: string; schema?: string; parseMode?: string; csv?: string; out?: string; async?: boolean }) => {
    if (o.csv && o.category !== 'financial')
      throw new UsageError('--csv needs --category financial (entities and line items are financial results).');
    const api = client();
    const document = await input(file);
    const common = { ...(o.parseMode ? { parse_mode: o.parseMode as 'fast' } : {}), schema: parseJsonOption(o.schema, 'schema'), ...asyncCall(o) };
    const envelope =
      o.category === 'non_financial'
        ? await api.extract(document, { ...common, category: 'non_financial' })
        : await api.extract(document, { ...common, category: 'financial' });
    const result = envelope.result;
    if (o.csv && !('line_items' in result)) throw new UsageError('--csv: the answer has no entities or line items (a schema was filled).');
    if (o.csv === 'entities' && 'line_items' in result) await emit(entitiesCsv(result.entities, result.confidence), o.out);
    else if (o.csv === 'line_items' && 'line_items' in result) await emit(lineItemsCsv(result.line_items), o.out);
    else await emit(pretty(envelope), o.out);
  });

for (const [operation, description] of [
  ['classify', 'The document type of a document (options: mode fast|balanced|thorough, active_classes, custom_llm_classes, …)'],
  ['split', 'The documents inside a packet: page ranges and their types'],
] as const) {
  program
    .command(operation)
    .description(description)
    .argument('<file>', 'a file to upload, or a document_key')
    .option('--options <json>', `the ${operation} options object (JSON or @file.json; docs/api.md)`)
    .option('--out <file>', 'write the output to a file instead of stdout')
    .option('--async', 'X-Async: true, then wait for the job (progress on stderr)')
    .addHelpText(
      'after',
      `\nExamples:\n  docintel ${operation} samples/packet.pdf\n  docintel ${operation} samples/packet.pdf --options '{"mode":"fast"}'`,
    )
    .action(async (file: string, o: { options?: string; out?: string; async?: boolean }) => {
      await emit(pretty(await client()[operation](await input(file), { options: parseJsonOption(o.options, 'options'), ...asyncCall(o) })), o.out);
    });
}

program
  .command('redact')
  .description('Masks personal data: masked page images and the redacted text')
  .argument('<file>', 'a file to upload, or a document_key')
  .addOption(new Option('--mode <mode>').choices(['redact', 'deidentify']).default('redact'))
  .option('--pii-config <json>', 'extra PII types (JSON or @file.json)')
  .option('--out <dir>', 'folder for the masked page PNGs and the text', 'redacted')
  .addHelpText('after', '\nExample:\n  docintel redact samples/letter.pdf --out masked/')
  .action(async (file: string, o: { mode: string; piiConfig?: string; out: string }) => {
    const envelope = await client().redact(await input(file), { mode: o.mode as 'redact', pii_config: parseJsonOption(o.piiConfig, 'pii-config') });
    await mkdir(o.out, { recursive: true });
    const stem = UUID.test(file) ? file : basename(file, extname(file));
    const written: string[] = [];
    for (const page of envelope.result.pages) {
      if (!page.image_base64) continue;
      const path = join(o.out, `${stem}-page-${page.page_number}.png`);
      await writeFile(path, Buffer.from(page.image_base64, 'base64'));
      written.push(path);
    }
    await writeFile(join(o.out, `${stem}.txt`), envelope.result.updated_text_block);
    await emit(pretty({ request_id: envelope.request_id, summary: envelope.result.summary, pages: written, text: join(o.out, `${stem}.txt`) }));
  });

interface Rejected {
  readonly file: string;
  readonly code: string;
  readonly message: string;
}

async function filesIn(folder: string): Promise<string[]> {
  let names: string[];
  try {
    names = (await readdir(folder)).filter((n) => !n.startsWith('.')).sort();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(code === 'ENOTDIR' ? `${folder} is not a folder.` : `Cannot read the folder ${folder} (${code ?? 'error'}).`);
  }
  const files: string[] = [];
  for (const name of names) if ((await stat(join(folder, name))).isFile()) files.push(name);
  if (files.length === 0) throw new UsageError(`${folder} has no files.`);
  return files;
}

/** Uploads the files eight at a time; files the API refuses are listed as rejected (in the folder's order), not thrown. */
async function uploadAll(
  api: ReturnType<typeof client>,
  folder: string,
  files: readonly string[],
  bar: BatchProgressBar,
): Promise<{ accepted: { file: string; key: string }[]; rejected: Rejected[] }> {
  const rejected: Rejected[] = [];
  const accepted: { file: string; key: string }[] = [];
  bar.start('upload', files.length);
  for (let i = 0; i < files.length; i += 8) {
    const uploads = await Promise.all(
      files.slice(i, i + 8).map(async (file) => {
        try {
          return { file, key: await api.upload(await readFile(join(folder, file)), file) };
        } catch (error) {
          if (!(error instanceof DocintelError)) throw error;
          rejected.push({ file, code: error.code, message: error.message });
          return undefined;
        } finally {
          bar.advance({ failed: rejected.length });
        }
      }),
    );
    for (const upload of uploads) if (upload) accepted.push(upload);
  }
  bar.stop();
  // Uploads run eight at a time and fail in any order; the summary lists files in the folder's order.
  const position = new Map(files.map((file, i) => [file, i]));
  rejected.sort((a, b) => position.get(a.file)! - position.get(b.file)!);
  return { accepted, rejected };
}

program
  .command('batch')
  .description('Every file of a folder as one batch; results written as items finish. Rejected files are reported and skipped.')
  .argument('<folder>', 'every file in it becomes one item')
  .addOption(new Option('--endpoint <endpoint>').choices(['/v1/parse', '/v1/classify', '/v1/split', '/v1/redact']).default('/v1/parse'))
  .option('--out <dir>', 'results folder (<file>.json per document, <file>.error.json per failure)', 'results')
  .option('--options <json>', 'the operation options (JSON or @file.json)')
  .addOption(new Option('--parse-mode <mode>').choices(['fast', 'advanced']))
  .option('--webhook-url <url>')
  .option('--idempotency-key <key>', 'resubmitting with the same key returns the same batch')
  .addHelpText(
    'after',
    '\nExit code 1 when any file was rejected or failed (the summary lists each), 0 when all succeeded.\n\nExample:\n  docintel batch samples/ --endpoint /v1/classify --out results/',
  )
  .action(
    async (
      folder: string,
      o: { endpoint: string; out: string; options?: string; parseMode?: string; webhookUrl?: string; idempotencyKey?: string },
    ) => {
      const files = await filesIn(folder);
      const options = parseJsonOption(o.options, 'options');
      const api = client();
      await mkdir(o.out, { recursive: true });
      const bar = new BatchProgressBar();
      try {
        const { accepted, rejected } = await uploadAll(api, folder, files, bar);
        if (accepted.length === 0) {
          reportBatch(
            { status: 'rejected', counts: { total: files.length, done: 0, failed: 0, rejected: rejected.length }, out: resolve(o.out) },
            rejected,
            [],
          );
          process.exitCode = 1;
          return;
        }
        const receipt = await api.batch.submit(
          {
            endpoint: o.endpoint,
            document_keys: accepted.map((a) => a.key),
            ...(options ? { options } : {}),
            ...(o.parseMode ? { parse_mode: o.parseMode as 'fast' } : {}),
            ...(o.webhookUrl ? { webhook_url: o.webhookUrl } : {}),
          },
          { idempotencyKey: o.idempotencyKey },
        );
        process.stderr.write(
          `batch ${receipt.batch_id}: ${receipt.total_items} documents${rejected.length ? ` (${rejected.length} rejected at upload)` : ''}\n`,
        );
        bar.start('process', accepted.length);
        const failed: Rejected[] = [];
        let done = 0;
        const record = await api.batch.waitFor(receipt.batch_id, {
          onProgress: async ({ newlyFinished }) => {
            await Promise.all(
              newlyFinished.map(async (item) => {
                const file = accepted[item.doc_index]?.file ?? `item-${item.doc_index}`;
                if (item.status === 'done' && item.result_url) {
                  const res = await fetch(item.result_url);
                  await writeFile(join(o.out, `${file}.json`), Buffer.from(await res.arrayBuffer()));
                  done++;
                } else {
                  const error = (item.error ?? {}) as { code?: string; message?: string };
                  failed.push({ file, code: error.code ?? 'failed', message: error.message ?? item.status });
                  await writeFile(join(o.out, `${file}.error.json`), pretty(item.error ?? item));
                }
              }),
            );
            bar.update(done + failed.length, { done, failed: failed.length });
          },
        });
        bar.stop();
        reportBatch(
          { batch_id: record.batch_id, status: record.status, counts: { ...record.counts, rejected: rejected.length }, out: resolve(o.out) },
          rejected,
          failed,
        );
        if (record.status !== 'completed' || rejected.length > 0 || failed.length > 0) process.exitCode = 1;
      } finally {
        // The bar's timer would keep the process alive after an error.
        bar.stop();
      }
    },
  );

/** The summary JSON on stdout, and one line per file that did not succeed on stderr. */
function reportBatch(summary: Record<string, unknown>, rejected: Rejected[], failed: Rejected[]): void {
  for (const r of rejected) process.stderr.write(`rejected ${r.file}: ${r.code}: ${r.message}\n`);
  for (const f of failed) process.stderr.write(`failed ${f.file}: ${f.code}: ${f.message}\n`);
  process.stdout.write(`${pretty({ ...summary, rejected, failed })}\n`);
}

const jobs = program.command('jobs').description('Asynchronous jobs (started with --async or X-Async: true)');
jobs
  .command('get')
  .description("A job's status, and its response once it succeeded")
  .argument('<job_id>')
  .addHelpText('after', '\nJobs are visible to the keys of the organization that created them only.')
  .action(async (jobId: string) => {
    const api = client();
    await emit(pretty(await api.unwrap(api.raw.GET('/v1/jobs/{job_id}', { params: { path: { job_id: jobId } } }))));
  });

program
  .command('usage')
  .description("Your organization's billed usage, per request")
  .option('--from <date>', 'YYYY-MM-DD (UTC, included)')
  .option('--to <date>', 'YYYY-MM-DD (UTC, included)')
  .option('--csv', 'CSV rows instead of JSON')
  .option('--out <file>', 'write the output to a file instead of stdout')
  .action(async (o: { from?: string; to?: string; csv?: boolean; out?: string }) => {
    const api = client();
    const query = { ...(o.from ? { from: o.from } : {}), ...(o.to ? { to: o.to } : {}) };
    if (o.csv) {
      await emit(await api.usageCsv(query), o.out);
      return;
    }
    const usage = (await api.usage(query)) as { requests?: unknown[]; rows?: unknown[] };
    await emit(pretty(usage), o.out);
    const rows = usage.requests ?? usage.rows;
    if (Array.isArray(rows) && rows.length === 0 && keyInUse?.value.startsWith('hk_test_')) {
      // Test keys are never billed: an empty list is what every test key sees, whichever organization made the requests.
      process.stderr.write(
        `docintel: no usage for ${describeKey(keyInUse)}: requests made with test keys (hk_test_) are never billed, so none are listed; live keys' are.\n`,
      );
    } else if (Array.isArray(rows) && rows.length === 0 && keyInUse?.source !== 'DOCINTEL_API_KEY') {
      process.stderr.write(
        `docintel: no usage for ${describeKey(keyInUse!)}; requests made with another organization's key are not shown (set DOCINTEL_API_KEY).\n`,
      );
    }
  });

/** A hint for a 404 that may only mean "another organization's key". */
function notFoundHint(error: DocintelError): string {
  if (error.status !== 404 || !keyInUse || keyInUse.source === 'DOCINTEL_API_KEY') return '';
  return `\n  (using ${describeKey(keyInUse)}; documents, jobs and batches are visible to keys of the organization that created them only: set DOCINTEL_API_KEY to that key)`;
}

async function main(): Promise<number> {
  try {
    await program.parseAsync(process.argv);
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version are not errors; commander has already printed the message.
      return error.exitCode === 0 || error.code === 'commander.helpDisplayed' || error.code === 'commander.version' ? 0 : 2;
    }
    if (error instanceof UsageError) {
      process.stderr.write(`docintel: ${error.message}\n`);
      return 2;
    }
    if (error instanceof DocintelError) {
      process.stderr.write(
        `docintel: ${error.code} (HTTP ${error.status}): ${error.message}${error.requestId ? ` [request_id ${error.requestId}]` : ''}${notFoundHint(error)}\n`,
      );
      return 1;
    }
    if (error instanceof TypeError && error.message === 'fetch failed') {
      // fetch's network failure: the cause holds the reason (ECONNREFUSED, ENOTFOUND, a TLS error, …).
      const cause = error.cause as { code?: string; message?: string } | undefined;
      const url = apiUrl();
      process.stderr.write(
        `docintel: cannot reach ${url.value} (from ${url.source}; ${cause?.code ?? cause?.message ?? 'network error'}; is npm start running?)\n`,
      );
      return 1;
    }
    // Anything else: one line, no stack (DOCINTEL_DEBUG=1 shows it).
    process.stderr.write(`docintel: ${(error as Error).message ?? String(error)}\n`);
    if (process.env.DOCINTEL_DEBUG) process.stderr.write(`${(error as Error).stack}\n`);
    return 1;
  }
}

process.exitCode = await main();
