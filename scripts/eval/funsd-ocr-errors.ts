/**
 * `tsx scripts/eval/funsd-ocr-errors.ts`: what our OCR gets wrong on the FUNSD training forms, word by word
 * against the annotated words, and where on the image it happens. Each annotated word (with a letter or digit)
 * falls in one class:
 *
 * - read: OCR words lying on it spell it (an OCR word running it into its neighbour counts, as in wordRecall);
 * - missed: no OCR word lies on it;
 * - split: two or more OCR words lie on it and together do not spell it;
 * - merged: one OCR word lies on it and on another annotated word, and does not hold its letters;
 * - misread: one OCR word lies on it alone and spells it otherwise.
 *
 * Each word not read is also given the first cause that fits on the image: `ruling` (a ruling line found in the
 * image runs through the word's box or within a third of its height under or over it), `shaded` (the paper
 * round it is grey: a halftone or dotted fill; looked at first), `small` (box under 10 px high, ~7 pt at the scans' ~90 dpi),
 * `other` (typewriter or dot-matrix glyphs, handwriting, stamps, fax speckle: told apart by eye only).
 * Reading order: CER of the page text against the reference, and of the same OCR words laid out in the
 * reference's own order (rows top to bottom, left to right); the difference is what reading order costs.
 *
 * Reads the cached OCR of each form (`.cache/extract-ocr/`, made on first use), so it scores the OCR as it is now.
 *
 * @module
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { DocumentPage } from '../../functions/engines/document-model.ts';
import { corpusPath, readingOrderText } from '../lib/corpus.ts';
import { boxOf, inFrameOf, loadForms, type Form } from '../train/layout.ts';
import { textRecord } from './parse-records.ts';
import { cachedPages } from './receipt-pages.ts';

type WordClass = 'read' | 'missed' | 'split' | 'merged' | 'misread';
type Cause = 'ruling' | 'shaded' | 'small' | 'other';

const letters = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
const area = (b: readonly number[]) => Math.max(0, b[2] - b[0]) * Math.max(0, b[3] - b[1]);
const overlap = (a: readonly number[], b: readonly number[]) =>
  Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0])) * Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
const lies = (o: readonly number[], box: readonly number[]) => overlap(o, box) >= 0.5 * Math.min(area(box), area(o));

/** Below this many pixels high a word is small at the scans' resolution. */
const SMALL_WORD_PX = 10;
/** A word whose surroundings are on average darker than this sits on a grey fill (a halftone or dotted shade). */
const SHADED_PAPER = 215;
/** Width of the ring around a word its paper is measured on, in pixels. */
const RING = 3;

