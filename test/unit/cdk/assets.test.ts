/**
 * SLOW (~15-30 s): synthesizes the real stack WITH bundling (local esbuild
 * and the heavy-function command hooks) into a temporary directory, once,
 * then checks that the heavy functions' assets (parse, job-worker,
 * page-range-worker) carry every run-time file of the document engines for
 * Lambda x86_64, stay under Lambda's 250 MB unzipped limit, and actually
 * load in a fresh Node process. Everything else about the stack is tested
 * with bundling off in stack.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { CfnElement } from 'aws-cdk-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_WORKER_HANDLER, JOB_WORKER_HANDLER, PAGE_RANGE_WORKER_HANDLER, ROUTES } from '../../../functions/contracts/routes.ts';
import { PROJECT_ROOT } from '../../../lib/constructs/operation-function.ts';
import { HEAVY_EXTERNAL_MODULES, runtimePackages } from '../../../lib/constructs/runtime-assets.ts';
import { createDocintelApp } from '../../helpers/cdk-app.ts';

/** Lambda's limit on a function's unzipped code (and layers). */
const LAMBDA_UNZIPPED_LIMIT_BYTES = 250 * 1024 * 1024;

const HEAVY = [...new Set(ROUTES.filter((r) => r.heavy).map((r) => r.handler)), JOB_WORKER_HANDLER, PAGE_RANGE_WORKER_HANDLER, BATCH_WORKER_HANDLER];

/** Files each heavy asset must contain, relative to its node_modules. */
const REQUIRED_FILES = [
  // pdf.js: legacy ESM build, fonts, CMaps, wasm decoders
  'pdfjs-dist/package.json',
  'pdfjs-dist/legacy/build/pdf.mjs',
  'pdfjs-dist/legacy/build/pdf.worker.mjs',
  'pdfjs-dist/standard_fonts/FoxitSerif.pfb',
  'pdfjs-dist/cmaps/Adobe-Japan1-UCS2.bcmap',
  'pdfjs-dist/wasm/openjpeg.wasm',
  // @napi-rs/canvas and its x64 glibc binary
  '@napi-rs/canvas/package.json',
  '@napi-rs/canvas/index.js',
  '@napi-rs/canvas-linux-x64-gnu/skia.linux-x64-gnu.node',
  // sharp, its x64 glibc binding and libvips
  'sharp/package.json',
  'sharp/dist/index.mjs',
  'sharp/dist/index.cjs',
  '@img/sharp-linux-x64/package.json',
  '@img/sharp-libvips-linux-x64/package.json',
  '@img/colour/package.json',
  'detect-libc/package.json',
  'semver/package.json',
  // tesseract.js: node worker script, every wasm core it may pick, traineddata
  'tesseract.js/package.json',
  'tesseract.js/src/worker-script/node/index.js',
  'tesseract.js/src/worker/node/index.js',
  ...['', '-lstm', '-simd', '-simd-lstm', '-relaxedsimd', '-relaxedsimd-lstm'].flatMap((v) => [
    `tesseract.js-core/tesseract-core${v}.js`,
    `tesseract.js-core/tesseract-core${v}.wasm`,
  ]),
  'wasm-feature-detect/package.json',
  ...['eng', 'deu', 'fra', 'spa', 'ita', 'nld', 'por'].flatMap((l) => [`@tesseract.js-data/${l}/package.json`, `@tesseract.js-data/${l}/4.0.0_best_int/${l}.traineddata.gz`]),
  '@tesseract.js-data/osd/package.json',
  '@tesseract.js-data/osd/4.0.0/osd.traineddata.gz',
  '@tesseract.js-data/osd/4.0.0_best_int/osd.traineddata.gz',
  // HEIC: heic-decode and the libheif wasm bundle it requires
  'heic-decode/index.js',
  'heic-decode/lib.js',
  'libheif-js/wasm-bundle.js',
  'libheif-js/libheif-wasm/libheif-bundle.js',
];

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : [path];
  });
}

const sizeOf = (dir: string) => walk(dir).reduce((sum, file) => sum + statSync(file).size, 0);

