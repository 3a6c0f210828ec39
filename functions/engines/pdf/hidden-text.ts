/**
 * Text a reader cannot see: marked while pdf.js reads a page's text layer,
 * so extract and classify can leave it out (issue 38: a document must not
 * steer what extract reports with an IBAN nobody sees).
 *
 * pdf.js's text-content evaluator ignores the text render mode and the fill
 * colour, and merges consecutive text-showing operators into one item; so
 * what decides visibility is read here, operator by operator, in its
 * preprocessor (the same patch point as evaluation-budget.ts), and each
 * hidden text-showing operator is wrapped in a marked-content pair
 * (`BMC /DocintelHidden.<reason>` … `EMC`) of our own. pdf.js flushes its
 * item at both, so hidden text never shares an item with visible text, and
 * the text content (read with `includeMarkedContent`) says which items are
 * hidden. Nothing is removed: redaction still sees and masks every word.
 *
 * Hidden, per text-showing operator:
 * - `invisible`: render mode 3 (neither fill nor stroke) or 7 (clip only),
 *   unless drawn over an image painted before it (a scan's OCR text layer);
 * - `background`: painted in white or near white (luminance ≥ 0.95 in
 *   DeviceGray/RGB/CMYK) where nothing non-white was painted before it in
 *   this text pass (filled rectangles, images, forms, shadings: white text
 *   on a dark banner stays);
 * - `tiny`: an effective font size under 2 pt (Type3 fonts, whose sizes
 *   pdf.js cannot tell, are not judged).
 * Not judged (documented in docs/api.md): transparency set through an
 * ExtGState, text covered by a later opaque shape, clipping paths, and
 * colours in named colour spaces (ICC, Separation, DeviceN).
 *
 * @module
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { multiply, transformedBox } from './matrix.ts';

/** Why a text item is hidden. */
export type HiddenReason = 'invisible' | 'background' | 'tiny';

/** Smaller effective font sizes (points) are not read as visible text. */
export const MIN_VISIBLE_FONT_SIZE = 2;
/** Fill colours this light (0 black – 1 white) are the page's white. */
const WHITE_LUMINANCE = 0.95;
/** Non-white areas remembered per text pass; past it, white text is kept (treated as painted over something). */
const MAX_AREAS = 2_000;
/** Tag prefix of the marked content we add. */
export const HIDDEN_TAG = 'DocintelHidden.';

/** The pdf.js worker module's private names this relies on (exported by the loader in pdfjs.ts). */
export const HIDDEN_TEXT_EXPORTS = ['PartialEvaluator', 'EvaluatorPreprocessor', 'OPS', 'Name'] as const;

type Box = readonly [number, number, number, number];
type Matrix = ArrayLike<number>;

/** One page's text pass: what non-white paint it has seen so far. */
interface TextPass {
  readonly areas: Box[];
  /** Images (or forms) painted so far: the unit square of their matrix. */
  readonly images: Box[];
  /** Something painted where we cannot tell (shading, too many areas): white text is kept. */
  unknownPaint: boolean;
}

/** The state fields we add to pdf.js's TextState (copied by its `clone`, so `q`/`Q` keep them right). */
interface TrackedState {
  ctm: Matrix;
  textMatrix: Matrix;
  fontSize: number;
  fontMatrix?: Matrix;
  font?: { isType3Font?: boolean } | null;
  docintelRender?: number;
  docintelFill?: number;
  docintelStroke?: number;
  docintelFillSpace?: string;
}

interface Operation {
  fn: number;
  args: unknown[] | null;
}

interface Preprocessor {
  stateManager: { state: TrackedState };
  [key: symbol]: unknown;
}

const textPass = new AsyncLocalStorage<TextPass | undefined>();
const PASS = Symbol('docintel.textPass');
const PENDING = Symbol('docintel.pendingOps');
const RECTS = Symbol('docintel.pathRects');
const PATCHED = Symbol.for('docintel.hiddenTextMarksInstalled');

const clamp = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0);

/** Luminance of raw colour operands (gray, RGB or CMYK by their count); undefined when not a device colour. */
export function luminance(args: readonly unknown[]): number | undefined {
  if (!args.every((v) => typeof v === 'number')) return undefined;
  const [a, b, c, d] = args.map(clamp);
  if (args.length === 1) return a;
  if (args.length === 3) return 0.2126 * a + 0.7152 * b + 0.0722 * c;
  if (args.length === 4) return 0.2126 * (1 - a) * (1 - d) + 0.7152 * (1 - b) * (1 - d) + 0.0722 * (1 - c) * (1 - d);
  return undefined;
}

