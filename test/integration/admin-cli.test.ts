import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { apiClient } from '../helpers/client.ts';

const run = promisify(execFile);
const api = apiClient(inject('baseUrl'));

async function admin(...args: string[]) {
  const { stdout } = await run('npm', ['run', '--silent', 'admin', '--', ...args], {
    env: { ...process.env, DOCINTEL_DATA_DIR: inject('dataDir') },
  });
  const lines = stdout.trim().split('\n');
  return lines[lines.length - 1];
}

describe('Admin CLI against the running local server', () => {
  it('creates a key that works at once, and revokes it so it gets 401', async () => {
    const created = JSON.parse(await admin('create-key', '--org', 'cli-org', '--tier', 'enterprise'));
    expect(created).toEqual({
      api_key: expect.stringMatching(/^hk_live_[0-9A-Za-z]{40}$/),
      org_id: 'cli-org',
      tier: 'enterprise',
      key_id: expect.stringMatching(/^key_[0-9a-f]{20}$/),
    });
    const before = await api.call('GET', '/v1/limits', { key: created.api_key });
    expect(before.status).toBe(200);
    expect(before.body.tier).toBe('enterprise');

    expect(JSON.parse(await admin('revoke-key', '--key', created.api_key))).toEqual({ revoked: true });
    const after = await api.call('GET', '/v1/limits', { key: created.api_key });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('invalid_api_key');
  });

  it('issues test keys with --test and prints the signing secret derived from the master secret', async () => {
    const created = JSON.parse(await admin('create-key', '--org', 'cli-org-2', '--tier', 'free', '--test'));
    expect(created.api_key).toMatch(/^hk_test_/);
    const secret = await admin('signing-secret', '--org', 'cli-org-2');
    const master = (await readFile(join(inject('dataDir'), 'master-secret'), 'utf8')).trim();
    expect(secret).toBe(createHmac('sha256', Buffer.from(master, 'utf8')).update('cli-org-2').digest('hex'));
  });
});
