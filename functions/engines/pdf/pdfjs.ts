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
import { existsSync } from 'node:fs';
import { keepNativeBuiltins } from './native-builtins.ts';

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

async function load(): Promise<PdfjsRuntime> {
  const root = packageDir();
  // Registering the worker module on globalThis lets pdf.js run its "fake
  // worker" in-process without a second dynamic import by relative path,
  // which would break once this file is bundled.
  // Its bundled core-js swaps slow JavaScript in for some built-ins: undone (see native-builtins.ts).
  const restoreBuiltins = keepNativeBuiltins();
  let worker: unknown;
  let pdfjs: PdfjsModule;
  try {
    worker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker ??= worker;
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
