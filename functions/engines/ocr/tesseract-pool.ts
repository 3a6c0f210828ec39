/**
 * A process-wide pool of tesseract.js workers, fully offline.
 *
 * - The English LSTM model (`4.0.0_best_int`, 2.9 MB) and the orientation
 *   model (`osd`) are read from the installed `@tesseract.js-data/*`
 *   packages; `langPath` is always a local folder, because tesseract.js
 *   otherwise downloads the model, and a failed download is an uncaught
 *   exception that kills the process. `errorHandler` is never set (with it,
 *   `createWorker` never settles) and `logger` is omitted (an undefined
 *   logger throws).
 * - Workers (one worker thread each) are created lazily, on the first page
 *   that needs OCR, and reused across invocations (warm Lambda containers).
 *   Size: `DOCINTEL_OCR_WORKERS`, else `os.availableParallelism()`.
 * - A worker is recycled (terminated and replaced on next use) after
 *   {@link RECYCLE_AFTER_PAGES} pages: the wasm heap only ever grows.
 * - The orientation detector needs tesseract's legacy engine, so it runs in
 *   one separate worker, created on first use.
 *
 * @module
 */
import { mkdirSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type Tesseract from 'tesseract.js';
import { OCR_LANGUAGES, traineddataPackage, type TesseractLanguage } from '../../contracts/ocr-languages.ts';

type TesseractModule = typeof Tesseract;
export type OcrWorker = Tesseract.Worker;
export type OcrPageData = Tesseract.Page;

/**
 * A worker is replaced after this many pages (the wasm heap only grows);
 * `DOCINTEL_OCR_RECYCLE_PAGES` overrides it.
 */
export const RECYCLE_AFTER_PAGES = 100;
/** One text line of a reading, and one of its words, as tesseract gives them (the re-reads walk and replace them). */
export type TesseractLine = NonNullable<OcrPageData['blocks']>[number]['paragraphs'][number]['lines'][number];
export type TesseractWord = TesseractLine['words'][number];

/** Every line of a reading, blocks and paragraphs in order. */
export const tesseractLines = (data: OcrPageData): TesseractLine[] => (data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines));

/** The words of a reading that hold more than blanks, in reading order. */
const readWords = (data: OcrPageData): TesseractWord[] => tesseractLines(data).flatMap((l) => l.words).filter((w) => w.text.trim());

function recyclePages(): number {
  const configured = Number.parseInt(process.env.DOCINTEL_OCR_RECYCLE_PAGES ?? '', 10);
  return Number.isInteger(configured) && configured >= 1 ? configured : RECYCLE_AFTER_PAGES;
}

let workersStarted = 0;

const require = createRequire(import.meta.url);

function packageDir(name: string): string {
  return dirname(require.resolve(`${name}/package.json`));
}

function tesseractVersion(): string {
  try {
    return (require('tesseract.js/package.json') as { version: string }).version;
  } catch {
    return '7';
  }
}

/** `model_used` name of the OCR engine, e.g. `tesseract.js@7.0.0/eng-lstm-best-int`. */
export const OCR_ENGINE = `tesseract.js@${tesseractVersion()}/eng-lstm-best-int`;

/**
 * Lambda gives a function CPU in proportion to its memory: one vCPU's worth
 * at 1,769 MB (AWS's figure), up to six. The OS still shows a fixed count
 * of processors, so on Lambda the memory says how many workers can run at
 * once.
 */
export const LAMBDA_MB_PER_VCPU = 1769;

/** vCPUs a Lambda function of `memoryMb` gets, rounded (3,008 MB: 1.7 → 2), at least 1. */
export function lambdaVcpus(memoryMb: number): number {
  return Math.max(1, Math.min(6, Math.round(memoryMb / LAMBDA_MB_PER_VCPU)));
}

/**
 * Number of recognition workers: `DOCINTEL_OCR_WORKERS` (≥ 1), else the
 * usable cores (on Lambda, no more than its memory's vCPUs).
 */
