/**
 * Page streams of scanned documents for the boundary trainer
 * (scripts/train/split.ts): the Tobacco800 page stream as shipped (its
 * pages' OCR text and images), and streams assembled in a seeded order from
 * single scanned documents (SROIE receipt photos with their transcripts,
 * FUNSD form scans with their annotated text) mixed with Tobacco800's
 * multi-page documents. Each page carries its image fingerprint, computed
 * as the OCR computes it and cached in `.cache/split-pages/` (gitignored).
 *
 * Every document names its group (the Tobacco800 document, the receipt's
 * shop, the form): folds are drawn over groups. Half the assembled streams
 * are scanned onto one paper size, so page size is not a boundary's tell.
 *
 * @module
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { PageSignature } from '../../functions/engines/ocr/page-signature.ts';
import { imageSignature } from '../lib/page-image-signature.ts';
import { seeded, type Random } from '../lib/random.ts';

export interface StreamPage {
  readonly text: string;
  readonly width: number;
  readonly height: number;
  readonly signature: PageSignature;
}

export interface StreamDocument {
  readonly id: string;
  readonly group: string;
  readonly source: 'tobacco800' | 'sroie' | 'funsd';
  readonly pages: readonly StreamPage[];
}

export interface PageStream {
  readonly name: string;
  /** Each page's document, in stream order. */
  readonly docs: readonly StreamDocument[];
  /**
   * One paper size for every page (a stack fed through one scanner): the
   * pages' own sizes would tell every boundary of an assembled stream, which
   * a real scanned stream rarely does.
   */
  readonly paper?: { readonly width: number; readonly height: number };
}

/** A4 at 200 dpi, the size a scanner gives every page of a stack. */
const SCANNER_PAPER = { width: 1654, height: 2339 };
/** Share of assembled streams scanned onto one paper size. */
const ONE_PAPER_SHARE = 0.5;

const CACHE = resolve(import.meta.dirname, '..', '..', '.cache', 'split-pages');

/** The page's image fingerprint and size, cached by path. */
async function imagePage(path: string, text: string, cache: Map<string, Omit<StreamPage, 'text'>>): Promise<StreamPage> {
  let hit = cache.get(path);
  if (!hit) {
    hit = await imageSignature(new Uint8Array(await readFile(path)));
    cache.set(path, hit);
  }
  return { text, ...hit };
}

async function tobaccoDocuments(corpus: string, cache: Map<string, Omit<StreamPage, 'text'>>): Promise<StreamDocument[]> {
  const dir = join(corpus, 'splitting/tobacco800-pss');
  const data = JSON.parse(await readFile(join(dir, 'test_data.json'), 'utf8')) as { documents: { docName: string; pages: { img: string; txt: string }[] }[] };
  // The stream is the documents whose page images ship (stream_boundaries.json lists the same ones).
  const shipped = new Set(await readdir(join(dir, 'pages')));
  const docs: StreamDocument[] = [];
  for (const d of data.documents.filter((doc) => doc.pages.every((p) => shipped.has(p.img)))) {
    const pages: StreamPage[] = [];
    for (const p of d.pages) pages.push(await imagePage(join(dir, 'pages', p.img), await readFile(join(dir, 'pages', p.txt), 'utf8').catch(() => ''), cache));
    docs.push({ id: `tobacco800/${d.docName}`, group: `tobacco800/${d.docName}`, source: 'tobacco800', pages });
  }
  return docs;
}

