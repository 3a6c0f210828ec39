/**
 * The redaction plan of what is rendered: the pages' text layer, what their
 * annotations and form fields say, and what pictures on text pages say
 * (rendered-page.ts, picture-text.ts), indexed once, so detection, the
 * masks and the redacted PDF's text layer all work from the same words.
 * Shared by the redact operation and its evaluation.
 *
 * @module
 */
import type { DocumentPage, PageRenderer } from '../document-model.ts';
import { readDarkRegions } from './dark-region-text.ts';
import { effectiveTypes, type DetectionConfig, type PiiSpan } from './detect.ts';
import { personResources } from './name-lexicon.ts';
import { headedDrawnColumns, withContinuedColumns } from './person-columns-drawn.ts';
import { readPictures, type PictureReadOptions } from './picture-text.ts';
import { planRedaction, type RedactionPlan, type RedactMode } from './redact.ts';
import { unreadZoneLineMasks } from './mrz-zone-masks.ts';
import { renderedPages } from './rendered-page.ts';
import type { PageTextRange } from './hosted-detect.ts';
import { buildTextIndex, type IndexedWord, type TextIndex } from './text-index.ts';
import { hasDeclaredTables, tableColumnNames } from './person-table-columns.ts';
import { typedColumnValues } from './typed-table-columns.ts';
import { unreadValueMasks, type UnreadValueMask } from './unread-values.ts';

/** Each page's part of the indexed text, from its first word to its last (pages without words have none). */
function pageRanges(words: readonly IndexedWord[]): PageTextRange[] {
  const ranges: PageTextRange[] = [];
  for (const word of words) {
    const last = ranges[ranges.length - 1];
    if (last && last.pageNumber === word.pageNumber) ranges[ranges.length - 1] = { ...last, end: word.end };
    else ranges.push({ pageNumber: word.pageNumber, start: word.start, end: word.end });
  }
  return ranges;
}

export interface RenderedRedaction<S> {
  /** The pages with the text added: mask and build the PDF from these. */
  readonly pages: readonly DocumentPage[];
  readonly plan: RedactionPlan;
  /** What `findSpans` returned besides the spans (the engine that found them). */
  readonly found: S;
}

export async function planRenderedRedaction<S extends { readonly spans: readonly PiiSpan[] }>(
  pages: readonly DocumentPage[],
  options: {
    readonly renderer?: PageRenderer;
    readonly mode: RedactMode;
    readonly config: DetectionConfig;
    /** How the pictures on text pages are read (languages, hosted reader, deadline). */
    readonly pictures?: PictureReadOptions;
    /** Finds the spans in the index's text (the local detector, or a hosted one); `pages` are each page's part of it. */
    readonly findSpans: (text: string, pages: readonly PageTextRange[]) => Promise<S>;
  },
): Promise<RenderedRedaction<S>> {
  const pictures = await readPictures(pages, options.renderer, options.pictures);
  // Light text on dark regions of OCR'd pages, which the page's own reading binarised away (dark-region-text.ts).
  for (const [pageIndex, lines] of await readDarkRegions(pages, options.renderer, options.pictures)) {
    pictures.set(pageIndex, [...(pictures.get(pageIndex) ?? []), ...lines]);
  }
  const rendered = renderedPages(pages, pictures);
  const index = buildTextIndex(rendered.pages);
  const found = await options.findSpans(index.text, pageRanges(index.words));
  const spans = effectiveTypes(options.config).has('PERSON') ? await withLayoutPersons(rendered.pages, index, found.spans) : found.spans;
  const planOf = (planned: readonly PiiSpan[]) =>
    planRedaction(rendered.pages, { mode: options.mode, config: options.config, spans: planned, index, regionOf: rendered.regionOf });
  const plan = await planOf(spans);
  const unread = await unreadValueMasks(
    rendered.pages,
    options.renderer,
    (i) => (plan.boxes.get(i) ?? []).map((box) => box.bbox),
    options.pictures?.signal,
  );
  // What OCR read of an unread value (garbage, a few digits) is a reading of it: replaced in the text like a span, and counted as one.
  const readings = unreadReadings(index, spans, unread);
  // Lines of a machine-readable zone OCR dropped beside the lines it read: masked where the zone's geometry puts them.
  readings.masks.push(...unreadZoneLineMasks(index));
  const planned = readings.spans.length ? await planOf([...spans, ...readings.spans].sort((a, b) => a.start - b.start)) : plan;
  return { pages: rendered.pages, plan: withMasksWithoutText(planned, readings.masks, options.mode), found };
}

