/**
 * What the heavy functions (document engines) carry besides their esbuild
 * bundle: the packages esbuild cannot or should not inline, copied as real
 * files from the project's node_modules into `node_modules/` of the asset.
 *
 * Why not bundle them:
 * - sharp and @napi-rs/canvas load native `.node` binaries (sharp also
 *   libvips shared libraries through an rpath relative to its package);
 * - pdf.js, tesseract.js(-core) and libheif-js read files next to their code
 *   at run time (fonts, CMaps, wasm decoders, the tesseract worker script and
 *   its wasm cores), and the OCR engine resolves the traineddata packages
 *   with `require.resolve`, which needs a real package directory.
 *
 * Why copy instead of `nodeModules` (an `npm install` inside the bundling
 * step): synth must work offline and must ship exactly the versions the tests
 * ran against. The copy walks each package's `dependencies` and installed
 * `optionalDependencies` the way Node resolves them (nearest `node_modules`
 * upward), so nothing a shipped package `require`s is left behind.
 *
 * Architecture: Lambda x86_64 (Amazon Linux 2023, glibc). The native
 * packages for it are the ones a plain `npm ci` on the x64 Linux CI runner
 * installs; packages whose `os`/`cpu`/`libc` do not match the target are
 * skipped, and the target's own binaries are required — synth fails with a
 * hint when they are missing (e.g. on macOS or an arm64 machine), rather
 * than shipping the build machine's binaries.
 *
 * @module
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { OCR_LANGUAGES, traineddataPackage } from '../../functions/contracts/ocr-languages.ts';

/** The traineddata package of every OCR language (functions/contracts/ocr-languages.ts). */
const LANGUAGE_PACKAGES = Object.values(OCR_LANGUAGES).map((language) => traineddataPackage(language));

/** Packages heavy handlers load from node_modules at run time; esbuild leaves them (and their subpaths) external. */
export const HEAVY_EXTERNAL_MODULES = [
  'pdfjs-dist',
  '@napi-rs/canvas',
  'sharp',
  'tesseract.js',
  'tesseract.js-core',
  ...LANGUAGE_PACKAGES,
  '@tesseract.js-data/osd',
  'heic-decode',
  'libheif-js',
] as const;

export interface RuntimeTarget {
  readonly os: string;
  readonly cpu: string;
  readonly libc: string;
  /** Platform packages that must be shipped for this target (native binaries). */
  readonly nativePackages: readonly string[];
}

/** Lambda x86_64: what `npm ci` installs on the x64 Linux (glibc) CI runner. */
export const LAMBDA_X86_64: RuntimeTarget = {
  os: 'linux',
  cpu: 'x64',
  libc: 'glibc',
  nativePackages: ['@img/sharp-linux-x64', '@img/sharp-libvips-linux-x64', '@napi-rs/canvas-linux-x64-gnu'],
};

/**
 * Packages shipped only in part (paths relative to the package directory; a
 * trailing `?` marks a part that may be absent); everything else is copied whole. Keep these in step with the engines:
 * - pdf.js: the legacy ESM build the backend imports, plus the data folders
 *   it passes as `standardFontDataUrl`, `cMapUrl`, `wasmUrl`;
 * - traineddata: each OCR language's `4.0.0_best_int` (LSTM recognition;
 *   the `4.0.0` legacy + LSTM models are never loaded), osd (orientation).
 */
export const PARTIAL_PACKAGES: Readonly<Record<string, readonly string[]>> = {
  'pdfjs-dist': [
    'package.json',
    'LICENSE',
    'legacy/build/pdf.mjs',
    'legacy/build/pdf.worker.mjs',
    'standard_fonts',
    'cmaps',
    'wasm?',
  ],
  ...Object.fromEntries(LANGUAGE_PACKAGES.map((name) => [name, ['package.json', 'index.js', '4.0.0_best_int']])),
  '@tesseract.js-data/osd': ['package.json', 'index.js', '4.0.0', '4.0.0_best_int'],
};

/** Files dropped from whole-copied packages: the browser builds with wasm inlined as base64 (Node loads the `.wasm` files). */
export const PRUNED_FILES: Readonly<Record<string, readonly string[]>> = {
  'tesseract.js-core': ['*.wasm.js'],
};

export interface RuntimePackage {
  readonly name: string;
  readonly version: string;
  /** Directory relative to the project root, e.g. `node_modules/@img/sharp-linux-x64` (POSIX separators). */
  readonly path: string;
}

interface PackageJson {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  os?: string[];
  cpu?: string[];
  libc?: string[];
}

function readPackageJson(dir: string): PackageJson {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;
}

/** Node's lookup of `name` from `fromDir`: the nearest `node_modules/<name>` upward, not above `root`. */
function resolvePackageDir(name: string, fromDir: string, root: string): string | undefined {
  let dir = fromDir;
  for (;;) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === root) return undefined;
    const parent = dirname(dir);
    if (parent === dir || relative(root, parent).startsWith('..')) return undefined;
    dir = parent;
  }
}

