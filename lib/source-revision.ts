/**
 * The service's source revision: a hash of every file under functions/ and
 * of the lock file, set as `DOCINTEL_CODE_REVISION` on every function at
 * synth and by the local server. The result cache keys on it, so a new
 * build never serves a result an older build computed — a redaction fixed
 * in a release must not come back from yesterday's cache.
 *
 * @module
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const revisions = new Map<string, string>();

/** The source files of a folder, recursively, in a stable order. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]));
}

/** The first 16 hex digits of the SHA-256 over functions/' files (paths and bytes) and package-lock.json; computed once per root. */
export function sourceRevision(projectRoot: string): string {
  const known = revisions.get(projectRoot);
  if (known) return known;
  const hash = createHash('sha256');
  for (const file of [...filesUnder(join(projectRoot, 'functions')), join(projectRoot, 'package-lock.json')]) {
    hash.update(`${relative(projectRoot, file)}\n`);
    hash.update(readFileSync(file));
  }
  const revision = hash.digest('hex').slice(0, 16);
  revisions.set(projectRoot, revision);
  return revision;
}