/** Why the text about to be shown with `state` is hidden, or undefined when a reader can see it. */
export function hiddenReason(state: TrackedState, pass: TextPass): HiddenReason | undefined {
  const mode = state.docintelRender ?? 0;
  const m = multiply(state.ctm, state.textMatrix);
  // The middle of the glyphs' height at the run's start, in page space.
  const size = Math.abs(state.fontSize) || 1;
  const x = m[4] + m[2] * size * 0.35;
  const y = m[5] + m[3] * size * 0.35;
  const inside = (boxes: readonly Box[]) => boxes.some(([x0, y0, x1, y1]) => x >= x0 && x <= x1 && y >= y0 && y <= y1);
  // Invisible text over an image is a scan's OCR layer (searchable PDFs): the image shows what it says.
  if (mode === 3 || mode === 7) return inside(pass.images) ? undefined : 'invisible';
  if (!state.font?.isType3Font) {
    const em = Math.abs(state.fontSize) * Math.abs(state.fontMatrix?.[3] ?? 0.001) * 1000;
    const size = em * Math.hypot(m[2], m[3]);
    if (Number.isFinite(size) && size < MIN_VISIBLE_FONT_SIZE) return 'tiny';
  }
  // Modes 0, 2, 4, 6 fill; 1 and 5 only stroke. Black is the initial colour of both.
  const filled = mode !== 1 && mode !== 5;
  const stroked = mode === 1 || mode === 2 || mode === 5 || mode === 6;
  const white = (!filled || (state.docintelFill ?? 0) >= WHITE_LUMINANCE) && (!stroked || (state.docintelStroke ?? 0) >= WHITE_LUMINANCE);
  if (!white || pass.unknownPaint) return undefined;
  return inside(pass.areas) ? undefined : 'background';
}

/**
 * Records what an operator changes for visibility (render mode, colours,
 * non-white paint); returns true for the operators that show text.
 */
function observe(self: Preprocessor, operation: Operation, ops: Record<string, number>, pass: TextPass): boolean {
  const state = self.stateManager.state;
  const args = operation.args ?? [];
  switch (operation.fn) {
    case ops.showText:
    case ops.showSpacedText:
    case ops.nextLineShowText:
    case ops.nextLineSetSpacingShowText:
      return true;
    case ops.setTextRenderingMode:
      state.docintelRender = typeof args[0] === 'number' ? args[0] : 0;
      break;
    case ops.setFillGray:
    case ops.setFillRGBColor:
    case ops.setFillCMYKColor:
      state.docintelFill = luminance(args) ?? 0;
      state.docintelFillSpace = undefined;
      break;
    case ops.setFillColorSpace: {
      // Device spaces start black; other spaces are not judged (never "white").
      const name = (args[0] as { name?: string } | undefined)?.name;
      state.docintelFillSpace =
        name === 'DeviceGray' || name === 'DeviceRGB' || name === 'DeviceCMYK' || name === 'G' || name === 'RGB' || name === 'CMYK' ? name : 'other';
      state.docintelFill = 0;
      break;
    }
    case ops.setFillColor:
    case ops.setFillColorN:
      state.docintelFill = state.docintelFillSpace === 'other' ? 0 : (luminance(args) ?? 0);
      break;
    case ops.setStrokeGray:
    case ops.setStrokeRGBColor:
    case ops.setStrokeCMYKColor:
      state.docintelStroke = luminance(args) ?? 0;
      break;
    case ops.rectangle: {
      const [x, y, w, h] = args as number[];
      if ([x, y, w, h].every(Number.isFinite)) pathBoxes(self).push(transformedBox(state.ctm, x, y, w, h));
      break;
    }
    case ops.moveTo:
    case ops.lineTo:
    case ops.curveTo:
    case ops.curveTo2:
    case ops.curveTo3:
      addPathPoints(self, args);
      break;
    case ops.fill:
    case ops.eoFill:
    case ops.fillStroke:
    case ops.eoFillStroke:
    case ops.closeFillStroke:
    case ops.closeEOFillStroke:
      fillPath(self, pass);
      break;
    case ops.stroke:
    case ops.closeStroke:
    case ops.endPath:
      self[RECTS] = [];
      break;
    case ops.paintXObject:
    case ops.beginInlineImage:
      // An image (or a form) paints within the unit square of its matrix: whatever it shows may lie under white text.
      remember(pass, transformedBox(state.ctm, 0, 0, 1, 1));
      if (pass.images.length < MAX_AREAS) pass.images.push(transformedBox(state.ctm, 0, 0, 1, 1));
      break;
    case ops.shadingFill:
      pass.unknownPaint = true;
      break;
  }
  return false;
}