describe('Stack: Docintel (bundled assets, slow)', () => {
  let outdir: string;
  let assetDir: (handler: string) => string;

  beforeAll(() => {
    // Prepare: one bundled synth for every test in this file.
    outdir = mkdtempSync(join(tmpdir(), 'docintel-cdk-'));
    const { app, stack } = createDocintelApp({ bundling: true, outdir });
    // Act
    const assembly = app.synth();
    const template = assembly.getStackByName(stack.stackName).template as { Resources: Record<string, any> };
    const manifest = JSON.parse(readFileSync(join(outdir, `${stack.artifactId}.assets.json`), 'utf8')) as {
      files: Record<string, { source: { path: string } }>;
    };
    assetDir = (handler) => {
      const fn = stack.functions[handler].function.node.defaultChild as CfnElement;
      const key: string = template.Resources[stack.resolve(fn.logicalId)].Properties.Code.S3Key;
      return join(outdir, manifest.files[key.replace(/\.zip$/, '')].source.path);
    };
    // One esbuild run per function (22): about 4 min wall on the shared 2-core box at load ~16.
  }, 600_000);

  afterAll(() => {
    if (outdir) rmSync(outdir, { recursive: true, force: true });
    // Several hundred MB of copied node_modules: past the default 10-s hook budget under load.
  }, 120_000);

  it('bundles every handler as an ESM module with a source map', () => {
    for (const handler of [...new Set(ROUTES.map((r) => r.handler)), JOB_WORKER_HANDLER, PAGE_RANGE_WORKER_HANDLER]) {
      // Act
      const files = readdirSync(assetDir(handler));
      // Assess
      expect(files, handler).toEqual(expect.arrayContaining(['index.mjs', 'index.mjs.map']));
    }
  });

  it.each(HEAVY)('ships the engines run-time files for x86_64 with %s', (handler) => {
    // Prepare
    const modules = join(assetDir(handler), 'node_modules');
    // Assess
    const missing = REQUIRED_FILES.filter((path) => !existsSync(join(modules, path)));
    expect(missing).toEqual([]);
    const libvips = readdirSync(join(modules, '@img/sharp-libvips-linux-x64/lib'));
    expect(libvips.some((f) => /^libvips-cpp\.so\./.test(f))).toBe(true);
    expect(readdirSync(join(modules, '@img/sharp-linux-x64/lib')).some((f) => /^sharp-linux-x64.*\.node$/.test(f))).toBe(true);
    expect(readdirSync(join(modules, 'pdfjs-dist/standard_fonts')).length).toBeGreaterThan(10);
    expect(readdirSync(join(modules, 'pdfjs-dist/cmaps')).length).toBeGreaterThan(100);
    // Every package of the dependency closure, and nothing built for another platform.
    for (const pkg of runtimePackages(PROJECT_ROOT)) {
      expect(existsSync(join(assetDir(handler), pkg.path, 'package.json')), pkg.path).toBe(true);
    }
    const natives = walk(modules).filter((f) => f.endsWith('.node')).map((f) => relative(modules, f));
    expect(natives.length).toBeGreaterThanOrEqual(2);
    for (const native of natives) expect(native).toMatch(/linux-x64/);
    expect(readdirSync(join(modules, '@img')).filter((d) => /arm|darwin|musl|win32|wasm/.test(d))).toEqual([]);
  });

  it('leaves the unused data out: no eng 4.0.0 (fast) model, no inlined-wasm browser cores, no pdf.js viewer', () => {
    // Prepare
    const modules = join(assetDir('parse'), 'node_modules');
    // Assess
    for (const language of ['eng', 'deu', 'fra', 'spa', 'ita', 'nld', 'por']) expect(existsSync(join(modules, `@tesseract.js-data/${language}/4.0.0`))).toBe(false);
    expect(readdirSync(join(modules, 'tesseract.js-core')).filter((f) => f.endsWith('.wasm.js'))).toEqual([]);
    expect(existsSync(join(modules, 'pdfjs-dist/web'))).toBe(false);
    expect(existsSync(join(modules, 'pdfjs-dist/build'))).toBe(false);
  });

  it('ships identical node_modules with the three heavy functions', () => {
    // Act
    const listing = (handler: string) => walk(join(assetDir(handler), 'node_modules')).map((f) => relative(assetDir(handler), f)).sort();
    const [first, ...others] = HEAVY.map(listing);
    // Assess
    for (const other of others) expect(other).toEqual(first);
  });

  it('shares one engine asset between the heavy functions, so the cloud assembly stays small (≤ 400 MB, no asset over 150 MB)', () => {
    // Act
    const heavyDirs = new Set(HEAVY.map(assetDir));
    const assets = readdirSync(outdir).filter((name) => name.startsWith('asset.'));
    const sizes = assets.map((name) => sizeOf(join(outdir, name)));
    // Assess
    expect(heavyDirs.size).toBe(1);
    expect(Math.max(...sizes) / 1e6).toBeLessThan(150);
    expect(sizes.reduce((sum, bytes) => sum + bytes, 0) / 1e6).toBeLessThan(400);
  });

  it('keeps every heavy asset under the 250 MB unzipped Lambda limit', () => {
    for (const handler of HEAVY) {
      // Act
      const bytes = sizeOf(assetDir(handler));
      // Assess: with room to spare for the engines still to come.
      expect(bytes, `${handler}: ${(bytes / 1024 / 1024).toFixed(1)} MiB`).toBeLessThan(0.8 * LAMBDA_UNZIPPED_LIMIT_BYTES);
    }
  });

  it('keeps the engine packages out of the bundles and node_modules out of light functions', () => {
    // Act
    const bundle = readFileSync(join(assetDir('parse'), 'index.mjs'), 'utf8');
    // Assess
    expect(bundle).toMatch(/["']pdfjs-dist\/legacy\/build\/pdf\.mjs["']/);
    // No engine package's own code was inlined (their license banners would show).
    expect(bundle).not.toMatch(/Copyright \d{4} Mozilla Foundation/);
    for (const route of ROUTES.filter((r) => !r.heavy)) {
      expect(existsSync(join(assetDir(route.handler), 'node_modules')), route.handler).toBe(false);
    }
    expect(HEAVY_EXTERNAL_MODULES).toEqual(expect.arrayContaining(['sharp', 'tesseract.js', 'heic-decode', 'pdfjs-dist', '@napi-rs/canvas']));
  });

  it('loads the heavy bundles and every engine package from the asset in a fresh Node process', () => {
    // Prepare: only what the asset holds is resolvable from its directory (no parent node_modules under tmpdir).
    const dir = assetDir(PAGE_RANGE_WORKER_HANDLER);
    const script = `
      import { createRequire } from 'node:module';
      import { readFileSync } from 'node:fs';
      const require = createRequire(process.cwd() + '/index.mjs');
      const out = {};
      const sharp = (await import('sharp')).default;
      const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } }).png().toBuffer();
      out.sharp = png.subarray(1, 4).toString();
      const { createCanvas } = await import('@napi-rs/canvas');
      out.canvas = createCanvas(4, 4).toBuffer('image/png').length > 0;
      const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
      out.pdfjs = typeof pdfjs.getDocument;
      // The SIMD LSTM core (relaxed SIMD is picked at run time only where V8 enables it).
      const core = require.resolve('tesseract.js-core/tesseract-core-simd-lstm.wasm');
      await WebAssembly.compile(readFileSync(core));
      out.tesseract = typeof (await import('tesseract.js')).default.createWorker;
      out.traineddata = readFileSync(require.resolve('@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz')).length > 1e6;
      out.heic = typeof (await import('heic-decode')).default;
      // One shared bundle: each engine handler is loaded as its function loads it (DOCINTEL_HANDLER), in a fresh module instance.
      const { pathToFileURL } = await import('node:url');
      const bundle = pathToFileURL(process.cwd() + '/index.mjs').href;
      for (const name of process.argv.slice(1)) {
        process.env.DOCINTEL_HANDLER = name;
        out[name] = typeof (await import(bundle + '?' + name)).handler;
      }
      console.log(JSON.stringify(out));
    `;
    // Act
    const stdout = execFileSync(process.execPath, ['--input-type=module', '-e', script, ...HEAVY], {
      cwd: dir,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, POWERTOOLS_LOG_LEVEL: 'SILENT', AWS_REGION: 'us-east-1' },
      timeout: 90_000,
    });
    // Assess
    const result = JSON.parse(stdout.trim().split('\n').pop()!) as Record<string, unknown>;
    expect(result).toMatchObject({ sharp: 'PNG', canvas: true, pdfjs: 'function', tesseract: 'function', traineddata: true, heic: 'function' });
    for (const name of HEAVY) expect(result[name], name).toBe('function');
  });
});