/** `os`/`cpu`/`libc` fields: absent or listing the target (a leading `!` excludes). */
function matches(field: string[] | undefined, value: string): boolean {
  if (!field?.length) return true;
  if (field.includes(`!${value}`)) return false;
  const positives = field.filter((f) => !f.startsWith('!'));
  return positives.length === 0 || positives.includes(value);
}

function fitsTarget(pkg: PackageJson, target: RuntimeTarget): boolean {
  return matches(pkg.os, target.os) && matches(pkg.cpu, target.cpu) && matches(pkg.libc, target.libc);
}

/**
 * The packages to ship for `roots`: each root and everything it needs at run
 * time, for `target`, resolved in `projectRoot`'s node_modules. Sorted by path.
 *
 * @throws when a root or required dependency is not installed, or a native
 *   package of the target is missing (with the npm command that fetches it).
 */
export function runtimePackages(
  projectRoot: string,
  roots: readonly string[] = HEAVY_EXTERNAL_MODULES,
  target: RuntimeTarget = LAMBDA_X86_64,
): RuntimePackage[] {
  const found = new Map<string, RuntimePackage>();
  const queue: { name: string; from: string; optional: boolean; requiredBy: string }[] = roots.map((name) => ({
    name,
    from: projectRoot,
    optional: false,
    requiredBy: '(heavy function)',
  }));
  while (queue.length > 0) {
    const { name, from, optional, requiredBy } = queue.shift()!;
    const dir = resolvePackageDir(name, from, projectRoot);
    if (!dir) {
      if (optional) continue;
      throw new Error(`Package '${name}' (needed by ${requiredBy}) is not installed in ${projectRoot}; run npm ci.`);
    }
    const path = relative(projectRoot, dir).split(sep).join('/');
    if (found.has(path)) continue;
    const pkg = readPackageJson(dir);
    if (!fitsTarget(pkg, target)) {
      if (optional) continue;
      throw new Error(`Package '${name}' does not run on ${target.os}-${target.cpu}-${target.libc}.`);
    }
    found.set(path, { name: pkg.name, version: pkg.version, path });
    for (const dep of Object.keys(pkg.dependencies ?? {})) queue.push({ name: dep, from: dir, optional: false, requiredBy: name });
    for (const dep of Object.keys(pkg.optionalDependencies ?? {})) {
      if (!(dep in (pkg.dependencies ?? {}))) queue.push({ name: dep, from: dir, optional: true, requiredBy: name });
    }
  }
  const names = new Set([...found.values()].map((p) => p.name));
  const missing = target.nativePackages.filter((n) => !names.has(n));
  if (missing.length > 0) {
    throw new Error(
      `The ${target.os}-${target.cpu} native packages ${missing.join(', ')} are not installed, so the heavy Lambda ` +
        `assets cannot be built. Synthesize on x64 Linux after npm ci, or fetch them with ` +
        `npm install --no-save --os=${target.os} --cpu=${target.cpu} --libc=${target.libc} ${missing.join(' ')}.`,
    );
  }
  return [...found.values()].sort((a, b) => a.path.localeCompare(b.path));
}

const quote = (path: string) => `"${path}"`;
const parentOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');

/**
 * Shell commands (POSIX sh, run by the local bundler after esbuild) copying
 * `packages` from `inputDir` (the project root) into `outputDir/node_modules`.
 * Whole packages are copied with one `cp -R` per destination folder.
 */
export function copyCommands(packages: readonly RuntimePackage[], inputDir: string, outputDir: string): string[] {
  const commands: string[] = [];
  const wholeByParent = new Map<string, string[]>();
  const whole: string[] = [];
  for (const pkg of packages) {
    // A package nested in one copied whole (its own node_modules) is already there.
    if (whole.some((w) => pkg.path.startsWith(`${w}/`))) continue;
    const from = `${inputDir}/${pkg.path}`;
    const to = `${outputDir}/${pkg.path}`;
    const parts = PARTIAL_PACKAGES[pkg.name];
    if (!parts) {
      whole.push(pkg.path);
      const parent = `${outputDir}/${parentOf(pkg.path)}`;
      wholeByParent.set(parent, [...(wholeByParent.get(parent) ?? []), from]);
      continue;
    }
    const dirs = new Set(parts.map((p) => (parentOf(p) ? `${to}/${parentOf(p)}` : to)));
    commands.push(`mkdir -p ${[...dirs].map(quote).join(' ')}`);
    for (const part of parts) {
      const optional = part.endsWith('?');
      const path = optional ? part.slice(0, -1) : part;
      const copy = `cp -R ${quote(`${from}/${path}`)} ${quote(`${parentOf(path) ? `${to}/${parentOf(path)}` : to}/`)}`;
      commands.push(optional ? `if [ -e ${quote(`${from}/${path}`)} ]; then ${copy}; fi` : copy);
    }
  }
  for (const [parent, sources] of wholeByParent) {
    commands.push(`mkdir -p ${quote(parent)}`, `cp -R ${sources.map(quote).join(' ')} ${quote(`${parent}/`)}`);
  }
  for (const pkg of packages) {
    for (const pattern of PRUNED_FILES[pkg.name] ?? []) commands.push(`rm -f ${quote(`${outputDir}/${pkg.path}`)}/${pattern}`);
  }
  return commands;
}
