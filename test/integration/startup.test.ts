/** `npm start` as a new user meets it: a second start, a busy port, and HEAD probes. */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';

const run = promisify(execFile);
const ROOT = new URL('../../', import.meta.url).pathname;

async function npmStart(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'bin/dev.ts'], { cwd: ROOT, env: { ...process.env, ...env }, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

describe('local server start-up', () => {
  it('refuses a second start on the same data with the running address and pid (not "Database is closed")', async () => {
    const second = await npmStart({ DOCINTEL_DATA_DIR: inject('dataDir'), PORT: '0' });
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`docintel: already running on ${inject('baseUrl')}, pid `);
    expect(second.stderr).toMatch(/pid \d+ \(data in /);
    expect(second.stderr).not.toMatch(/Database is closed|\n\s+at /);
  });

  it('says the port is in use, in one line', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'docintel-port-'));
    try {
      const port = new URL(inject('baseUrl')).port;
      const busy = await npmStart({ DOCINTEL_DATA_DIR: dataDir, PORT: port });
      expect(busy.code).toBe(1);
      expect(busy.stderr).toContain(`docintel: port ${port} is in use on 127.0.0.1: stop what listens there, or start on another port`);
      expect(busy.stderr).not.toMatch(/EADDRINUSE|\n\s+at /);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('answers HEAD like GET without a body', async () => {
    for (const path of ['/', '/v1/limits']) {
      const get = await fetch(`${inject('baseUrl')}${path}`, { headers: { 'X-API-Key': inject('keys').proTest } });
      const head = await fetch(`${inject('baseUrl')}${path}`, { method: 'HEAD', headers: { 'X-API-Key': inject('keys').proTest } });
      const body = await get.arrayBuffer();
      expect(head.status, path).toBe(get.status);
      expect(head.headers.get('content-type'), path).toBe(get.headers.get('content-type'));
      expect(Number(head.headers.get('content-length')), path).toBe(body.byteLength);
      expect((await head.arrayBuffer()).byteLength, path).toBe(0);
    }
  });
});
