/**
 * Where the `docintel` CLI finds its server and its key.
 *
 * The local server writes its address to `<data dir>/endpoints.json` and the
 * seeded test key to `<data dir>/dev-api-key`. The data dir is
 * `$DOCINTEL_DATA_DIR`, else the nearest `.docintel/` from the current folder
 * upwards (so the CLI works from any folder of the checkout), else the one
 * beside this CLI's own checkout.
 *
 * Explicit settings win over discovered ones: `DOCINTEL_API_URL` over the
 * running server's endpoints.json over http://127.0.0.1:3000, and
 * `DOCINTEL_API_KEY` over the seeded key file. (An address picked up from a
 * file must never override one the caller typed, or a CLI aimed at a
 * deployed API would silently talk to a local server.)
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runningServer } from '../functions/runtime/local/endpoints-file.ts';

export const DEFAULT_API_URL = 'http://127.0.0.1:3000';
const CHECKOUT_DATA_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '.docintel');

export class UsageError extends Error {}

export interface Resolved<T> {
  readonly value: T;
  /** Where it came from, for messages ("DOCINTEL_API_URL", a file path, "default"). */
  readonly source: string;
}

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The local server's data dir, or undefined when none is found. */
export function findDataDir(cwd = process.cwd(), env = process.env): string | undefined {
  if (env.DOCINTEL_DATA_DIR) return resolve(cwd, env.DOCINTEL_DATA_DIR);
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    if (isDir(join(dir, '.docintel'))) return join(dir, '.docintel');
    if (dirname(dir) === dir) break;
  }
  return isDir(CHECKOUT_DATA_DIR) ? CHECKOUT_DATA_DIR : undefined;
}

export function apiUrl(env = process.env, cwd = process.cwd()): Resolved<string> {
  if (env.DOCINTEL_API_URL) return { value: env.DOCINTEL_API_URL.replace(/\/$/, ''), source: 'DOCINTEL_API_URL' };
  const dataDir = findDataDir(cwd, env);
  const server = dataDir ? runningServer(dataDir) : undefined;
  if (server) return { value: server.url, source: server.file };
  return { value: DEFAULT_API_URL, source: 'default' };
}

export interface KeyInfo extends Resolved<string> {
  /** The organization of a seeded key (from seeded.json), when known. */
  readonly orgId?: string;
}

export function apiKey(env = process.env, cwd = process.cwd()): KeyInfo {
  if (env.DOCINTEL_API_KEY) return { value: env.DOCINTEL_API_KEY, source: 'DOCINTEL_API_KEY' };
  const dataDir = findDataDir(cwd, env);
  const file = dataDir ? join(dataDir, 'dev-api-key') : undefined;
  if (!file || !existsSync(file)) {
    throw new UsageError(
      `No API key: set DOCINTEL_API_KEY, or start the local server (npm start) in the checkout, which writes its test key to .docintel/dev-api-key${dataDir ? ` (looked in ${dataDir})` : ''}.`,
    );
  }
  let orgId: string | undefined;
  try {
    orgId = (JSON.parse(readFileSync(join(dirname(file), 'seeded.json'), 'utf8')) as { org_id?: string }).org_id;
  } catch {
    orgId = undefined;
  }
  return { value: readFileSync(file, 'utf8').trim(), source: file, ...(orgId ? { orgId } : {}) };
}

/** "the key from X (organization dev)", for hints on 404s and empty answers. */
export function describeKey(key: KeyInfo): string {
  return `the key from ${key.source}${key.orgId ? ` (organization '${key.orgId}')` : ''}`;
}