export function poolSize(): number {
  const configured = Number.parseInt(process.env.DOCINTEL_OCR_WORKERS ?? '', 10);
  if (Number.isInteger(configured) && configured >= 1) return Math.min(configured, 32);
  const cores = Math.max(1, availableParallelism());
  const lambdaMemory = Number.parseInt(process.env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE ?? '', 10);
  return Number.isInteger(lambdaMemory) && lambdaMemory > 0 ? Math.min(cores, lambdaVcpus(lambdaMemory)) : cores;
}

let tesseractModule: Promise<TesseractModule> | undefined;
function loadTesseract(): Promise<TesseractModule> {
  tesseractModule ??= import('tesseract.js').then((m) => ((m as { default?: TesseractModule }).default ?? (m as unknown as TesseractModule)));
  return tesseractModule;
}

/**
 * One folder holding every language's LSTM model: tesseract.js reads all of
 * a worker's models from one `langPath`, while each language is its own
 * package. Symbolic links in the temporary folder (writable on Lambda too),
 * made once per process.
 */
let modelFolder: string | undefined;
/** Where `link` points, or undefined when there is nothing there. */
function linkTarget(link: string): string | undefined {
  try {
    return readlinkSync(link);
  } catch {
    return undefined;
  }
}

/**
 * Points `link` at `target`. The folder is named by process id, and ids
 * are reused: a folder left by an earlier process may hold a link to a
 * checkout or bundle since deleted (a dangling link `existsSync` calls
 * absent, and the worker would wait for a model that never loads). Such a
 * link is replaced. Test workers are threads of one process (same pid,
 * same folder), so another may make the same link at the same moment.
 */
export function linkModel(target: string, link: string): void {
  const current = linkTarget(link);
  if (current === target) return;
  if (current !== undefined) rmSync(link, { force: true });
  try {
    symlinkSync(target, link);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || linkTarget(link) !== target) throw error;
  }
}

function lstmModelFolder(): string {
  if (modelFolder) return modelFolder;
  const folder = join(tmpdir(), `docintel-tessdata-${tesseractVersion()}-${process.pid}`);
  mkdirSync(folder, { recursive: true });
  for (const language of Object.values(OCR_LANGUAGES)) {
    const link = join(folder, `${language}.traineddata.gz`);
    let target: string;
    try {
      target = join(packageDir(traineddataPackage(language)), '4.0.0_best_int', `${language}.traineddata.gz`);
    } catch {
      continue; // Not installed in this bundle: a request for it fails when the worker loads it.
    }
    linkModel(target, link);
  }
  modelFolder = folder;
  return folder;
}

/** Key of a language set as tesseract takes it: `deu+eng`. */
export type LanguageKey = string;
export const DEFAULT_LANGUAGES: LanguageKey = 'eng';
export function languageKey(languages: readonly TesseractLanguage[]): LanguageKey {
  return languages.length ? languages.join('+') : DEFAULT_LANGUAGES;
}

/** tesseract's API defaults differ from what pages need; set on every worker, and again after a language switch (re-initialising resets them). */
async function setPageParameters(worker: OcrWorker): Promise<void> {
  const T = await loadTesseract();
  await worker.setParameters({ user_defined_dpi: '300', tessedit_pageseg_mode: T.PSM.AUTO, debug_file: '/dev/null' });
}

async function createRecognizer(): Promise<OcrWorker> {
  const T = await loadTesseract();
  workersStarted++;
  const worker = await T.createWorker(DEFAULT_LANGUAGES, T.OEM.LSTM_ONLY, {
    langPath: lstmModelFolder(),
    gzip: true,
    cacheMethod: 'none',
  });
  // Page images carry no resolution (PGM); without this tesseract warns on
  // stdout for every page and guesses 70 dpi. Pages are scaled so their text
  // looks like 300 dpi print (see page-frame.ts).
  // tesseract's API default is one uniform block (PSM 6), which reads
  // multi-column pages across the columns; the CLI's full layout analysis is PSM 3.
  // tesseract's diagnostics ("Detected 197 diacritics", …) go to its debug
  // file instead of stdout, where they would break the structured logs.
  await setPageParameters(worker);
  return worker;
}

