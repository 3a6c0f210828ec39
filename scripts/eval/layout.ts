/**
 * `npm run eval -- layout`: the layout features Textract and Azure users
 * expect, measured.
 *
 * - key-value pairs: the FUNSD linker out of fold (one form per fold), on the
 *   annotated entities, end to end from the words, and end to end through our
 *   OCR of the form images (scripts/train/layout.ts);
 * - selection marks and signatures on generated forms of many designs
 *   (seeded; our own forms, nothing from the corpus): page size, fonts and
 *   sizes, one or two columns, drawn squares (crossed, ticked, filled) and
 *   circles (dotted), typed boxes (`[x]`, `( )`), signature labels with a
 *   pen-like stroke, an empty line or a typed name beside them. Each form is
 *   read as the API reads it (text layer, or OCR when scanned: drawn at
 *   200 dpi and read as an image), then laid out. A mark counts as found
 *   when a selection_mark region overlaps it; its state is right when found
 *   with the printed state (a missed mark is a wrong state). A signature
 *   is right when a signature region is reported exactly when one is drawn;
 * - key-value pairs on pages that are not forms (./layout-negatives.ts):
 *   pairs per page on prose, a few corpus letters/reports/articles and
 *   invented tables; the training prose project is in sample, the others
 *   are never trained on.
 *
 * @module
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { BBox } from '../../functions/engines/document-model.ts';
import { readMarkInk } from '../../functions/engines/layout/selection-marks.ts';
import { findSignatures } from '../../functions/engines/layout/signatures.ts';
import { openDocument } from '../../functions/engines/registry.ts';
import { buildDocumentLayout } from '../../functions/operations/parse-structure.ts';
import { pick, seeded, type Random } from '../lib/random.ts';
import { keyValuePairs } from '../../functions/engines/layout/key-values.ts';
import { funsdOutOfFold, TRAINING_PROSE_PROJECT } from '../train/layout.ts';
import { funsdTextMatches, funsdThroughOcr } from './funsd-text.ts';
import { countNegatives, negativePages } from './layout-negatives.ts';
import { diagnoseFromWords, diagnoseThroughOcr } from './funsd-diagnosis.ts';

export const LAYOUT_EVAL_SEED = 20261129;

type MarkStyle = 'square_cross' | 'square_tick' | 'square_fill' | 'circle_dot' | 'typed_bracket' | 'typed_paren';
const MARK_STYLES: readonly MarkStyle[] = ['square_cross', 'square_tick', 'square_fill', 'circle_dot', 'typed_bracket', 'typed_paren'];
type SignatureCase = 'signed' | 'empty' | 'typed_name';

interface TruthMark {
  readonly style: MarkStyle;
  readonly selected: boolean;
  /** Normalised, top-left origin. */
  readonly box: BBox;
}

interface GeneratedForm {
  readonly pdf: Uint8Array;
  readonly marks: readonly TruthMark[];
  readonly signature: SignatureCase;
}

const OPTIONS = [
  'Full time',
  'Part time',
  'Contractor',
  'Married',
  'Single',
  'Yes',
  'No',
  'Send updates by email',
  'Paper copy',
  'Renewal',
  'New account',
];
const SIGN_LABELS = ['Signature:', 'Signed by:', 'Sign here', 'Applicant signature', 'Unterschrift:', 'Signature of tenant'];
const TYPED_NAMES = ['R. Castellane', 'Imke Solberg', 'T. Okafor-Reyes'];
const INKS = [rgb(0.05, 0.05, 0.35), rgb(0.1, 0.1, 0.1), rgb(0.15, 0.2, 0.5)];

const between = (r: Random, lo: number, hi: number) => lo + r() * (hi - lo);

/** A pen-like stroke: loops and zig-zags along the line, as a signature moves. */
function penPath(r: Random, width: number): string {
  let path = 'M 0 0';
  let x = 0;
  while (x < width) {
    const step = between(r, 6, 16);
    const up = between(r, 6, 22) * (r() < 0.5 ? -1 : 1);
    path += r() < 0.6 ? ` C ${x + step * 0.3} ${up} ${x + step * 0.7} ${-up} ${x + step} ${between(r, -6, 6)}` : ` L ${x + step} ${up * 0.6}`;
    x += step;
  }
  return path;
}

