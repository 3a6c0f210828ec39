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
  try {
    const { stdout, stderr } = await execFileAsync('npx', ['--no-install', 'docintel', ...args], {
      cwd: ROOT,
      env: { ...process.env, DOCINTEL_API_URL: inject('baseUrl'), DOCINTEL_API_KEY: inject('keys').proTest },
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
