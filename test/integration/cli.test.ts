/** The `docintel` CLI as a new user runs it: `npx docintel …` in the checkout, against the local server. */
import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeTextPdf } from '../helpers/pdf.ts';

const execFileAsync = promisify(execFile);
const ROOT = new URL('../../', import.meta.url).pathname;
const dir = join(ROOT, '.tmp', `cli-${process.pid}`);

async function docintel(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return docintelIn({ cwd: ROOT, env: { DOCINTEL_API_URL: inject('baseUrl'), DOCINTEL_API_KEY: inject('keys').proTest } }, ...args);
}

/** The CLI with a chosen folder and environment (DOCINTEL_* unset unless given). */
async function docintelIn(at: { cwd: string; env: Record<string, string> }, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('DOCINTEL_')));
  try {
    const { stdout, stderr } = await execFileAsync('npx', ['--no-install', 'docintel', ...args], {
      cwd: at.cwd,
      env: { ...env, ...at.env },
      maxBuffer: 64 * 1024 * 1024,
      timeout: 150_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

describe('docintel CLI', () => {
  beforeAll(async () => {
    await mkdir(join(dir, 'folder'), { recursive: true });
    await writeFile(join(dir, 'some.pdf'), await makeTextPdf([['Quarterly statement', 'Balance 1,234.56 EUR']]));
    for (let i = 0; i < 200; i += 20) {
      await Promise.all(
        Array.from({ length: 20 }, async (_, j) => writeFile(join(dir, 'folder', `doc-${String(i + j).padStart(3, '0')}.pdf`), await makeTextPdf([[`CLI batch document ${i + j}`, `nonce ${Math.random()}`]]))),
      );
    }
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('parses a file to text (exit 0), and reports API and usage errors with exit codes 1 and 2', async () => {
    const ok = await docintel('parse', join(dir, 'some.pdf'), '--format', 'text');
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('Quarterly statement');
    const json = await docintel('parse', join(dir, 'some.pdf'), '--mode', 'advanced', '--format', 'markdown');
    expect(json.code).toBe(0);
    expect(json.stdout).toContain('Balance 1,234.56 EUR');

    const apiError = await docintel('parse', '00000000-0000-4000-8000-000000000000');
    expect(apiError.code).toBe(1);
    expect(apiError.stderr).toMatch(/document_not_found \(HTTP 404\).*\[request_id [0-9a-f-]{36}\]/);
    expect((await docintel('parse', join(dir, 'missing.pdf'))).code).toBe(2);
    expect((await docintel('parse', join(dir, 'some.pdf'), '--mode', 'psychic')).code).toBe(2);
    expect((await docintel('frobnicate')).code).toBe(2);
  });

  it('runs a folder of 200 PDFs as a batch with progress and writes 200 results', async () => {
    const out = join(dir, 'results');
    const run = await docintel('batch', join(dir, 'folder'), '--endpoint', '/v1/parse', '--out', out);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/process \[.*\] \d+\/200 \| done \d+ failed 0/);
    const summary = JSON.parse(run.stdout);
    expect(summary).toMatchObject({ status: 'completed', counts: { total: 200, done: 200, failed: 0 } });
    const files = (await readdir(out)).sort();
    expect(files).toHaveLength(200);
    const first = JSON.parse(await readFile(join(out, files[0]), 'utf8'));
    expect(first.result.ocr).toContain('CLI batch document 0');
  }, 180_000);

  it('reports and skips rejected files in a batch: exit 1 with a per-file summary, never a hang', async () => {
    const folder = join(dir, 'mixed');
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'a-good.pdf'), await makeTextPdf([['Mixed batch good one']]));
    await writeFile(join(folder, 'b-empty.pdf'), Buffer.alloc(0));
    await writeFile(join(folder, 'c-program.exe'), Buffer.from('MZ\x90\x00 not a document'));
    await writeFile(join(folder, 'c-scan.v2'), Buffer.from('MZ\x90\x00 not a document'));
    await writeFile(join(folder, 'd-good.pdf'), await makeTextPdf([['Mixed batch good two']]));
    const out = join(dir, 'mixed-results');
    const run = await docintel('batch', folder, '--out', out);
    expect(run.code, run.stderr).toBe(1);
    const summary = JSON.parse(run.stdout);
    // An empty file and a file whose extension names a type we cannot read (.exe) are refused at upload; a file of
    // unknown extension uploads (the SPEC's default content type) and fails when its bytes are read, as a failed
    // item with its error written beside the results.
    expect(summary.counts).toMatchObject({ total: 3, done: 2, failed: 1, rejected: 2 });
    expect(summary.rejected.map((r: { file: string }) => r.file).sort()).toEqual(['b-empty.pdf', 'c-program.exe']);
    expect(summary.rejected[0].code).toMatch(/^[a-z_]+$/);
    expect(summary.failed).toEqual([expect.objectContaining({ file: 'c-scan.v2', code: expect.stringMatching(/^[a-z_]+$/) })]);
    expect(run.stderr).toMatch(/rejected b-empty\.pdf: [a-z_]+: /);
    expect((await readdir(out)).sort()).toEqual(['a-good.pdf.json', 'c-scan.v2.error.json', 'd-good.pdf.json']);

    const none = join(dir, 'all-rejected');
    await mkdir(none, { recursive: true });
    await writeFile(join(none, 'empty.pdf'), Buffer.alloc(0));
    const allRejected = await docintel('batch', none, '--out', join(dir, 'none-results'));
    expect(allRejected.code).toBe(1);
    expect(JSON.parse(allRejected.stdout)).toMatchObject({ status: 'rejected', rejected: [{ file: 'empty.pdf' }] });
  }, 120_000);

  it('answers usage errors with exit 2 and one line (no stack), and has --version and help for every subcommand', async () => {
    const missing = await docintel('batch', join(dir, 'no-such-folder'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^docintel: Cannot read the folder .*no-such-folder \(ENOENT\)\.\n$/);
    const version = await docintel('--version');
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toBe(JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')).version);
    for (const command of ['parse', 'extract', 'classify', 'split', 'redact', 'batch', 'jobs', 'usage']) {
      const help = await docintel('help', command);
      expect(help.code, command).toBe(0);
      expect(help.stdout, command).toMatch(new RegExp(`Usage: docintel ${command}`));
      expect(help.stdout.split('\n')[2], `${command} has a description`).toMatch(/\w{4,}/);
    }
    expect((await docintel('jobs', 'get', '--help')).stdout).toContain('organization that created them');
    const fastMarkdown = await docintel('parse', join(dir, 'some.pdf'), '--mode', 'fast', '--format', 'markdown');
    expect(fastMarkdown.code).toBe(2);
    expect(fastMarkdown.stderr).toContain('--mode advanced');
  });

  it('renders markdown (advanced implied), writes --out files, extracts CSV tables and shows job progress', async () => {
    const md = join(dir, 'some.md');
    const markdown = await docintel('parse', join(dir, 'some.pdf'), '--format', 'markdown', '--out', md);
    expect(markdown.code, markdown.stderr).toBe(0);
    expect(await readFile(md, 'utf8')).toContain('Balance 1,234.56 EUR');

    const invoice = join(dir, 'invoice.pdf');
    await writeFile(
      invoice,
      await makeTextPdf([['Lumen Paper Supplies', 'INVOICE', 'Invoice No: LP-2231', 'Description Qty Unit price Amount', 'Copy paper A4 2 4.50 9.00', 'Stapler 1 12.00 12.00', 'Total 21.00 EUR']]),
    );
    const entities = await docintel('extract', invoice, '--csv', 'entities');
    expect(entities.code, entities.stderr).toBe(0);
    expect(entities.stdout.split('\n')[0]).toBe('field,value,confidence');
    expect(entities.stdout).toMatch(/^invoice_number,LP-2231,0\.\d+$/m);
    const items = join(dir, 'items.csv');
    expect((await docintel('extract', invoice, '--csv', 'line_items', '--out', items)).code).toBe(0);
    const lines = (await readFile(items, 'utf8')).trim().split('\n');
    expect(lines[0]).toBe('description,quantity,unit_price,total');
    expect(lines.slice(1)).toContain('Copy paper A4,2,4.50,9.00');

    const asyncRun = await docintel('parse', join(dir, 'some.pdf'), '--async', '--format', 'text');
    expect(asyncRun.code, asyncRun.stderr).toBe(0);
    expect(asyncRun.stdout).toContain('Quarterly statement');
    expect(asyncRun.stderr).toMatch(/^job [0-9a-f-]{36}: (queued|processing|succeeded) \(\d+ s\)$/m);
  }, 120_000);

  it("finds the running server's address and key from any folder of a checkout, and says which key a 404 used", async () => {
    const checkout = join(dir, 'checkout');
    const deep = join(checkout, 'docs', 'notes');
    await mkdir(join(checkout, '.docintel'), { recursive: true });
    await mkdir(deep, { recursive: true });
    // What a running `npm start` leaves: its address (pid of a live process: this one) and its key.
    await writeFile(join(checkout, '.docintel', 'endpoints.json'), JSON.stringify({ pid: process.pid, url: inject('baseUrl') }));
    await writeFile(join(checkout, '.docintel', 'dev-api-key'), `${inject('keys').proTest}\n`);
    await writeFile(join(checkout, '.docintel', 'seeded.json'), JSON.stringify({ org_id: 'acme' }));
    const ok = await docintelIn({ cwd: deep, env: {} }, 'parse', join(dir, 'some.pdf'), '--format', 'text');
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toContain('Quarterly statement');

    const notFound = await docintelIn({ cwd: deep, env: {} }, 'jobs', 'get', '00000000-0000-4000-8000-000000000000');
    expect(notFound.code).toBe(1);
    expect(notFound.stderr).toContain(`the key from ${join(checkout, '.docintel', 'dev-api-key')} (organization 'acme')`);

    // An explicit address wins over the discovered one.
    const explicit = await docintelIn({ cwd: deep, env: { DOCINTEL_API_URL: 'http://127.0.0.1:59999' } }, 'parse', join(dir, 'some.pdf'));
    expect(explicit.code).toBe(1);
    expect(explicit.stderr).toContain('cannot reach http://127.0.0.1:59999 (from DOCINTEL_API_URL;');

    // A server that is gone (dead pid) is not used: the default address is.
    await writeFile(join(checkout, '.docintel', 'endpoints.json'), JSON.stringify({ pid: 2 ** 22 + 1, url: inject('baseUrl') }));
    const stale = await docintelIn({ cwd: deep, env: {} }, 'parse', join(dir, 'some.pdf'));
    expect(stale.stderr).not.toContain(inject('baseUrl'));
  }, 60_000);

  it('writes masked pages for redact', async () => {
    const pdf = join(dir, 'pii.pdf');
    await writeFile(pdf, await makeTextPdf([['Contact: jane.doe@example.org']]));
    const run = await docintel('redact', pdf, '--out', join(dir, 'masked'));
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).summary).toEqual({ EMAIL_ADDRESS: 1 });
    const png = await readFile(join(dir, 'masked', 'pii-page-1.png'));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
  });
});
