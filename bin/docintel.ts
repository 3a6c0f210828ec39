/**
 * `docintel`: the API from the command line, through the SDK.
 *
 *   docintel parse invoice.pdf [--mode advanced] [--format json|markdown|text]
 *   docintel extract|classify|split <file or document_key> [...]
 *   docintel redact <file> [--out masked/]
 *   docintel batch ./folder --endpoint /v1/parse --out results/
 *   docintel jobs get <job_id>
 *   docintel usage [--from 2026-11-01 --to 2026-11-30] [--csv]
 *
 * Configuration: DOCINTEL_API_URL (default http://127.0.0.1:3000, the local
 * server) and DOCINTEL_API_KEY (default: the test key the local server wrote
 * to ${DOCINTEL_DATA_DIR:-./.docintel}/dev-api-key on first start).
 * Exit codes: 0 success, 1 API error (code and request_id shown), 2 usage error.
 */
import { readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, extname, join, resolve } from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import cliProgress from 'cli-progress';
import { DocintelClient, DocintelError, type DocumentInput, type InferenceEnvelope } from '../sdk/index.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

class UsageError extends Error {}

function apiKey(): string {
  if (process.env.DOCINTEL_API_KEY) return process.env.DOCINTEL_API_KEY;
  const file = join(process.env.DOCINTEL_DATA_DIR ?? '.docintel', 'dev-api-key');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    throw new UsageError(`Set DOCINTEL_API_KEY (no ${file}: start the local server with npm start, or pass a key).`);
  }
}

function client(): DocintelClient {
  return new DocintelClient({ baseUrl: process.env.DOCINTEL_API_URL ?? 'http://127.0.0.1:3000', apiKey: apiKey() });
}

async function input(target: string): Promise<DocumentInput> {
  if (UUID.test(target)) return target;
  try {
    return { bytes: await readFile(target), filename: basename(target) };
  } catch {
    throw new UsageError(`Cannot read ${target} (give a file or a document_key).`);
  }
}

function json(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

function parseJsonOption(value: string | undefined, name: string): Record<string, unknown> | undefined {
  if (value === undefined) return undefined;
  const text = value.startsWith('@') ? readFileSync(value.slice(1), 'utf8') : value;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    return parsed as Record<string, unknown>;
  } catch {
    throw new UsageError(`--${name} must be a JSON object (or @file.json).`);
  }
}

function printParse(envelope: InferenceEnvelope, format: string): void {
  const pages = (envelope.result?.pages ?? []) as { page_number: number; text: string; structured?: { markdown?: string } }[];
  if (format === 'text') process.stdout.write(`${envelope.result?.ocr ?? ''}\n`);
  else if (format === 'markdown') process.stdout.write(`${pages.map((p) => p.structured?.markdown ?? p.text).join('\n\n---\n\n')}\n`);
  else json(envelope);
}

const program = new Command()
  .name('docintel')
  .description('docintel API client (DOCINTEL_API_URL, DOCINTEL_API_KEY)')
  .exitOverride()
  .showHelpAfterError();

program
  .command('parse')
  .argument('<file>', 'a file to upload, or a document_key')
  .addOption(new Option('--mode <mode>', 'fast or advanced (layout: regions, tables, markdown)').choices(['fast', 'advanced']).default('fast'))
  .option('--boxes', 'word boxes with confidences')
  .addOption(new Option('--format <format>', 'output').choices(['json', 'markdown', 'text']).default('json'))
  .option('--async', 'X-Async: true, then wait for the job')
  .action(async (file: string, o: { mode: string; boxes?: boolean; format: string; async?: boolean }) => {
    printParse(await client().parse(await input(file), { mode: o.mode as 'fast', include_boxes: Boolean(o.boxes), async: o.async }), o.format);
  });

