/**
 * `endpoints.json` in the local data dir: written by a running local server,
 * read by whoever needs to reach it (the admin CLI for its emulators, the
 * docintel CLI for its URL, a second `npm start` to refuse politely). Only
 * node built-ins here, so the CLI can read it without loading the server.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ENDPOINTS_FILE = 'endpoints.json';

export interface EndpointsFile {
  pid: number;
  url: string;
  dynamodbEndpoint: string;
  s3Endpoint: string;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, owned by someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The server recorded in `dataDir`, if its process is still alive. */
export function runningServer(dataDir: string): (EndpointsFile & { file: string }) | undefined {
  const file = join(dataDir, ENDPOINTS_FILE);
  try {
    const endpoints = JSON.parse(readFileSync(file, 'utf8')) as Partial<EndpointsFile>;
    if (typeof endpoints.url !== 'string' || typeof endpoints.pid !== 'number') return undefined;
    if (!processAlive(endpoints.pid)) return undefined;
    return { ...(endpoints as EndpointsFile), file };
  } catch {
    return undefined;
  }
}