interface Grey {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Class of one annotated word by the OCR words of the page (see the module comment). */
function classify(box: readonly number[], gold: string, page: DocumentPage, goldBoxes: readonly (readonly number[])[]): WordClass {
  const on = page.words.filter((o) => lies(o.bbox, box));
  if (!on.length) return 'missed';
  const spelt = letters(on.map((o) => o.text).join(''));
  if (spelt === gold || (on.length === 1 && spelt.includes(gold))) return 'read';
  if (on.length > 1) return 'split';
  return goldBoxes.filter((g) => g !== box && lies(on[0].bbox, g)).length ? 'merged' : 'misread';
}

/** The first cause that fits a word on the image (see the module comment); boxes in pixels of `grey`. */
function causeOf(px: readonly number[], page: DocumentPage, grey: Grey): Cause {
  const h = px[3] - px[1];
  if (ringMean(px, grey) < SHADED_PAPER) return 'shaded';
  const near = h / 3;
  const onRuling = (page.rulings ?? []).some((r) => {
    const [x0, y0, x1, y1] = [r.x0 * grey.width, r.y0 * grey.height, r.x1 * grey.width, r.y1 * grey.height];
    return x1 >= px[0] && x0 <= px[2] && y1 >= px[1] - near && y0 <= px[3] + near;
  });
  if (onRuling) return 'ruling';
  return h < SMALL_WORD_PX ? 'small' : 'other';
}

/** Mean grey of a ring of {@link RING} pixels around a box, inside the image (the paper the word is printed on). */
function ringMean(px: readonly number[], grey: Grey): number {
  let sum = 0;
  let n = 0;
  const [l, t, r, b] = [Math.floor(px[0]) - RING, Math.floor(px[1]) - RING, Math.ceil(px[2]) + RING, Math.ceil(px[3]) + RING];
  for (let y = Math.max(0, t); y < Math.min(grey.height, b); y++)
    for (let x = Math.max(0, l); x < Math.min(grey.width, r); x++) {
      if (x >= px[0] && x < px[2] && y >= px[1] && y < px[3]) continue;
      sum += grey.data[y * grey.width + x];
      n++;
    }
  return n ? sum / n : 255;
}

export interface FormOcrErrors {
  words: number;
  classes: Record<WordClass, number>;
  causes: Record<Cause, number>;
  cer: number;
  cerInReferenceOrder: number;
  refChars: number;
}

/** Counts at zero, to add a form's to. */
function noErrors(): FormOcrErrors {
  return {
    words: 0,
    classes: { read: 0, missed: 0, split: 0, merged: 0, misread: 0 },
    causes: { ruling: 0, shaded: 0, small: 0, other: 0 },
    cer: 0,
    cerInReferenceOrder: 0,
    refChars: 0,
  };
}

/** The word classes, causes and CERs of one form's OCR reading. */
export async function formOcrErrors(form: Form, page: DocumentPage): Promise<FormOcrErrors> {
  const image = corpusPath('forms', 'funsd', 'training_data', 'images', form.name.replace(/\.json$/, '.png'));
  const { data, info } = await sharp(await readFile(image))
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grey = { data: new Uint8Array(data), width: info.width, height: info.height };
  const framed = inFrameOf(form, page);
  const words = framed.entities.flatMap((e) => e.words).filter((w) => letters(w.text));
  const boxes = words.map((w) => boxOf(w.box, framed));
  const out = noErrors();
  words.forEach((w, i) => {
    out.words++;
    const c = classify(boxes[i], letters(w.text), page, boxes);
    out.classes[c]++;
    if (c !== 'read')
      out.causes[
        causeOf(
          [w.box[0], w.box[1], w.box[2], w.box[3]].map((v, k) => (k % 2 ? (v * grey.height) / framed.height : (v * grey.width) / framed.width)),
          page,
          grey,
        )
      ]++;
  });
  const reference = readingOrderText(words.map((w, i) => ({ text: w.text, bbox: [...boxes[i]] as [number, number, number, number] })));
  const inOrder = readingOrderText(page.words.map((w) => ({ text: w.text, bbox: [...w.bbox] as [number, number, number, number] })));
  const asRead = textRecord(reference, page.text);
  out.cer = asRead.cer_errors;
  out.cerInReferenceOrder = textRecord(reference, inOrder).cer_errors;
  out.refChars = asRead.ref_chars;
  return out;
}

/** The classes and causes summed over the ten forms, and their CERs pooled. */
export async function funsdOcrErrors(log: (line: string) => void = () => {}): Promise<Omit<FormOcrErrors, 'refChars'>> {
  const total = noErrors();
  for (const form of await loadForms()) {
    const image = corpusPath('forms', 'funsd', 'training_data', 'images', form.name.replace(/\.json$/, '.png'));
    const e = await formOcrErrors(form, (await cachedPages(image)).pages[0]);
    log(
      `${form.name}: ${JSON.stringify({ ...e, cer: +(e.cer / e.refChars).toFixed(3), cerInReferenceOrder: +(e.cerInReferenceOrder / e.refChars).toFixed(3) })}`,
    );
    total.words += e.words;
    for (const k of Object.keys(e.classes) as WordClass[]) total.classes[k] += e.classes[k];
    for (const k of Object.keys(e.causes) as Cause[]) total.causes[k] += e.causes[k];
    total.cer += e.cer;
    total.cerInReferenceOrder += e.cerInReferenceOrder;
    total.refChars += e.refChars;
  }
  const { refChars, ...rest } = total;
  return { ...rest, cer: +(total.cer / refChars).toFixed(4), cerInReferenceOrder: +(total.cerInReferenceOrder / refChars).toFixed(4) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await funsdOcrErrors(console.log)));
  const { terminateOcr } = await import('../../functions/engines/ocr/tesseract-pool.ts');
  await terminateOcr();
}