program
  .command('extract')
  .argument('<file>', 'a file to upload, or a document_key')
  .addOption(new Option('--category <category>').choices(['financial', 'non_financial']).default('financial'))
  .option('--schema <json>', 'non_financial: the shape to fill (JSON or @schema.json)')
  .addOption(new Option('--parse-mode <mode>').choices(['fast', 'advanced']))
  .option('--async', 'X-Async: true, then wait for the job')
  .action(async (file: string, o: { category: string; schema?: string; parseMode?: string; async?: boolean }) => {
    json(
      await client().extract(await input(file), {
        category: o.category as 'financial',
        ...(o.parseMode ? { parse_mode: o.parseMode as 'fast' } : {}),
        schema: parseJsonOption(o.schema, 'schema'),
        async: o.async,
      }),
    );
  });

for (const operation of ['classify', 'split'] as const) {
  program
    .command(operation)
    .argument('<file>', 'a file to upload, or a document_key')
    .option('--options <json>', `the ${operation} options object (JSON or @file.json)`)
    .option('--async', 'X-Async: true, then wait for the job')
    .action(async (file: string, o: { options?: string; async?: boolean }) => {
      json(await client()[operation](await input(file), { options: parseJsonOption(o.options, 'options'), async: o.async }));
    });
}

program
  .command('redact')
  .argument('<file>', 'a file to upload, or a document_key')
  .addOption(new Option('--mode <mode>').choices(['redact', 'deidentify']).default('redact'))
  .option('--pii-config <json>', 'extra PII types (JSON or @file.json)')
  .option('--out <dir>', 'folder for the masked page PNGs', 'redacted')
  .action(async (file: string, o: { mode: string; piiConfig?: string; out: string }) => {
    const envelope = await client().redact(await input(file), { mode: o.mode as 'redact', pii_config: parseJsonOption(o.piiConfig, 'pii-config') });
    await mkdir(o.out, { recursive: true });
    const stem = UUID.test(file) ? file : basename(file, extname(file));
    const written: string[] = [];
    for (const page of envelope.result.pages as { page_number: number; image_base64?: string }[]) {
      if (!page.image_base64) continue;
      const path = join(o.out, `${stem}-page-${page.page_number}.png`);
      await writeFile(path, Buffer.from(page.image_base64, 'base64'));
      written.push(path);
    }
    await writeFile(join(o.out, `${stem}.txt`), String(envelope.result.updated_text_block ?? ''));
    json({ request_id: envelope.request_id, summary: envelope.result.summary, pages: written, text: join(o.out, `${stem}.txt`) });
  });