/** The words read inside unread values' masks as spans of the masks' types (where no span is), and the masks, those with a reading no longer counted. */
function unreadReadings(
  index: TextIndex,
  spans: readonly PiiSpan[],
  masks: readonly (UnreadValueMask & { pageIndex: number })[],
): { spans: PiiSpan[]; masks: (UnreadValueMask & { pageIndex: number })[] } {
  const out: PiiSpan[] = [];
  const counted = masks.map((mask) => {
    const [l, t, r, b] = mask.bbox;
    const inside = index.words.filter((w) => {
      const x = (w.bbox[0] + w.bbox[2]) / 2;
      const y = (w.bbox[1] + w.bbox[3]) / 2;
      return (
        w.pageIndex === mask.pageIndex && x >= l && x <= r && y >= t && y <= b && ![...spans, ...out].some((s) => s.start < w.end && w.start < s.end)
      );
    });
    if (inside.length === 0) return mask;
    // One span over the words read there (consecutive in the text: a value's line, or its lines).
    const start = inside[0].start;
    const end = inside[inside.length - 1].end;
    if ([...spans, ...out].some((s) => s.start < end && start < s.end)) {
      out.push(...inside.map((w) => ({ type: mask.type, start: w.start, end: w.end, value: w.text, score: 0.65 })));
    } else out.push({ type: mask.type, start, end, value: index.text.slice(start, end), score: 0.65 });
    return mask.counted === false ? mask : { ...mask, counted: false as const };
  });
  return { spans: out, masks: counted };
}

/**
 * The spans with the people a page's layout names and its text does not
 * say: a table of people broken over a page carries its column on (the
 * next page's rows have no header), and a declared table's people columns
 * other than the first, declared (a sheet's grid) or drawn (cells a gap
 * apart: the text keeps no grid). They are added where no span is.
 */
async function withLayoutPersons(pages: readonly DocumentPage[], index: TextIndex, spans: readonly PiiSpan[]): Promise<readonly PiiSpan[]> {
  const lexicon = (await personResources()).lexicon;
  const continued = await withContinuedColumns(index, spans, async () => lexicon);
  const cells = [
    ...headedDrawnColumns(index, lexicon),
    ...(hasDeclaredTables(pages) ? [...tableColumnNames(pages, index, lexicon), ...typedColumnValues(pages, index)] : []),
  ];
  if (cells.length === 0) return continued;
  const overlaps = (a: PiiSpan, b: PiiSpan) => a.start < b.end && b.start < a.end;
  // As under a header read from the text (person-columns.ts): a name read across a cell's edge gives way to the cell;
  // so does a phone number, which the text's spaces join from two cells' digits (a date, then a house number).
  const joinsCells = (s: PiiSpan) => s.type === 'PERSON' || s.type === 'PHONE_NUMBER';
  const crossesCell = (s: PiiSpan) => joinsCells(s) && cells.some((c) => overlaps(s, c) && (s.start < c.start || s.end > c.end));
  const kept = continued.filter((s) => !crossesCell(s));
  const added: PiiSpan[] = [];
  for (const cell of cells) if (![...kept, ...added].some((s) => overlaps(s, cell))) added.push(cell);
  return [...kept, ...added].sort((a, b) => a.start - b.start);
}

/** The plan with the masks of values no reading found: painted like a span's box (blank in de-identify mode), counted under their type. */
function withMasksWithoutText(plan: RedactionPlan, masks: readonly (UnreadValueMask & { pageIndex: number })[], mode: RedactMode): RedactionPlan {
  if (masks.length === 0) return plan;
  const summary = { ...plan.summary };
  const boxes = new Map(plan.boxes);
  for (const mask of masks) {
    if (mask.counted !== false) summary[mask.type] = (summary[mask.type] ?? 0) + 1;
    // First: in de-identify mode a synthetic value written over a reading of the value stays on top of the blanked ink.
    const blank = mode === 'deidentify' ? { bbox: mask.bbox, replacement: '' } : { bbox: mask.bbox };
    boxes.set(mask.pageIndex, [blank, ...(boxes.get(mask.pageIndex) ?? [])]);
  }
  return { ...plan, summary, boxes };
}
