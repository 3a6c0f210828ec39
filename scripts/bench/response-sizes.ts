/**
 * Response sizes (docs/api.md "Large responses"): output, gzip and offloaded
 * sizes and the server's peak RSS per page count.
 *
 * @module
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatTable, intOption, type parseArgs } from '../lib/cli.ts';
import { mib } from '../lib/machine.ts';
import { round } from '../lib/stats.ts';
import { client } from './client.ts';
import { type ServerUnderTest, procMemory, startServer } from './server.ts';

interface SizeResult {
  readonly case: string;
  readonly pages: number;
  readonly include_boxes: boolean;
  readonly file_bytes: number;
  readonly status_gzip: number;
  readonly status_identity: number;
  /** The full JSON answer, as a client that follows the rule reads it. */
  readonly output_bytes: number | null;
  /** Bytes on the wire for a client sending Accept-Encoding: gzip. */
  readonly gzip_wire_bytes: number | null;
  readonly gzip_ratio: number | null;
  /** Whether the gzip client still got the offloaded envelope (compressed answer over the limit). */
  readonly gzip_offloaded: boolean;
  /** Bytes on the wire for a client sending Accept-Encoding: identity, and whether it was offloaded. */
  readonly identity_wire_bytes: number | null;
  readonly identity_offloaded: boolean;
  readonly latency_gzip_ms: number;
  readonly server_peak_rss_mib: number | null;
  readonly server_rss_after_start_mib: number | null;
  readonly error?: string;
}

async function rawParse(server: ServerUnderTest, documentKey: string, query: string, acceptEncoding: string) {
  const form = new FormData();
  form.append('document_key', documentKey);
  const started = performance.now();
  const res = await fetch(`${server.url}/v1/parse${query}`, {
    method: 'POST',
    headers: { 'X-API-Key': server.apiKey, 'Accept-Encoding': acceptEncoding },
    body: form,
  });
  const text = await res.text();
  const ms = performance.now() - started;
  let body: any = null;
  try {
    body = JSON.parse(text);
  } catch {
    /* reported below */
  }
  return { status: res.status, wireBytes: Number(res.headers.get('content-length')), body, text, ms };
}

/** The documented rule: an offloaded answer's full JSON is at response_url. */
async function fullText(answer: { body: any; text: string }): Promise<string> {
  if (answer.body?.response_offloaded !== true) return answer.text;
  const res = await fetch(answer.body.response_url);
  return res.text();
}

async function sizeCase(pages: number, includeBoxes: boolean, log: (l: string) => void): Promise<SizeResult> {
  const { makeA4TextPdf, pageLines } = await import('../lib/synthetic.ts');
  const name = `${pages}p${includeBoxes ? ' include_boxes' : ' fast'}`;
  const bytes = await makeA4TextPdf(Array.from({ length: pages }, (_, i) => pageLines(i)));
  const dataDir = await mkdtemp(join(tmpdir(), 'docintel-bench-size-'));
  const server = await startServer(dataDir);
  const afterStart = procMemory(server.pid);
  try {
    const api = client(server.url, server.apiKey);
    const documentKey = await api.upload(`dense-${pages}p.pdf`, 'application/pdf', bytes);
    const query = includeBoxes ? '?include_boxes=true' : '';
    const gzip = await rawParse(server, documentKey, query, 'gzip');
    const identity = await rawParse(server, documentKey, query, 'identity');
    const memory = procMemory(server.pid);
    const full = gzip.status === 200 ? Buffer.byteLength(await fullText(gzip)) : null;
    const result: SizeResult = {
      case: name,
      pages,
      include_boxes: includeBoxes,
      file_bytes: bytes.byteLength,
      status_gzip: gzip.status,
      status_identity: identity.status,
      output_bytes: full,
      gzip_wire_bytes: gzip.status === 200 ? gzip.wireBytes : null,
      gzip_ratio: full && gzip.status === 200 ? round(full / gzip.wireBytes, 1) : null,
      gzip_offloaded: gzip.body?.response_offloaded === true,
      identity_wire_bytes: identity.status === 200 ? identity.wireBytes : null,
      identity_offloaded: identity.body?.response_offloaded === true,
      latency_gzip_ms: round(gzip.ms, 0)!,
      server_peak_rss_mib: memory ? mib(memory.peak) : null,
      server_rss_after_start_mib: afterStart ? mib(afterStart.rss) : null,
      ...(gzip.status !== 200 || identity.status !== 200 ? { error: `${gzip.status}/${identity.status} ${gzip.text.slice(0, 200)}` } : {}),
    };
    log(
      `  ${name}: output ${result.output_bytes ?? '–'} B, gzip ${result.gzip_wire_bytes ?? '–'} B (${result.gzip_ratio ?? '–'}x), identity ${result.identity_offloaded ? 'offloaded' : 'inline'}, peak RSS ${result.server_peak_rss_mib} MiB, ${result.latency_gzip_ms} ms`,
    );
    return result;
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function benchResponseSizes(options: ReturnType<typeof parseArgs>['options'], log: (l: string) => void): Promise<SizeResult[]> {
  const sizes = (typeof options.sizes === 'string' ? options.sizes : '10,100,1000')
    .split(',')
    .map((v) => Number(v.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  const boxesPages = intOption(options, 'boxes-pages', 150);
  log('response sizes (each case in a fresh server):');
  const results: SizeResult[] = [];
  for (const pages of sizes) results.push(await sizeCase(pages, false, log));
  if (boxesPages > 0) results.push(await sizeCase(boxesPages, true, log));
  log('');
  log(
    formatTable(
      ['case', 'output MiB', 'gzip MiB', 'ratio', 'no-gzip client', 'peak RSS MiB', 'ms'],
      results.map((r) => [
        r.case,
        r.output_bytes === null ? '–' : (r.output_bytes / 2 ** 20).toFixed(2),
        r.gzip_wire_bytes === null ? '–' : (r.gzip_wire_bytes / 2 ** 20).toFixed(2),
        r.gzip_ratio ?? '–',
        r.error ? `ERROR ${r.error.slice(0, 30)}` : r.identity_offloaded ? 'offloaded (link)' : 'inline',
        r.server_peak_rss_mib,
        r.latency_gzip_ms,
      ]),
    ),
  );
  return results;
}