async function createDetector(): Promise<OcrWorker> {
  const T = await loadTesseract();
  const worker = await T.createWorker('osd', T.OEM.TESSERACT_ONLY, {
    langPath: join(packageDir('@tesseract.js-data/osd'), '4.0.0'),
    gzip: true,
    cacheMethod: 'none',
    legacyCore: true,
    legacyLang: true,
  });
  // Orientation runs on the small analysis copy (about 150 dpi for a page).
  await worker.setParameters({ user_defined_dpi: '150', debug_file: '/dev/null' });
  return worker;
}

interface Slot {
  worker?: Promise<OcrWorker>;
  /** Languages the worker is initialised with. */
  languages: LanguageKey;
  pages: number;
  busy: boolean;
}

class WorkerPool {
  private readonly slots: Slot[];
  private readonly waiting: Array<(slot: Slot) => void> = [];

  constructor(
    size: number,
    private readonly create: () => Promise<OcrWorker>,
    private readonly recycleAfter: number,
  ) {
    this.slots = Array.from({ length: size }, () => ({ pages: 0, busy: false, languages: DEFAULT_LANGUAGES }));
  }

  get size(): number {
    return this.slots.length;
  }

  private acquire(languages: LanguageKey): Promise<Slot> {
    // A worker already reading these languages, then any started one, then a new one.
    const free =
      this.slots.find((s) => !s.busy && s.worker && s.languages === languages) ??
      this.slots.find((s) => !s.busy && s.worker !== undefined) ??
      this.slots.find((s) => !s.busy);
    if (free) {
      free.busy = true;
      return Promise.resolve(free);
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(slot: Slot): void {
    const next = this.waiting.shift();
    if (next) next(slot);
    else slot.busy = false;
  }

  private async retire(slot: Slot): Promise<void> {
    const worker = slot.worker;
    slot.worker = undefined;
    slot.pages = 0;
    slot.languages = DEFAULT_LANGUAGES;
    if (worker) await worker.then((w) => w.terminate()).catch(() => undefined);
  }

  /** Starts the worker of every free slot that has none; resolves when they are ready. */
  async warm(): Promise<void> {
    await Promise.all(
      this.slots.map(async (slot) => {
        if (slot.busy || slot.worker) return;
        slot.busy = true;
        try {
          await this.start(slot);
        } finally {
          this.release(slot);
        }
      }),
    );
  }

  private start(slot: Slot): Promise<OcrWorker> {
    if (!slot.worker) {
      const created = this.create();
      slot.worker = created;
      created.catch(() => {
        if (slot.worker === created) slot.worker = undefined;
      });
    }
    return slot.worker;
  }

  async run<T>(job: (worker: OcrWorker) => Promise<T>, languages: LanguageKey = DEFAULT_LANGUAGES): Promise<T> {
    const slot = await this.acquire(languages);
    try {
      const worker = await this.start(slot);
      let result: T;
      try {
        if (slot.languages !== languages) {
          // Models once loaded stay in the worker's memory: switching back is an initialisation only.
          const T = await loadTesseract();
          await worker.reinitialize(languages, T.OEM.LSTM_ONLY);
          await setPageParameters(worker);
          slot.languages = languages;
        }
        result = await job(worker);
      } catch (error) {
        // A worker whose job failed may be in a bad state: replace it.
        await this.retire(slot);
        throw error;
      }
      slot.pages++;
      if (slot.pages >= this.recycleAfter) await this.retire(slot);
      return result;
    } finally {
      this.release(slot);
    }
  }

  async terminate(): Promise<void> {
    await Promise.all(this.slots.map((s) => this.retire(s)));
  }
}

let recognizers: WorkerPool | undefined;
let detector: WorkerPool | undefined;

/**
 * Runs `job` on a free recognition worker (waiting for one when all are
 * busy). The worker has English loaded, LSTM engine, default parameters; a
 * job that changes parameters must restore them.
 *
 * @example
 * const { data } = await withRecognizer((w) => w.recognize(png, {}, { blocks: true }));
 */
export function withRecognizer<T>(job: (worker: OcrWorker) => Promise<T>, languages: LanguageKey = DEFAULT_LANGUAGES): Promise<T> {
  recognizers ??= new WorkerPool(poolSize(), createRecognizer, recyclePages());
  return recognizers.run(job, languages);
}

/**
 * Starts every recognition worker and loads the English model in each now,
 * and the orientation detector with its model, so the first page a server
 * reads does not wait for them (about 1–2 s each; a dense page is read on
 * all recognition workers at once, see page-bands.ts). For a long-running
 * server at start-up; resolves when the workers are ready.
 */
export async function warmOcr(): Promise<void> {
  recognizers ??= new WorkerPool(poolSize(), createRecognizer, recyclePages());
  await Promise.all([recognizers.warm(), detectorPool().warm()]);
}

function detectorPool(): WorkerPool {
  detector ??= new WorkerPool(1, createDetector, RECYCLE_AFTER_PAGES * 5);
  return detector;
}

/**
 * Recognises an image as one uniform block of text (tesseract's PSM 6: no
 * layout analysis, so no block of sideways text is turned upright on its
 * own), without the second, inverted reading of doubtful lines, on a
 * recognition worker, which gets its parameters back afterwards. For
 * samples that judge a page's orientation; returns blocks.
 */
export function recognizeUniformBlock(image: Uint8Array): Promise<OcrPageData> {
  return withRecognizer(async (worker) => {
    const T = await loadTesseract();
    await worker.setParameters({ tessedit_pageseg_mode: T.PSM.SINGLE_BLOCK, tessedit_do_invert: '0' });
    try {
      return (await worker.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength), {}, { blocks: true, text: false })).data;
    } finally {
      await worker.setParameters({ tessedit_pageseg_mode: T.PSM.AUTO, tessedit_do_invert: '1' });
    }
  });
}