/** SROIE receipts: the transcript lines as the page text, the shop as the group. */
async function sroieDocuments(corpus: string, count: number, random: Random, cache: Map<string, Omit<StreamPage, 'text'>>): Promise<StreamDocument[]> {
  const dir = join(corpus, 'receipts/sroie');
  const names = (await readdir(join(dir, 'img'))).filter((n) => n.endsWith('.jpg')).sort();
  for (let i = names.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [names[i], names[j]] = [names[j], names[i]];
  }
  const docs: StreamDocument[] = [];
  for (const name of names.slice(0, count)) {
    const stem = name.replace(/\.jpg$/, '');
    const box = await readFile(join(dir, 'box', `${stem}.csv`), 'utf8').catch(() => '');
    const text = box.split('\n').map((l) => l.split(',').slice(8).join(',').trim()).filter(Boolean).join('\n');
    const key = JSON.parse(await readFile(join(dir, 'key', `${stem}.json`), 'utf8').catch(() => '{}')) as { company?: string };
    const shop = (key.company ?? stem).toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
    docs.push({ id: `sroie/${stem}`, group: `sroie/${shop}`, source: 'sroie', pages: [await imagePage(join(dir, 'img', name), text, cache)] });
  }
  return docs;
}

/** FUNSD forms: the annotated entities in reading order (top to bottom, left to right) as the page text. */
async function funsdDocuments(corpus: string, cache: Map<string, Omit<StreamPage, 'text'>>): Promise<StreamDocument[]> {
  const dir = join(corpus, 'forms/funsd/training_data');
  const docs: StreamDocument[] = [];
  for (const name of (await readdir(join(dir, 'images'))).filter((n) => n.endsWith('.png')).sort()) {
    const stem = name.replace(/\.png$/, '');
    const form = (JSON.parse(await readFile(join(dir, 'annotations', `${stem}.json`), 'utf8')) as { form: { text: string; box: number[] }[] }).form;
    const text = [...form].sort((a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0]).map((e) => e.text.trim()).filter(Boolean).join('\n');
    docs.push({ id: `funsd/${stem}`, group: `funsd/${stem}`, source: 'funsd', pages: [await imagePage(join(dir, 'images', name), text, cache)] });
  }
  return docs;
}

export interface StreamSet {
  readonly tobacco: PageStream;
  readonly assembled: readonly PageStream[];
  readonly documents: readonly StreamDocument[];
}

/**
 * The Tobacco800 stream, and `streams` assembled streams of 3–7 documents
 * drawn (seeded) from every source, no document twice in one stream.
 */
export async function loadStreams(corpus: string, options: { seed: number; sroie: number; streams: number }): Promise<StreamSet> {
  const cacheFile = join(CACHE, 'pages.json');
  const cache = new Map<string, Omit<StreamPage, 'text'>>(existsSync(cacheFile) ? Object.entries(JSON.parse(await readFile(cacheFile, 'utf8'))) : []);
  const random = seeded(options.seed);
  const tobaccoDocs = await tobaccoDocuments(corpus, cache);
  const documents = [...tobaccoDocs, ...(await sroieDocuments(corpus, options.sroie, random, cache)), ...(await funsdDocuments(corpus, cache))];
  await mkdir(CACHE, { recursive: true });
  await writeFile(cacheFile, JSON.stringify(Object.fromEntries(cache)));
  const assembled: PageStream[] = [];
  for (let n = 0; n < options.streams; n++) {
    const count = 3 + Math.floor(random() * 5);
    const chosen: StreamDocument[] = [];
    while (chosen.length < count) {
      const d = documents[Math.floor(random() * documents.length)];
      if (!chosen.includes(d)) chosen.push(d);
    }
    const paper = random() < ONE_PAPER_SHARE ? SCANNER_PAPER : undefined;
    assembled.push({ name: `assembled-${n}${paper ? ' (one paper size)' : ''}: ${chosen.map((d) => d.id).join(' + ')}`, docs: chosen, ...(paper ? { paper } : {}) });
  }
  return { tobacco: { name: 'tobacco800', docs: tobaccoDocs }, assembled, documents };
}

/** A stream's pages in order, each with its document, and the 0-based first page of each document. */
export function streamPages(stream: PageStream): { pages: { page: StreamPage; doc: StreamDocument }[]; starts: number[] } {
  const pages: { page: StreamPage; doc: StreamDocument }[] = [];
  const starts: number[] = [];
  for (const doc of stream.docs) {
    starts.push(pages.length);
    for (const page of doc.pages) pages.push({ page: stream.paper ? { ...page, ...stream.paper } : page, doc });
  }
  return { pages, starts };
}