program
  .command('batch')
  .argument('<folder>', 'every file in it becomes one item')
  .addOption(new Option('--endpoint <endpoint>').choices(['/v1/parse', '/v1/classify', '/v1/split', '/v1/redact']).default('/v1/parse'))
  .option('--out <dir>', 'results folder (one JSON per document, as items finish)', 'results')
  .option('--options <json>', 'the operation options (JSON or @file.json)')
  .addOption(new Option('--parse-mode <mode>').choices(['fast', 'advanced']))
  .option('--webhook-url <url>')
  .option('--idempotency-key <key>', 'resubmitting with the same key returns the same batch')
  .action(async (folder: string, o: { endpoint: string; out: string; options?: string; parseMode?: string; webhookUrl?: string; idempotencyKey?: string }) => {
    const api = client();
    const names = (await readdir(folder)).filter((n) => !n.startsWith('.')).sort();
    const files: string[] = [];
    for (const name of names) if ((await stat(join(folder, name))).isFile()) files.push(name);
    if (files.length === 0) throw new UsageError(`${folder} has no files.`);
    await mkdir(o.out, { recursive: true });
    const bar = new cliProgress.SingleBar(
      {
        format: '{phase} [{bar}] {value}/{total} | done {done} failed {failed} | ETA {eta_formatted}',
        hideCursor: true,
        etaBuffer: 50,
        // Not a terminal (CI, a log file): a plain progress line every 2 s instead of redraws.
        noTTYOutput: true,
        notTTYSchedule: 2000,
      },
      cliProgress.Presets.shades_classic,
    );
    const stream = process.stderr;
    bar.start(files.length, 0, { phase: 'upload', done: 0, failed: 0 });
    const keys: string[] = new Array(files.length);
    for (let i = 0; i < files.length; i += 8) {
      await Promise.all(
        files.slice(i, i + 8).map(async (name, j) => {
          keys[i + j] = await api.upload(await readFile(join(folder, name)), name);
          bar.increment();
        }),
      );
    }
    const receipt = await api.batch.submit(
      {
        endpoint: o.endpoint,
        document_keys: keys,
        ...(o.options ? { options: parseJsonOption(o.options, 'options') } : {}),
        ...(o.parseMode ? { parse_mode: o.parseMode as 'fast' } : {}),
        ...(o.webhookUrl ? { webhook_url: o.webhookUrl } : {}),
      },
      { idempotencyKey: o.idempotencyKey },
    );
    bar.stop();
    stream.write(`batch ${receipt.batch_id}: ${receipt.total_items} documents\n`);
    bar.start(files.length, 0, { phase: 'process', done: 0, failed: 0 });
    let done = 0;
    let failed = 0;
    const record = await api.batch.waitFor(receipt.batch_id, {
      onProgress: async ({ newlyFinished }) => {
        await Promise.all(
          newlyFinished.map(async (item) => {
            const stem = files[item.doc_index];
            if (item.status === 'done' && item.result_url) {
              const res = await fetch(item.result_url);
              await writeFile(join(o.out, `${stem}.json`), Buffer.from(await res.arrayBuffer()));
              done++;
            } else {
              await writeFile(join(o.out, `${stem}.error.json`), JSON.stringify(item.error ?? item, null, 2));
              failed++;
            }
          }),
        );
        bar.update(done + failed, { done, failed });
      },
    });
    bar.stop();
    json({ batch_id: record.batch_id, status: record.status, counts: record.counts, out: resolve(o.out) });
    if (record.status !== 'completed') process.exitCode = 1;
  });

program
  .command('jobs')
  .description('asynchronous jobs')
  .command('get')
  .argument('<job_id>')
  .action(async (jobId: string) => {
    json(await client().unwrap(client().raw.GET('/v1/jobs/{job_id}', { params: { path: { job_id: jobId } } })));
  });

program
  .command('usage')
  .option('--from <date>', 'YYYY-MM-DD (UTC, included)')
  .option('--to <date>', 'YYYY-MM-DD (UTC, included)')
  .option('--csv', 'CSV rows instead of JSON')
  .action(async (o: { from?: string; to?: string; csv?: boolean }) => {
    const api = client();
    const query = { ...(o.from ? { from: o.from } : {}), ...(o.to ? { to: o.to } : {}), ...(o.csv ? { format: 'csv' } : {}) };
    if (o.csv) {
      const url = `${(process.env.DOCINTEL_API_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '')}/v1/usage?${new URLSearchParams(query)}`;
      const res = await fetch(url, { headers: { 'X-API-Key': apiKey(), Accept: 'text/csv' }, redirect: 'follow' });
      const text = await res.text();
      if (!res.ok) throw DocintelError.fromBody(res.status, JSON.parse(text));
      process.stdout.write(text);
    } else {
      json(await api.usage(query as never));
    }
  });

async function main(): Promise<number> {
  try {
    await program.parseAsync(process.argv);
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version are not errors.
      return error.exitCode === 0 || error.code === 'commander.helpDisplayed' || error.code === 'commander.version' ? 0 : 2;
    }
    if (error instanceof UsageError) {
      process.stderr.write(`docintel: ${error.message}\n`);
      return 2;
    }
    if (error instanceof DocintelError) {
      process.stderr.write(`docintel: ${error.code} (HTTP ${error.status}): ${error.message}${error.requestId ? ` [request_id ${error.requestId}]` : ''}\n`);
      return 1;
    }
    if ((error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED') {
      process.stderr.write(`docintel: cannot reach ${process.env.DOCINTEL_API_URL ?? 'http://127.0.0.1:3000'} (is npm start running?)\n`);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await main();