/**
 * Tesseract settings of a rescue reading (see rescue-readings.ts): how the page is
 * binarised and segmented when the usual reading found no text.
 */
export interface ReadingSettings {
  /** Sauvola's local threshold instead of Otsu's page-wide one: text on grey columns, cards on tables. */
  readonly localThreshold?: boolean;
  /** Sparse text (PSM 11): words wherever they are, without the block layout analysis. */
  readonly sparse?: boolean;
  /**
   * One uniform block of text (PSM 6): every line read top to bottom, none
   * left out by the layout analysis (a receipt's lines between dashed rules).
   */
  readonly singleBlock?: boolean;
}

/**
 * Recognises a page image with the given settings on a recognition worker,
 * which gets its usual parameters back afterwards; returns blocks.
 */
export function recognizeWith(image: Uint8Array, settings: ReadingSettings, languages: LanguageKey = DEFAULT_LANGUAGES): Promise<OcrPageData> {
  return withRecognizer(async (worker) => {
    const T = await loadTesseract();
    await worker.setParameters({
      tessedit_pageseg_mode: settings.sparse ? T.PSM.SPARSE_TEXT : settings.singleBlock ? T.PSM.SINGLE_BLOCK : T.PSM.AUTO,
      thresholding_method: settings.localThreshold ? '2' : '0',
    });
    try {
      return (await worker.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength), {}, { blocks: true, text: false })).data;
    } finally {
      await worker.setParameters({ tessedit_pageseg_mode: T.PSM.AUTO, thresholding_method: '0' });
    }
  }, languages);
}

/**
 * Reads small images each holding one line of text (PSM 7: no layout
 * analysis), allowing only the characters of `characters`, on one
 * recognition worker, which gets its parameters back afterwards. For the
 * second readings of doubtful numbers (number-reread.ts); returns each
 * image's words joined by a space and its least sure word's
 * confidence (0–100; 0 when nothing was read).
 */
