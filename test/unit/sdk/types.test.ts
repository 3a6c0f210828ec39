/**
 * SDK results are typed end to end: a typo in a result field does not
 * compile. The probe is checked by tsc twice — as written (each misuse
 * carries `// @ts-expect-error`, so it compiles only if every misuse is an
 * error) and with the directives removed (it must then fail on each line).
 */
import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = new URL('../../../', import.meta.url).pathname;
const dir = join(ROOT, '.tmp', `sdk-types-${process.pid}`);

const PROBE = `import { DocintelClient } from '../../sdk/index.ts';
const client = new DocintelClient({ baseUrl: 'http://127.0.0.1:3000', apiKey: 'k' });
export async function probe(): Promise<string[]> {
  const p = await client.parse('00000000-0000-4000-8000-000000000000');
  const first: string = p.result.pages[0].text;
  const c = await client.classify('00000000-0000-4000-8000-000000000000', { options: { mode: 'thorough' } });
  const label: string = c.result.label;
  const s = await client.split('00000000-0000-4000-8000-000000000000');
  const start: number = s.result.segments[0].start_page;
  const f = await client.extract('00000000-0000-4000-8000-000000000000');
  const total: string | undefined = f.result.entities.total_amount;
  const filled = await client.extract('00000000-0000-4000-8000-000000000000', { category: 'non_financial', schema: { name: null } });
  const source: 'request' | 'template' = filled.result.schema_source;
  const r = await client.redact('00000000-0000-4000-8000-000000000000');
  const masked: string = r.result.updated_text_block;
  // @ts-expect-error a typo in a result field
  const typo = p.result.pagez[0].txt;
  // @ts-expect-error classify depth is fast | balanced | thorough
  await client.classify('00000000-0000-4000-8000-000000000000', { options: { mode: 'psychic' } });
  // @ts-expect-error split's result has segments, not pages
  const wrong = s.result.pages;
  // @ts-expect-error a filled schema has no line items
  const items = filled.result.line_items;
  return [first, label, String(start), masked, String(total), source, String(typo), String(wrong), String(items)];
}
`;

async function tsc(file: string): Promise<{ code: number; output: string }> {
  try {
    await run(join(ROOT, 'node_modules', '.bin', 'tsc'), ['--noEmit', '--strict', '--target', 'ES2022', '--module', 'NodeNext', '--moduleResolution', 'NodeNext', '--allowImportingTsExtensions', '--skipLibCheck', '--types', 'node', file], { cwd: ROOT });
    return { code: 0, output: '' };
  } catch (error) {
    const e = error as { code?: number; stdout?: string };
    return { code: e.code ?? 1, output: e.stdout ?? '' };
  }
}

describe('SDK result types', () => {
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('compile for correct use, and reject result.pagez, an unknown classify depth and a field of another operation', async () => {
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'probe.ts'), PROBE);
    await writeFile(join(dir, 'probe-bare.ts'), PROBE.replace(/^\s*\/\/ @ts-expect-error.*\n/gm, ''));
    const [withDirectives, bare] = await Promise.all([tsc(join(dir, 'probe.ts')), tsc(join(dir, 'probe-bare.ts'))]);
    expect(withDirectives.output).toBe('');
    expect(withDirectives.code).toBe(0);
    expect(bare.code).not.toBe(0);
    expect(bare.output).toMatch(/Property 'pagez' does not exist/);
    expect(bare.output).toMatch(/"psychic"/);
    expect(bare.output).toMatch(/Property 'pages' does not exist/);
    expect(bare.output).toMatch(/Property 'line_items' does not exist/);
  }, 120_000);
});
