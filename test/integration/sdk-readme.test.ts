/**
 * The README's SDK example, run verbatim against the local server: the code
 * block between the sdk-example markers is written into the package (so
 * `docintel/sdk` resolves through package.json "exports") and run with tsx.
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { makeTextPdf } from '../helpers/pdf.ts';

const run = promisify(execFile);
const ROOT = new URL('../../', import.meta.url).pathname;

describe('README SDK example', () => {
  it('runs as written against the local server', async () => {
    const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
    const block = /<!-- sdk-example:start -->\s*```ts\n([\s\S]*?)```\s*<!-- sdk-example:end -->/.exec(readme)?.[1];
    expect(block, 'README has the sdk-example block').toBeTruthy();
    const dir = join(ROOT, '.tmp', `sdk-readme-${process.pid}`);
    await mkdir(dir, { recursive: true });
    try {
      await writeFile(join(dir, 'example.ts'), block!);
      await writeFile(join(dir, 'invoice.pdf'), await makeTextPdf([['ACME Widgets Ltd', 'INVOICE', 'Invoice No: INV-7', 'Total 120.00 EUR', 'Contact: jane.doe@example.org']]));
      const { stdout: secret } = await run('npm', ['run', '--silent', 'admin', '--', 'signing-secret', '--org', 'acme'], {
        cwd: ROOT,
        env: { ...process.env, DOCINTEL_DATA_DIR: inject('dataDir') },
      });
      const { stdout } = await run(process.execPath, ['--import', 'tsx', 'example.ts'], {
        cwd: dir,
        env: { ...process.env, DOCINTEL_API_URL: inject('baseUrl'), DOCINTEL_API_KEY: inject('keys').proTest, DOCINTEL_SIGNING_SECRET: secret.trim() },
        timeout: 90_000,
      });
      expect(stdout).toContain('INVOICE');
      expect(stdout).toContain('document_not_found 404');
      expect(stdout).toMatch(/completed \{ total: 2, queued: 0, processing: 0, done: 2, failed: 0 \}/);
      expect(stdout).toMatch(/webhook \{\s+event: 'batch.completed'/);
      expect(stdout).toContain('120.00');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