function drawMark(page: PDFPage, font: PDFFont, r: Random, style: MarkStyle, selected: boolean, x: number, y: number, size: number): BBox {
  const s = between(r, 7, 13);
  const border = between(r, 0.6, 1.4);
  if (style === 'typed_bracket' || style === 'typed_paren') {
    const text = style === 'typed_bracket' ? (selected ? pick(r, ['[x]', '[X]']) : '[ ]') : selected ? '(x)' : '( )';
    page.drawText(text, { x, y, size, font });
    return [x, y - size * 0.25, x + font.widthOfTextAtSize(text, size), y + size * 0.85];
  }
  if (style === 'circle_dot') {
    page.drawEllipse({ x: x + s / 2, y: y + s / 2 - 1, xScale: s / 2, yScale: s / 2, borderWidth: border, borderColor: rgb(0, 0, 0) });
    if (selected) page.drawEllipse({ x: x + s / 2, y: y + s / 2 - 1, xScale: s / 5, yScale: s / 5, color: rgb(0, 0, 0) });
    return [x, y - 1, x + s, y + s - 1];
  }
  page.drawRectangle({ x, y: y - 1, width: s, height: s, borderWidth: border, borderColor: rgb(0, 0, 0) });
  if (selected && style === 'square_cross') {
    page.drawLine({ start: { x: x + 2, y: y + 1 }, end: { x: x + s - 2, y: y + s - 3 }, thickness: 1.1 });
    page.drawLine({ start: { x: x + 2, y: y + s - 3 }, end: { x: x + s - 2, y: y + 1 }, thickness: 1.1 });
  } else if (selected && style === 'square_tick') {
    page.drawSvgPath(`M 0 0 L ${s * 0.3} ${s * 0.35} L ${s * 0.85} ${-s * 0.35}`, {
      x: x + s * 0.1,
      y: y + s * 0.45,
      borderWidth: 1.3,
      borderColor: rgb(0, 0, 0),
    });
  } else if (selected) {
    page.drawRectangle({ x: x + s * 0.2, y: y - 1 + s * 0.2, width: s * 0.6, height: s * 0.6, color: rgb(0, 0, 0) });
  }
  return [x, y - 1, x + s, y + s - 1];
}

/** One generated form (see the module comment) and what is on it. */
export async function generateForm(r: Random): Promise<GeneratedForm> {
  const doc = await PDFDocument.create();
  const [width, height] = r() < 0.5 ? [612, 792] : [595, 842];
  const page = doc.addPage([width, height]);
  const font = await doc.embedFont(pick(r, [StandardFonts.Helvetica, StandardFonts.TimesRoman, StandardFonts.Courier]));
  const size = between(r, 9, 12);
  page.drawText(pick(r, ['Membership application', 'Enrolment form', 'Change of details', 'Service request']), {
    x: 60,
    y: height - 70,
    size: size + 6,
    font,
  });
  const columns = r() < 0.5 ? 1 : 2;
  const rows = 3 + Math.floor(r() * 4);
  const style = pick(r, MARK_STYLES);
  const marks: TruthMark[] = [];
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < columns; col++) {
      const x = 60 + col * (width / 2 - 20);
      const y = height - 130 - row * (size * 2.6);
      const selected = r() < 0.45;
      const [x0, y0, x1, y1] = drawMark(page, font, r, style, selected, x, y, size);
      page.drawText(pick(r, OPTIONS), { x: x1 + 6, y, size, font });
      marks.push({ style, selected, box: [x0 / width, 1 - y1 / height, x1 / width, 1 - y0 / height] });
    }
  }
  const signature: SignatureCase = pick(r, ['signed', 'signed', 'empty', 'typed_name'] as const);
  const label = pick(r, SIGN_LABELS);
  const lineY = height - 200 - rows * size * 2.6;
  page.drawText(label, { x: 60, y: lineY, size, font });
  const lineX = 60 + font.widthOfTextAtSize(label, size) + 10;
  page.drawLine({ start: { x: lineX, y: lineY - 2 }, end: { x: lineX + 200, y: lineY - 2 }, thickness: 0.8 });
  if (signature === 'signed')
    page.drawSvgPath(penPath(r, between(r, 90, 170)), { x: lineX + 15, y: lineY + 4, borderColor: pick(r, INKS), borderWidth: between(r, 0.9, 1.8) });
  if (signature === 'typed_name') page.drawText(pick(r, TYPED_NAMES), { x: lineX + 10, y: lineY, size, font });
  return { pdf: await doc.save(), marks, signature };
}

const overlaps = (a: BBox, b: BBox) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

/** Reads a generated form as the API does (text layer, or a 200 dpi scan of it read by OCR) and lays it out. */
async function readForm(pdf: Uint8Array, scanned: boolean) {
  let bytes = pdf;
  if (scanned) {
    const original = await openDocument(pdf, { declaredKind: 'pdf' });
    try {
      bytes = (await original.renderer!.renderPng(1, { dpi: 200 })).png;
    } finally {
      await original.close();
    }
  }
  const opened = await openDocument(bytes, { declaredKind: scanned ? 'png' : 'pdf' });
  try {
    const parsed = await opened.extract(undefined, { graphics: true });
    const signatures = await findSignatures(parsed.pages, opened.renderer);
    const markInk = await readMarkInk(parsed.pages, opened.renderer);
    return buildDocumentLayout(parsed.pages, { signatures, markInk }).pages[0].regions;
  } finally {
    await opened.close();
  }
}

