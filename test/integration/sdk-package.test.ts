/**
 * The SDK as another project gets it: `npm run sdk:pack` builds ESM
 * JavaScript with declarations into a tarball, which a fresh project
 * installs offline (the tarball bundles its one dependency), imports from
 * plain `node` (no tsx) and type-checks against.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';

const run = promisify(execFile);
const ROOT = new URL('../../', import.meta.url).pathname;

describe('SDK package', () => {
  let project: string | undefined;
  afterAll(async () => {
    if (project) await rm(project, { recursive: true, force: true });
  });

  it('installs from its packed tarball offline, runs under plain node and type-checks in another project', async () => {
    project = await mkdtemp(join(tmpdir(), 'sdk-consumer-'));
    const { stdout: packed } = await run(process.execPath, ['--import', 'tsx', 'scripts/build-sdk.ts', '--pack', project], { cwd: ROOT, timeout: 120_000 });
    const tarball = packed.trim().split('\n').at(-1)!;
    expect(tarball).toMatch(/docintel-sdk-[\d.]+\.tgz$/);
    await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], { cwd: project, timeout: 120_000 });

    await writeFile(
      join(project, 'app.mjs'),
      `import { DocintelClient, DocintelError, verifyWebhook } from 'docintel-sdk';
const client = new DocintelClient({ baseUrl: process.env.API, apiKey: process.env.KEY });
const limits = await client.limits();
console.log('tier', limits.tier, typeof verifyWebhook);
try { await client.parse('00000000-0000-4000-8000-000000000000'); } catch (e) { console.log(e instanceof DocintelError, e.code); }
`,
    );
    const { stdout } = await run(process.execPath, ['app.mjs'], { cwd: project, env: { ...process.env, API: inject('baseUrl'), KEY: inject('keys').proTest }, timeout: 60_000 });
    expect(stdout).toContain('tier pro function');
    expect(stdout).toContain('true document_not_found');

    // Types come with it: a consumer's typo in a result field fails to compile.
    await writeFile(
      join(project, 'check.ts'),
      `import { DocintelClient, type ParseEnvelope } from 'docintel-sdk';
const client = new DocintelClient({ baseUrl: 'http://127.0.0.1:3000', apiKey: 'k' });
export const text = async (): Promise<string> => (await client.parse('k')).result.pages[0].text;
export const env = (e: ParseEnvelope): string => e.result.ocr;
// @ts-expect-error no such field
export const typo = async () => (await client.parse('k')).result.pagez;
`,
    );
    const tsc = join(ROOT, 'node_modules', '.bin', 'tsc');
    const flags = ['--noEmit', '--strict', '--target', 'ES2022', '--module', 'NodeNext', '--moduleResolution', 'NodeNext', '--lib', 'ES2023,DOM', '--types', 'node', '--typeRoots', join(ROOT, 'node_modules', '@types'), 'check.ts'];
    const checked = await run(tsc, flags, { cwd: project }).then(
      () => '',
      (e: { stdout?: string }) => e.stdout ?? 'tsc failed',
    );
    expect(checked).toBe('');
  }, 240_000);
});
