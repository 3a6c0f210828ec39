/**
 * Builds the SDK to ESM JavaScript with type declarations (sdk/dist), so
 * plain `node` and other projects can import it; with `--pack <dir>`, also
 * writes an installable tarball there (`npm install ./docintel-sdk-*.tgz`).
 *
 * The tarball bundles its one runtime dependency (openapi-fetch and its
 * helper types), copied from this checkout's node_modules: installing it
 * needs no registry.
 *
 *   npm run sdk:build
 *   npm run sdk:pack            # → .tmp/docintel-sdk-<version>.tgz
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;
const SDK = join(ROOT, 'sdk');
const DIST = join(SDK, 'dist');
/** openapi-fetch and what it depends on at run time. */
const BUNDLED = ['openapi-fetch', 'openapi-typescript-helpers'];

export function buildSdk(): string {
  rmSync(DIST, { recursive: true, force: true });
  execFileSync(join(ROOT, 'node_modules', '.bin', 'tsc'), ['-p', join(SDK, 'tsconfig.build.json')], { stdio: 'inherit' });
  // tsc rewrites `./x.ts` to `./x.js` in JavaScript but not in declarations; consumers need .js there too.
  for (const file of readdirSync(DIST).filter((f) => f.endsWith('.d.ts'))) {
    const path = join(DIST, file);
    writeFileSync(path, readFileSync(path, 'utf8').replace(/(from\s+['"]\.\/[\w-]+)\.ts(['"])/g, '$1.js$2'));
  }
  return DIST;
}

export function packSdk(destination: string): string {
  buildSdk();
  // A fresh clone has no .tmp/: npm pack does not create its destination.
  mkdirSync(resolve(destination), { recursive: true });
  const stage = mkdtempSync(join(tmpdir(), 'docintel-sdk-'));
  try {
    cpSync(DIST, join(stage, 'dist'), { recursive: true });
    cpSync(join(SDK, 'package.json'), join(stage, 'package.json'));
    for (const name of BUNDLED) cpSync(join(ROOT, 'node_modules', name), join(stage, 'node_modules', name), { recursive: true, dereference: true });
    const out = execFileSync('npm', ['pack', '--json', '--pack-destination', resolve(destination)], { cwd: stage, encoding: 'utf8' });
    return join(resolve(destination), (JSON.parse(out) as { filename: string }[])[0].filename);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

const args = process.argv.slice(2);
if (args[0] === '--pack') console.log(packSdk(args[1] ?? '.tmp'));
else console.log(`built ${buildSdk()}`);