/** A path's points: its bounding box stands for what it fills (a rounded or drawn rectangle, a blob). */
function addPathPoints(self: Preprocessor, args: readonly unknown[]): void {
  const state = self.stateManager.state;
  for (let i = 0; i + 1 < args.length; i += 2) {
    const [x, y] = [args[i], args[i + 1]];
    if (typeof x === 'number' && typeof y === 'number' && Number.isFinite(x) && Number.isFinite(y))
      pathBoxes(self).push(transformedBox(state.ctm, x, y, 0, 0));
  }
}

/** A path filled in a non-white colour covers its boxes (and the box around its points); the path then ends. */
function fillPath(self: Preprocessor, pass: TextPass): void {
  if ((self.stateManager.state.docintelFill ?? 0) < WHITE_LUMINANCE) {
    const boxes = (self[RECTS] as Box[] | undefined) ?? [];
    const points = boxes.filter((b) => b[0] === b[2] && b[1] === b[3]);
    for (const box of boxes) if (box[0] !== box[2] || box[1] !== box[3]) remember(pass, box);
    if (points.length) {
      remember(pass, [
        Math.min(...points.map((b) => b[0])),
        Math.min(...points.map((b) => b[1])),
        Math.max(...points.map((b) => b[2])),
        Math.max(...points.map((b) => b[3])),
      ]);
    }
  }
  self[RECTS] = [];
}

/** The boxes of the path being built: one per rectangle, one point per path point (bounded). */
function pathBoxes(self: Preprocessor): Box[] {
  const boxes = (self[RECTS] as Box[] | undefined) ?? (self[RECTS] = []);
  // A path with more parts than this is held as the one box around them all (bounded work, still conservative).
  if (boxes.length > MAX_AREAS) {
    const union: Box = [
      Math.min(...boxes.map((b) => b[0])),
      Math.min(...boxes.map((b) => b[1])),
      Math.max(...boxes.map((b) => b[2])),
      Math.max(...boxes.map((b) => b[3])),
    ];
    boxes.length = 0;
    boxes.push(union);
  }
  return boxes;
}

function remember(pass: TextPass, box: Box): void {
  if (pass.areas.length >= MAX_AREAS) pass.unknownPaint = true;
  else pass.areas.push(box);
}

/**
 * Patches pdf.js's evaluator (in-process "fake worker") so text-content
 * passes mark hidden text. Install after the evaluation bounds (it wraps
 * their counted `read`). Idempotent.
 *
 * @throws Error when the module lacks what this relies on (a pdf.js upgrade changed it).
 */
