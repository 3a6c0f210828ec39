/**
 * The README's "Try it" commands, run as written (`npx docintel …` from the
 * repository root, on the invented documents in samples/) against the local
 * server, with the answers a reader would check: the invoice's line items,
 * the receipt's printed amounts, the packet's two documents, the letter's
 * label, the masked pages. Output folders (`--out`) go to a scratch folder
 * instead of the checkout.
 */
import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const execFileAsync = promisify(execFile);
const ROOT = new URL('../../', import.meta.url).pathname;
const scratch = join(ROOT, '.tmp', `samples-${process.pid}`);

/** The commands of the README's "Try it" block, as argument lists after `npx docintel`. */
async function tryItCommands(): Promise<string[][]> {
  const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
  const block = /## Try it[^\n]*\n+```bash\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  return block
    .split('\n')
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter((line) => line.startsWith('npx docintel '))
    .map((line) => line.slice('npx docintel '.length).split(/\s+/));
}

async function docintel(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('DOCINTEL_')));
  // --out folders land in the scratch folder, not in the checkout.
  const routed = args.map((a, i) => (args[i - 1] === '--out' ? join(scratch, a) : a));
  try {
    const { stdout, stderr } = await execFileAsync('npx', ['--no-install', 'docintel', ...routed], {
      cwd: ROOT,
      env: { ...env, DOCINTEL_API_URL: inject('baseUrl'), DOCINTEL_API_KEY: inject('keys').proTest },
      maxBuffer: 64 * 1024 * 1024,
      timeout: 240_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

let commands: string[][] = [];
const command = (operation: string, file: string) => {
  const found = commands.find((c) => c[0] === operation && c[1] === file);
  expect(found, `README's Try it runs ${operation} ${file}`).toBeTruthy();
  return found!;
};

describe("README's Try it, on samples/", () => {
  beforeAll(async () => {
    commands = await tryItCommands();
    await mkdir(scratch, { recursive: true });
  });
  afterAll(() => rm(scratch, { recursive: true, force: true }));

  it('has the commands this test checks, and no others unchecked', () => {
    expect(commands.map((c) => `${c[0]} ${c[1]}`).sort()).toEqual(
      ['batch samples/', 'extract samples/invoice.pdf', 'parse samples/receipt.jpg', 'redact samples/letter.pdf', 'split samples/packet.pdf'].sort(),
    );
  });

  it("extract --csv line_items gives the invoice's three line items with their amounts", async () => {
    const { code, stdout, stderr } = await docintel(command('extract', 'samples/invoice.pdf'));
    expect(code, stderr).toBe(0);
    const rows = stdout.trim().split('\n');
    expect(rows).toHaveLength(4); // header + three items
    expect(rows[1]).toMatch(/A4 copy paper.*74\.00/);
    expect(rows[2]).toMatch(/Gel pens.*19\.50/);
    expect(rows[3]).toMatch(/Desk organiser.*32\.00/);
  }, 240_000);

  it('parse --format text reads every amount the receipt prints, on its label’s line', async () => {
    const { code, stdout, stderr } = await docintel(command('parse', 'samples/receipt.jpg'));
    expect(code, stderr).toBe(0);
    for (const [label, amount] of [
      ['Flat white', '3.40'],
      ['Cheese scone', '2.95'],
      ['Tomato soup', '5.50'],
      ['Sparkling water', '1.80'],
      ['SUBTOTAL', '11.37'],
      ['VAT 20%', '2.28'],
      ['TOTAL GBP', '13.65'],
      ['CASH', '20.00'],
      ['CHANGE', '6.35'],
    ])
      expect(stdout).toMatch(new RegExp(`^${label}\\s+${amount.replace('.', '\\.')}$`, 'm'));
  }, 240_000);

  it('redact --out writes the letter’s masked page', async () => {
    const { code, stderr } = await docintel(command('redact', 'samples/letter.pdf'));
    expect(code, stderr).toBe(0);
    const written = await readdir(join(scratch, 'masked'));
    expect(written.some((f) => f.endsWith('.png'))).toBe(true);
    // Every personal value the letter prints is gone from the masked text, the postcode beside its town included.
    const masked = await readFile(join(scratch, 'masked', 'letter.txt'), 'utf8');
    for (const value of ['Quillfeather', 'Ashdown', '27 Heron Lane', 'OX2 6LP', '7946 0958', 'mira.quill@example.net', '14/07/1986', 'QQ 12 34 56 C', 'GB82 WEST'])
      expect(masked, value).not.toContain(value);
  }, 240_000);

  it('split finds the packet’s two page ranges, the first an invoice', async () => {
    const { code, stdout, stderr } = await docintel(command('split', 'samples/packet.pdf'));
    expect(code, stderr).toBe(0);
    const segments = JSON.parse(stdout).result.segments as Array<{ start_page: number; end_page: number; type: string }>;
    expect(segments.map((s) => [s.start_page, s.end_page])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(segments[0].type).toBe('invoice');
  }, 240_000);

  // The letter once read as an invoice (its synthetic training letters never spoke of money): the model retrained
  // with letters about money and from people (scripts/train/classify-synthetic.ts) labels it a letter.
  it(
    'split types the packet’s second document a letter',
    async () => {
      const { stdout } = await docintel(command('split', 'samples/packet.pdf'));
      expect(JSON.parse(stdout).result.segments[1].type).toBe('letter');
    },
    240_000,
  );

  it(
    'batch --endpoint /v1/classify labels each sample for what it is',
    async () => {
      const { stdout, stderr } = await docintel(command('batch', 'samples/'));
      const results = join(scratch, 'results');
      const labels: Record<string, string> = {};
      for (const file of await readdir(results)) {
        const body = JSON.parse(await readFile(join(results, file), 'utf8')) as { result?: { label?: string } };
        labels[file.replace(/\.json$/, '')] = body.result?.label ?? '';
      }
      expect(labels, `${stdout}\n${stderr}`).toMatchObject({
        'invoice.pdf': 'invoice',
        'letter.pdf': 'letter',
        'packet.pdf': 'invoice',
        'receipt.jpg': 'receipt',
      });
    },
    240_000,
  );
});
