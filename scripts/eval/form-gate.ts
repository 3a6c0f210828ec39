/**
 * `tsx scripts/eval/form-gate.ts [set…]`: the form gate's evidence (form-gate.ts) on corpus images, per set, so its
 * thresholds are chosen on distributions: FUNSD training forms, SROIE and German receipts, clean scans, the
 * classification images, scanned business letters (sets: funsd, sroie, german, clean, cls, tobacco; all by default).
 *
 * The image is the one tesseract reads as far as it is cheap to make here (grey, rescaled to the OCR's text size;
 * no backdrop painted, no deskew), so a figure can differ a little from the gate's in `ocrImage`. Prints one JSON
 * line per image, then per set how many pages the gate takes for forms and the largest values of its features.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { estimateSkew, inkMask, isBlank, localInkMask } from '../../functions/engines/ocr/page-analysis.ts';
import { backdropMask, whitenBackdrop } from '../../functions/engines/ocr/page-backdrop.ts';
import { grayRaw } from '../../functions/engines/ocr/gray-raw.ts';
import { ANALYSIS_SIDE, chooseScale, source } from '../../functions/engines/ocr/page-frame.ts';
import { removeRulings } from '../../functions/engines/ocr/ruling-removal.ts';
import type { FormEvidence } from '../../functions/engines/ocr/form-gate.ts';

const CORPUS = join(import.meta.dirname, '..', '..', '..', 'shared', 'corpus');
/** Text line height (input pixels) taken when none is measured, as recognise-page.ts does. */
const ASSUMED_LINE_HEIGHT = 20;
/** Share of ink a page of text on paper has at most (ocr-page.ts's TEXT_PAGE_INK_RATIO). */
const TEXT_PAGE_INK_RATIO = 0.15;

async function images(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((f) => /\.(png|jpe?g|tiff?)$/i.test(f)).map((f) => join(dir, f));
}

async function sets(): Promise<[string, string[]][]> {
  const out: [string, string[]][] = [
    ['funsd', await images(join(CORPUS, 'forms/funsd/training_data/images'))],
    ['sroie', await images(join(CORPUS, 'receipts/sroie/img'))],
    ['german', await images(join(CORPUS, 'receipts/softmatic-de/img'))],
    ['clean', [join(CORPUS, 'ocr/ocrmypdf/linn.png'), join(CORPUS, 'ocr/ocrmypdf/typewriter.png')]],
    ['tobacco', await images(join(CORPUS, 'splitting/tobacco800-pss/pages'))],
  ];
  const classes = (await readdir(join(CORPUS, 'classification'), { withFileTypes: true })).filter((d) => d.isDirectory());
  out.push(['cls', (await Promise.all(classes.map((c) => images(join(CORPUS, 'classification', c.name))))).flat()]);
  return out;
}

/** The gate's evidence on one image, read as {@link ocrImage} would prepare it (see the module comment). */
async function evidenceOf(file: string): Promise<{ evidence: FormEvidence; form: boolean } | undefined> {
  const input = { image: new Uint8Array(await readFile(file)) };
  const meta = await source(input).metadata();
  const [width, height] = [meta.width ?? 0, meta.height ?? 0];
  const analysisScale = Math.min(1, ANALYSIS_SIDE / Math.max(width, height));
  const small = await grayRaw(
    source(input).resize(Math.max(1, Math.round(width * analysisScale)), Math.max(1, Math.round(height * analysisScale)), { fit: 'fill' }),
  );
  const backdrop = backdropMask(small);
  if (backdrop) whitenBackdrop(small, backdrop, small.width, small.height, 0);
  const paper = inkMask(small);
  if (isBlank(paper)) return undefined;
  const mask = paper.inkRatio <= TEXT_PAGE_INK_RATIO && estimateSkew(paper).lineHeight !== undefined ? paper : localInkMask(small, paper);
  const measured = estimateSkew(mask).lineHeight;
  const lineHeight = measured ? measured / analysisScale : undefined;
  const scale = chooseScale(width, height, lineHeight);
  const [w, h] = [Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale))];
  let pipeline = source(input).flatten({ background: '#ffffff' }).grayscale();
  if (w !== width || h !== height) pipeline = pipeline.resize(w, h, { fit: 'fill', kernel: scale < 1 ? 'lanczos3' : 'cubic' });
  const removal = removeRulings(await grayRaw(pipeline), (lineHeight ?? ASSUMED_LINE_HEIGHT) * scale);
  return { evidence: removal.evidence, form: removal.form };
}

const wanted = process.argv.slice(2);
for (const [name, files] of await sets()) {
  if (wanted.length && !wanted.includes(name)) continue;
  const seen: { file: string; evidence: FormEvidence; form: boolean }[] = [];
  for (const file of files) {
    const result = await evidenceOf(file);
    if (!result) continue;
    const line = { set: name, file: file.split('/').pop() ?? file, ...result };
    seen.push(line);
    console.log(JSON.stringify(line));
  }
  const max = (key: keyof FormEvidence) => Math.max(0, ...seen.map((s) => s.evidence[key]));
  const forms = seen.filter((s) => s.form).map((s) => s.file);
  console.error(
    `${name}: ${seen.length} pages, gate fires on ${forms.length}${forms.length ? ` (${forms.slice(0, 8).join(', ')})` : ''}; ` +
      `max rows ${max('rows')}, short rows ${max('shortRows')}, vertical ${max('vertical')}, width ${max('widthLines')} lines`,
  );
}
