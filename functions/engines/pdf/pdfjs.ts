/**
 * Lazy, Node-configured access to pdf.js (the legacy build of pdfjs-dist 5).
 *
 * pdf.js is ~4 MB of JavaScript: it is imported on the first PDF only, so
 * operations that never see a PDF do not pay for it at cold start. Its data
 * folders (standard fonts, CMaps, wasm decoders) are resolved from the
 * installed package with `createRequire`, which works from `tsx`, vitest and
 * a bundled Lambda file alike, as long as `pdfjs-dist` sits in a
 * `node_modules` folder next to (or above) the code.
 *
 * @module
 */
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import { currentDecodeBudget, installDecodeBounds, PATCHED_CLASSES } from './decode-budget.ts';
import { EVALUATOR_EXPORTS, installEvaluationBounds } from './evaluation-budget.ts';
import { IMAGE_DECODER_EXPORTS, installImageDecodeBounds } from './image-decode-bounds.ts';
import { keepNativeBuiltins } from './native-builtins.ts';
import { patchWorkerSource } from './pdfjs-speed-patches.ts';
import { HIDDEN_TEXT_EXPORTS, installHiddenTextMarks } from './hidden-text.ts';

type PdfjsModule = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
export type PdfDocumentProxy = Awaited<ReturnType<PdfjsModule['getDocument']>['promise']>;
export type PdfPageProxy = Awaited<ReturnType<PdfDocumentProxy['getPage']>>;

/** Images above this many pixels are skipped when rendering (a hostile PDF cannot allocate gigabytes). */
export const MAX_IMAGE_PIXELS = 64 * 1024 * 1024;
/** Images decoded in the worker are downscaled above this canvas area. */
export const CANVAS_MAX_AREA_BYTES = 256 * 1024 * 1024;

interface PdfjsRuntime {
  readonly pdfjs: PdfjsModule;
  readonly version: string;
  readonly dataUrls: { standardFontDataUrl: string; cMapUrl: string; wasmUrl?: string };
}

let runtime: Promise<PdfjsRuntime> | undefined;

function packageDir(): string {
  const require = createRequire(import.meta.url);
  return dirname(require.resolve('pdfjs-dist/package.json'));
}

/** pdf.js reads these with `fs.readFile(url + name)` in Node: plain paths with a trailing separator. */
function folder(root: string, name: string): string {
  return join(root, name) + sep;
}

/**
 * The worker module, with its decode-stream and evaluator classes exported as well.
 *
 * pdf.js exports only `WorkerMessageHandler`; the classes that decompress
 * streams and evaluate content are module-private. The bounds in
 * decode-budget.ts and evaluation-budget.ts patch them, so
 * the module is loaded from its own source with one `export` line appended
 * (nothing of pdf.js is changed). The copy is written once per version to
 * the temporary folder (the only writable one on Lambda), under a
 * `node_modules` folder so test runners and TypeScript loaders leave it
 * untransformed, as they do the original; stack traces name a real file.
 * Its wasm decoders are found through `wasmUrl`, not next to it.
 */
async function importBoundedWorker(root: string, version: string): Promise<Record<string, unknown>> {
  const source = readFileSync(join(root, 'legacy', 'build', 'pdf.worker.mjs'), 'utf8');
  // The source map would not match the copy's name.
  const exported = [...new Set([...PATCHED_CLASSES, ...EVALUATOR_EXPORTS, ...IMAGE_DECODER_EXPORTS, ...HIDDEN_TEXT_EXPORTS])].join(', ');
  const body = `${patchWorkerSource(source.replace(/^\/\/# sourceMappingURL=.*$/m, '')).source}\nexport { ${exported} };\n`;
  const digest = createHash('sha256').update(body).digest('hex').slice(0, 16);
  const dir = join(tmpdir(), `docintel-pdfjs-${version}-${digest}`, 'node_modules', 'pdfjs-bounded');
  const file = join(dir, 'pdf.worker.mjs');
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    // Written aside and renamed: a concurrent process never imports half a file.
    const partial = `${file}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(partial, body);
    renameSync(partial, file);
  }
  const worker = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as Record<string, unknown>;
  installDecodeBounds(worker);
  installEvaluationBounds(worker, () => currentDecodeBudget()?.evaluation);
  installImageDecodeBounds(worker, MAX_IMAGE_PIXELS);
  // After the evaluation bounds: it wraps their counted operator reads.
  installHiddenTextMarks(worker);
  return worker;
}

async function load(): Promise<PdfjsRuntime> {
  const root = packageDir();
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  // Registering the worker module on globalThis lets pdf.js run its "fake
  // worker" in-process without a second dynamic import by relative path,
  // which would break once this file is bundled.
  // Its bundled core-js swaps slow JavaScript in for some built-ins: undone (see native-builtins.ts).
  const restoreBuiltins = keepNativeBuiltins();
  let worker: unknown;
  let pdfjs: PdfjsModule;
  try {
    worker = await importBoundedWorker(root, version);
    // Assigned, not `??=`: an unbounded worker registered by anyone else must not be the one pdf.js uses.
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  } finally {
    restoreBuiltins();
  }
  const wasmDir = join(root, 'wasm');
  return {
    pdfjs,
    version: pdfjs.version,
    dataUrls: {
      standardFontDataUrl: folder(root, 'standard_fonts'),
      cMapUrl: folder(root, 'cmaps'),
      ...(existsSync(wasmDir) ? { wasmUrl: folder(root, 'wasm') } : {}),
    },
  };
}

/**
 * Imports pdf.js once per process and returns it with its version and data
 * folders. Concurrent first calls share one import.
 *
 * @example
 * const { version } = await loadPdfjs(); // '5.6.205'
 */
export function loadPdfjs(): Promise<PdfjsRuntime> {
  runtime ??= load().catch((error: unknown) => {
    runtime = undefined;
    throw error;
  });
  return runtime;
}

/**
 * Starts loading a PDF with the hardened options. The caller owns the
 * returned task and must `destroy()` the document (or the task, when the
 * document never resolved) in a `finally`.
 *
 * @example
 * const task = await openPdfTask(bytes);
 * const doc = await task.promise; try { … } finally { await doc.destroy(); }
 */
export async function openPdfTask(bytes: Uint8Array) {
  const { pdfjs, dataUrls } = await loadPdfjs();
  return pdfjs.getDocument({
    // A plain Uint8Array copy: pdf.js refuses Buffers and may detach the buffer it is given.
    data: new Uint8Array(bytes),
    ...dataUrls,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    maxImageSize: MAX_IMAGE_PIXELS,
    canvasMaxAreaInBytes: CANVAS_MAX_AREA_BYTES,
    isOffscreenCanvasSupported: false,
    enableXfa: false,
    // 0 = errors only; pdf.js warns on every recoverable defect otherwise.
    verbosity: 0,
  });
}
