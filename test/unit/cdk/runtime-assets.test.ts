/**
 * The heavy-asset package closure and its copy commands, on a small fake
 * node_modules tree (fast; the real asset is checked in assets.test.ts).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyCommands, LAMBDA_X86_64, runtimePackages, type RuntimeTarget } from '../../../lib/constructs/runtime-assets.ts';

const TARGET: RuntimeTarget = { ...LAMBDA_X86_64, nativePackages: ['engine-linux-x64'] };

describe('runtimePackages / copyCommands', () => {
  let root: string;
  const pkg = (path: string, json: Record<string, unknown>, files: Record<string, string> = {}) => {
    const dir = join(root, path);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ version: '1.0.0', ...json }));
    for (const [name, content] of Object.entries(files)) {
      mkdirSync(join(dir, name, '..'), { recursive: true });
      writeFileSync(join(dir, name), content);
    }
  };

  beforeEach(() => {
    // Prepare: an engine with a native binary per platform, a nested dependency
    // (version conflict) and a hoisted one.
    root = mkdtempSync(join(tmpdir(), 'docintel-runtime-'));
    pkg(
      'node_modules/engine',
      {
        name: 'engine',
        dependencies: { helper: '^2', shared: '^1' },
        optionalDependencies: { 'engine-linux-x64': '1', 'engine-darwin-arm64': '1', 'engine-linux-x64-musl': '1' },
      },
      { 'index.js': 'module.exports = 1;' },
    );
    pkg('node_modules/engine/node_modules/helper', { name: 'helper', version: '2.0.0' });
    pkg('node_modules/helper', { name: 'helper', version: '1.0.0' });
    pkg('node_modules/shared', { name: 'shared' });
    pkg('node_modules/engine-linux-x64', { name: 'engine-linux-x64', os: ['linux'], cpu: ['x64'], libc: ['glibc'] }, { 'engine.node': 'bin' });
    pkg('node_modules/engine-linux-x64-musl', { name: 'engine-linux-x64-musl', os: ['linux'], cpu: ['x64'], libc: ['musl'] });
    pkg('node_modules/engine-darwin-arm64', { name: 'engine-darwin-arm64', os: ['darwin'], cpu: ['arm64'] });
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('follows dependencies the way Node resolves them and keeps only the target platform', () => {
    // Act
    const packages = runtimePackages(root, ['engine'], TARGET);
    // Assess
    expect(packages.map((p) => `${p.path}@${p.version}`)).toEqual([
      'node_modules/engine@1.0.0',
      'node_modules/engine-linux-x64@1.0.0',
      'node_modules/engine/node_modules/helper@2.0.0',
      'node_modules/shared@1.0.0',
    ]);
  });

  it('fails with the npm command when the target native package is not installed', () => {
    // Prepare
    rmSync(join(root, 'node_modules/engine-linux-x64'), { recursive: true });
    // Act & Assess
    expect(() => runtimePackages(root, ['engine'], TARGET)).toThrow(/npm install --no-save --os=linux --cpu=x64 --libc=glibc engine-linux-x64/);
  });

  it('fails when a required package is missing', () => {
    rmSync(join(root, 'node_modules/shared'), { recursive: true });
    expect(() => runtimePackages(root, ['engine'], TARGET)).toThrow(/'shared' \(needed by engine\) is not installed/);
  });

  it('copies each package once (nested ones with their parent), in a real shell', () => {
    // Prepare
    const out = mkdtempSync(join(tmpdir(), 'docintel-runtime-out-'));
    const packages = runtimePackages(root, ['engine'], TARGET);
    try {
      // Act
      const commands = copyCommands(packages, root, out);
      execFileSync('sh', ['-c', commands.join(' && ')]);
      // Assess
      expect(existsSync(join(out, 'node_modules/engine/index.js'))).toBe(true);
      expect(existsSync(join(out, 'node_modules/engine/node_modules/helper/package.json'))).toBe(true);
      // Not copied a second time inside itself.
      expect(existsSync(join(out, 'node_modules/engine/node_modules/helper/helper'))).toBe(false);
      expect(existsSync(join(out, 'node_modules/engine-linux-x64/engine.node'))).toBe(true);
      expect(existsSync(join(out, 'node_modules/engine-darwin-arm64'))).toBe(false);
      expect(existsSync(join(out, 'node_modules/helper'))).toBe(false);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