export function installHiddenTextMarks(worker: Record<string, unknown>): void {
  const evaluator = (worker.PartialEvaluator as { prototype?: Record<string | symbol, unknown> } | undefined)?.prototype;
  const preprocessor = (worker.EvaluatorPreprocessor as { prototype?: Record<string, unknown> } | undefined)?.prototype;
  const ops = worker.OPS as Record<string, number> | undefined;
  const nameOf = (worker.Name as { get?: (name: string) => unknown } | undefined)?.get;
  for (const [name, ok] of [
    ['PartialEvaluator#getTextContent', typeof evaluator?.getTextContent === 'function'],
    ['PartialEvaluator#getOperatorList', typeof evaluator?.getOperatorList === 'function'],
    ['EvaluatorPreprocessor#read', typeof preprocessor?.read === 'function'],
    ['OPS', typeof ops?.showText === 'number' && typeof ops?.beginMarkedContent === 'number'],
    ['Name.get', typeof nameOf === 'function'],
  ] as const) {
    if (!ok) throw new Error(`pdf.js worker module does not expose ${name}: hidden text cannot be marked.`);
  }
  if (evaluator![PATCHED]) return;
  const Name = worker.Name as { get(name: string): unknown };

  // A text pass per page: forms it paints inherit it; glyph programs and graphics passes do not.
  const getTextContent = evaluator!.getTextContent as (...args: unknown[]) => Promise<unknown>;
  evaluator!.getTextContent = function (this: unknown, ...args: unknown[]) {
    const pass = textPass.getStore() ?? { areas: [], images: [], unknownPaint: false };
    return textPass.run(pass, () => getTextContent.apply(this, args));
  };
  const getOperatorList = evaluator!.getOperatorList as (...args: unknown[]) => Promise<unknown>;
  evaluator!.getOperatorList = function (this: unknown, ...args: unknown[]) {
    return textPass.run(undefined, () => getOperatorList.apply(this, args));
  };

  const read = preprocessor!.read as (this: Preprocessor, operation: Operation) => boolean;
  preprocessor!.read = function (this: Preprocessor, operation: Operation): boolean {
    const pass = (this[PASS] === undefined ? (this[PASS] = textPass.getStore() ?? null) : this[PASS]) as TextPass | null;
    if (!pass) return read.call(this, operation);
    // The shown operator and our closing EMC, queued behind the BMC returned before them.
    const pending = this[PENDING] as Operation[] | undefined;
    const queued = pending?.shift();
    if (queued) {
      operation.fn = queued.fn;
      operation.args = queued.args;
      return true;
    }
    if (!read.call(this, operation)) return false;
    if (!observe(this, operation, ops!, pass)) return true;
    const reason = hiddenReason(this.stateManager.state, pass);
    if (!reason) return true;
    this[PENDING] = [
      { fn: operation.fn, args: operation.args ? [...operation.args] : null },
      { fn: ops!.endMarkedContent, args: [] },
    ];
    operation.fn = ops!.beginMarkedContent;
    operation.args = [Name.get(HIDDEN_TAG + reason)];
    return true;
  };
  Object.defineProperty(evaluator, PATCHED, { value: true });
}

/** A pdf.js text-content marker item (`includeMarkedContent`). */
interface MarkerItem {
  readonly type?: string;
  readonly tag?: string | null;
}

/**
 * The indexes of the text items our marks say are hidden, with their reason.
 *
 * @example
 * const hidden = hiddenItems(content.items); // Map { 7 => 'background' }
 */
export function hiddenItems(items: readonly unknown[]): Map<number, HiddenReason> {
  const hidden = new Map<number, HiddenReason>();
  let reason: HiddenReason | undefined;
  items.forEach((raw, index) => {
    const item = raw as MarkerItem;
    if (item.type === 'beginMarkedContent' && typeof item.tag === 'string' && item.tag.startsWith(HIDDEN_TAG)) {
      reason = item.tag.slice(HIDDEN_TAG.length) as HiddenReason;
    } else if (item.type === 'endMarkedContent') {
      // Ours hold one text operator and nothing else: the first end closes them.
      reason = undefined;
    } else if (reason && !item.type) {
      hidden.set(index, reason);
    }
  });
  return hidden;
}

/** What `visibleFragments` needs of a word fragment: the text item it came from. */
interface Fragment {
  readonly text: string;
  readonly run?: number;
}

const REASON_WORDS: Record<HiddenReason, string> = {
  invisible: 'invisible render mode',
  background: 'white on white',
  tiny: 'under 2 pt',
};

/**
 * The fragments a reader can see, and the page warning that says how many
 * hidden characters were left out (and why), if any were.
 *
 * @example
 * const { fragments, warning } = visibleFragments(words, content.items, 3);
 */
export function visibleFragments<T extends Fragment>(
  fragments: readonly T[],
  items: readonly unknown[],
  pageNumber: number,
): { fragments: T[]; warning?: string } {
  const hidden = hiddenItems(items);
  if (hidden.size === 0) return { fragments: [...fragments] };
  const counts = new Map<HiddenReason, number>();
  const kept = fragments.filter((fragment) => {
    const reason = fragment.run === undefined ? undefined : hidden.get(fragment.run);
    if (reason) counts.set(reason, (counts.get(reason) ?? 0) + fragment.text.length);
    return !reason;
  });
  if (counts.size === 0) return { fragments: kept };
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const why = [...counts].map(([reason, n]) => `${n} ${REASON_WORDS[reason]}`).join(', ');
  return {
    fragments: kept,
    warning: `Page ${pageNumber}: ${total} invisible characters (${why}) were left out of what was read; a reader cannot see them.`,
  };
}
