/**
 * Where the evaluation corpus lives and how its ground-truth formats read.
 * The corpus (../shared/corpus, README there) is never copied into the
 * repository; `DOCINTEL_CORPUS_DIR` (or the older `DOCINTEL_CORPUS`) points
 * elsewhere when needed.
 *
 * @module
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import type { Box, BoxedWord } from './boxes.ts';
import { normaliseBox } from './boxes.ts';

/** `../shared/corpus` beside the repository, or `$DOCINTEL_CORPUS_DIR` (`$DOCINTEL_CORPUS`). */
export function corpusDir(env: NodeJS.ProcessEnv = process.env): string {
  const override = (env.DOCINTEL_CORPUS_DIR ?? env.DOCINTEL_CORPUS)?.trim();
  if (override) return isAbsolute(override) ? override : resolve(process.cwd(), override);
  // scripts/lib → repository root → its parent.
  return resolve(import.meta.dirname, '..', '..', '..', 'shared', 'corpus');
}

/** Absolute path of a corpus file; throws a helpful error when the corpus is missing. */
export function corpusPath(...parts: string[]): string {
  const root = corpusDir();
  if (!existsSync(root)) throw new Error(`Evaluation corpus not found at ${root}; set DOCINTEL_CORPUS_DIR to its folder.`);
  return resolve(root, ...parts);
}

/** Decodes a ground-truth text file: UTF-8 (BOM dropped), Latin-1 when it is not valid UTF-8. */
export function decodeTextFile(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

export interface SroieLine {
  /** Quadrilateral corners x1,y1,…,x4,y4 in image pixels. */
  readonly quad: readonly number[];
  readonly text: string;
}

/**
 * One row of an SROIE `box/NNN.csv`: eight coordinates, then the transcript,
 * which may itself contain commas (so only the first 8 commas split).
 * Returns `undefined` for blank or malformed rows.
 *
 * @example
 * parseSroieRow('72,25,326,25,326,64,72,64,TAN WOON YANN, SDN BHD')
 * // { quad: [72, 25, 326, 25, 326, 64, 72, 64], text: 'TAN WOON YANN, SDN BHD' }
 */
export function parseSroieRow(row: string): SroieLine | undefined {
  const line = row.replace(/\r$/, '');
  if (line.trim() === '') return undefined;
  const parts: string[] = [];
  let rest = line;
  for (let i = 0; i < 8; i++) {
    const comma = rest.indexOf(',');
    if (comma < 0) return undefined;
    parts.push(rest.slice(0, comma));
    rest = rest.slice(comma + 1);
  }
  const quad = parts.map((p) => Number(p.trim()));
  if (quad.some((n) => !Number.isFinite(n))) return undefined;
  return { quad, text: rest };
}

/** All lines of an SROIE box file, in file order (top to bottom as annotated). */
export function parseSroieBoxFile(content: string): SroieLine[] {
  return content.split(/\n/).flatMap((row) => parseSroieRow(row) ?? []);
}

/**
 * SROIE transcript lines in reading order: boxes grouped into rows by
 * vertical overlap (at least half the smaller height), each row read left
 * to right, rows top to bottom — the order OCR reads a receipt in. The box
 * files list a receipt's two columns (item, amount) as separate lines and
 * not always top to bottom, which a file-order CER counts as errors.
 */
export function readingOrderLines(lines: readonly SroieLine[]): string[] {
  const boxes = lines.map((l) => {
    const ys = [l.quad[1], l.quad[3], l.quad[5], l.quad[7]];
    const xs = [l.quad[0], l.quad[2], l.quad[4], l.quad[6]];
    return { top: Math.min(...ys), bottom: Math.max(...ys), left: Math.min(...xs), text: l.text };
  });
  boxes.sort((a, b) => a.top + a.bottom - (b.top + b.bottom));
  const rows: (typeof boxes)[] = [];
  for (const box of boxes) {
    const row = rows.at(-1);
    const overlap = row ? Math.min(box.bottom, ...row.map((r) => r.bottom)) - Math.max(box.top, ...row.map((r) => r.top)) : -1;
    const height = Math.min(box.bottom - box.top, ...(row ?? []).map((r) => r.bottom - r.top));
    if (row && overlap >= height / 2) row.push(box);
    else rows.push([box]);
  }
  return rows.map((row) => row.sort((a, b) => a.left - b.left).map((b) => b.text).join(' '));
}

/** The SROIE line transcript as one text: lines joined by '\n' in file order. */
export const sroieText = (lines: readonly SroieLine[]): string => lines.map((l) => l.text).join('\n');

export interface FunsdWord {
  readonly text: string;
  /** [x0, y0, x1, y1] in image pixels. */
  readonly box: readonly number[];
}

interface FunsdAnnotation {
  form: { words?: FunsdWord[] }[];
}

/** Every word of a FUNSD annotation (`form[].words[]`), empty words dropped. */
export function funsdWords(annotation: unknown): FunsdWord[] {
  const form = (annotation as FunsdAnnotation | undefined)?.form;
  if (!Array.isArray(form)) throw new Error('Not a FUNSD annotation: no form[] array.');
  return form.flatMap((entity) => (entity.words ?? []).filter((w) => typeof w.text === 'string' && w.text.trim() !== ''));
}

export async function readFunsdAnnotation(path: string): Promise<FunsdWord[]> {
  return funsdWords(JSON.parse(await readFile(path, 'utf8')));
}

/** FUNSD words as boxed words in the normalised 0–1 convention of an image `width`×`height`. */
export const funsdBoxedWords = (words: readonly FunsdWord[], width: number, height: number): BoxedWord[] =>
  words.map((w) => ({ text: w.text, bbox: normaliseBox(w.box, width, height) }));

/**
 * Ground-truth words in a plain reading order: grouped into lines (a word
 * joins the line whose vertical span contains its vertical centre), lines
 * top to bottom, words left to right. FUNSD lists words per entity, not in
 * reading order, so the text reference is built this way; CER/WER on it
 * still penalise a different (e.g. column-wise) reading order.
 */
export function readingOrderText(words: readonly { text: string; bbox: Box }[]): string {
  const sorted = [...words].sort((a, b) => (a.bbox[1] + a.bbox[3]) / 2 - (b.bbox[1] + b.bbox[3]) / 2);
  const lines: { top: number; bottom: number; words: { text: string; bbox: Box }[] }[] = [];
  for (const w of sorted) {
    const centre = (w.bbox[1] + w.bbox[3]) / 2;
    const line = lines.find((l) => centre >= l.top && centre <= l.bottom);
    if (line) {
      line.words.push(w);
      line.top = Math.min(line.top, w.bbox[1]);
      line.bottom = Math.max(line.bottom, w.bbox[3]);
    } else {
      lines.push({ top: w.bbox[1], bottom: w.bbox[3], words: [w] });
    }
  }
  lines.sort((a, b) => a.top - b.top);
  return lines.map((l) => l.words.sort((a, b) => a.bbox[0] - b.bbox[0]).map((w) => w.text.trim()).join(' ')).join('\n');
}