interface Tally {
  marks: number;
  found: number;
  stateRight: number;
  spurious: number;
  signatures: number;
  signatureRight: number;
}
const emptyTally = (): Tally => ({ marks: 0, found: 0, stateRight: 0, spurious: 0, signatures: 0, signatureRight: 0 });

function score(tally: Tally, form: GeneratedForm, regions: Awaited<ReturnType<typeof readForm>>, byStyle: Map<string, Tally>): void {
  const marks = regions.filter((r) => r.type === 'selection_mark');
  const style = byStyle.get(form.marks[0]?.style ?? 'none') ?? emptyTally();
  for (const truth of form.marks) {
    const hit = marks.find((m) => overlaps(m.bbox, truth.box));
    for (const t of [tally, style]) {
      t.marks++;
      if (hit) t.found++;
      if (hit && (hit.state === 'selected') === truth.selected) t.stateRight++;
    }
  }
  const spurious = marks.filter((m) => !form.marks.some((t) => overlaps(m.bbox, t.box))).length;
  tally.spurious += spurious;
  style.spurious += spurious;
  byStyle.set(form.marks[0]?.style ?? 'none', style);
  const reported = regions.some((r) => r.type === 'signature');
  tally.signatures++;
  if (reported === (form.signature === 'signed')) tally.signatureRight++;
}

const ratio = (a: number, b: number) => (b ? +(a / b).toFixed(3) : null);
const figures = (t: Tally) => ({
  marks: t.marks,
  mark_found: ratio(t.found, t.marks),
  state_accuracy: ratio(t.stateRight, t.marks),
  spurious_marks: t.spurious,
  signature_forms: t.signatures,
  signature_accuracy: ratio(t.signatureRight, t.signatures),
});

export async function runLayoutEval(options: {
  forms: number;
  scanned: number;
  seed?: number;
  log: (line: string) => void;
}): Promise<Record<string, unknown>> {
  const { log } = options;
  const funsd = await funsdOutOfFold();
  log(
    `FUNSD key-value pairs, out of fold over ${funsd.forms} forms: annotated entities ${JSON.stringify(funsd.annotated_entities)}; end to end ${JSON.stringify(funsd.end_to_end_from_words)}`,
  );
  const fromWordsText = await funsdTextMatches('words');
  log(`FUNSD from the words, by text comparison: ${JSON.stringify(fromWordsText)}`);
  const fromWords = await diagnoseFromWords();
  log(`FUNSD from the words, where annotated pairs are lost and what the extra pairs are: ${JSON.stringify(fromWords)}`);
  const throughOcr = await funsdThroughOcr();
  log(`FUNSD key-value pairs through our OCR of the images, out of fold: ${JSON.stringify(throughOcr)}`);
  const diagnosis = await diagnoseThroughOcr();
  log(`FUNSD through our OCR, where annotated pairs are lost and annotated words read: ${JSON.stringify(diagnosis)}`);
  const negatives = countNegatives(await negativePages(8, options.seed ?? LAYOUT_EVAL_SEED), (page) => keyValuePairs(page));
  for (const [group, g] of Object.entries(negatives)) {
    const note = group === `prose ${TRAINING_PROSE_PROJECT}` ? ' (trained on: in sample)' : '';
    log(
      `key-value pairs on pages that are not forms, ${group}${note}: ${g.pairs_per_page} pairs a page (${g.pairs} on ${g.pages} pages; ${g.keys_without_value} keys without value) e.g. ${g.examples.join(' | ')}`,
    );
  }
  const random = seeded(options.seed ?? LAYOUT_EVAL_SEED);
  const results: Record<string, unknown> = {};
  for (const [name, count, scanned] of [
    ['text_layer', options.forms, false],
    ['scanned', options.scanned, true],
  ] as const) {
    const tally = emptyTally();
    const byStyle = new Map<string, Tally>();
    const signatureCases: Record<SignatureCase, { forms: number; right: number }> = {
      signed: { forms: 0, right: 0 },
      empty: { forms: 0, right: 0 },
      typed_name: { forms: 0, right: 0 },
    };
    for (let i = 0; i < count; i++) {
      const form = await generateForm(random);
      const regions = await readForm(form.pdf, scanned);
      const before = tally.signatureRight;
      score(tally, form, regions, byStyle);
      signatureCases[form.signature].forms++;
      signatureCases[form.signature].right += tally.signatureRight - before;
    }
    results[name] = {
      forms: count,
      ...figures(tally),
      per_mark_style: Object.fromEntries([...byStyle].sort().map(([k, v]) => [k, figures(v)])),
      signature_cases: signatureCases,
    };
    log(`generated forms, ${name} (${count}): ${JSON.stringify(results[name])}`);
  }
  return {
    seed: options.seed ?? LAYOUT_EVAL_SEED,
    funsd_key_value_pairs: {
      ...funsd,
      from_words_by_text: fromWordsText,
      from_words_diagnosis: fromWords,
      through_ocr: { ...throughOcr, ...diagnosis },
    },
    key_value_pairs_not_forms: negatives,
    generated_forms: results,
  };
}