export function recognizeLines(images: readonly Uint8Array[], characters: string, languages: LanguageKey = DEFAULT_LANGUAGES): Promise<Array<{ text: string; confidence: number }>> {
  return withRecognizer(async (worker) => {
    const T = await loadTesseract();
    await worker.setParameters({ tessedit_pageseg_mode: T.PSM.SINGLE_LINE, tessedit_char_whitelist: characters, tessedit_do_invert: '0' });
    try {
      const readings: Array<{ text: string; confidence: number }> = [];
      for (const image of images) {
        const { data } = await worker.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength), {}, { blocks: true, text: false });
        const words = readWords(data);
        readings.push({
          text: words.map((w) => w.text.trim()).join(' '),
          confidence: words.length ? Math.min(...words.map((w) => w.confidence)) : 0,
        });
      }
      return readings;
    } finally {
      await worker.setParameters({ tessedit_pageseg_mode: T.PSM.AUTO, tessedit_char_whitelist: '', tessedit_do_invert: '1' });
    }
  }, languages);
}

/** A word of a single-line reading, its box in the pixels of the image read. */
export interface LineWord {
  readonly text: string;
  /** tesseract's 0–100. */
  readonly confidence: number;
  readonly bbox: { readonly x0: number; readonly y0: number; readonly x1: number; readonly y1: number };
}

/**
 * Reads small images each holding one line of text (PSM 7), any
 * character allowed, on one recognition worker, which gets its parameters
 * back afterwards. For the second readings of doubtful lines
 * (line-reread.ts); returns each image's words with their boxes.
 */
export function recognizeLineWords(images: readonly Uint8Array[], languages: LanguageKey = DEFAULT_LANGUAGES): Promise<LineWord[][]> {
  return withRecognizer(async (worker) => {
    const T = await loadTesseract();
    await worker.setParameters({ tessedit_pageseg_mode: T.PSM.SINGLE_LINE, tessedit_do_invert: '0' });
    try {
      const readings: LineWord[][] = [];
      for (const image of images) {
        const { data } = await worker.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength), {}, { blocks: true, text: false });
        const words = readWords(data);
        readings.push(words.map((w) => ({ text: w.text.trim(), confidence: w.confidence, bbox: { x0: w.bbox.x0, y0: w.bbox.y0, x1: w.bbox.x1, y1: w.bbox.y1 } })));
      }
      return readings;
    } finally {
      await worker.setParameters({ tessedit_pageseg_mode: T.PSM.AUTO, tessedit_do_invert: '1' });
    }
  }, languages);
}

export interface DetectedOrientation {
  /** Clockwise rotation that makes the page upright: 0, 90, 180 or 270. */
  readonly rotate: 0 | 90 | 180 | 270;
  /** tesseract's orientation confidence (unbounded; above ~2 is reliable). */
  readonly confidence: number;
}

/**
 * Orientation of a page image by tesseract's OSD (legacy engine, one shared
 * worker). `undefined` when OSD finds too little text to decide.
 */
export async function detectOrientation(image: Uint8Array): Promise<DetectedOrientation | undefined> {
  const { data } = await detectorPool().run((w) => w.detect(Buffer.from(image.buffer, image.byteOffset, image.byteLength)));
  if (data.orientation_degrees === null || data.orientation_confidence === null) return undefined;
  const degrees = data.orientation_degrees;
  if (degrees !== 0 && degrees !== 90 && degrees !== 180 && degrees !== 270) return undefined;
  return { rotate: degrees, confidence: data.orientation_confidence };
}

/** Recognition workers started by this process so far (recycled ones included). */
export function ocrWorkersStarted(): number {
  return workersStarted;
}

/** Current number of recognition workers the pool may start. */
export function ocrPoolSize(): number {
  return recognizers?.size ?? poolSize();
}

/**
 * Terminates every OCR worker (tests, shutdown). The next OCR call starts
 * new ones, with the pool size read again from the environment.
 */
export async function terminateOcr(): Promise<void> {
  const pools = [recognizers, detector];
  recognizers = undefined;
  detector = undefined;
  await Promise.all(pools.map((p) => p?.terminate()));
}
