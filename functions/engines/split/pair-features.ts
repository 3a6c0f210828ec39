/**
 * What changes between two neighbouring pages, as numbers for the learned
 * boundary model (boundary-model.ts): the text signals the splitter's rules
 * read (numbering, identifiers, letterhead, header and footer words, topic,
 * first- and last-page cues, the page type) and what the page images show
 * (letterhead and footer bands, layout, ink, backdrop, orientation). Every
 * feature is 0 when its evidence is missing, so a page without an image
 * fingerprint or with little text leans on what is left.
 *
 * @module
 */
import { gridSimilarity, type PageSignature } from '../ocr/page-signature.ts';
import { jaccard } from './overlap.ts';

/** The facts of one page the pair features read (a subset of the splitter's page facts). */
export interface PairPage {
  readonly blank: boolean;
  readonly numbering?: { index: number; total?: number };
  readonly identifiers: ReadonlyMap<string, string>;
  readonly frame: ReadonlySet<string>;
  readonly label: string;
  readonly confident: boolean;
  readonly titled: boolean;
  readonly bound: boolean;
  readonly vocabulary: ReadonlySet<string>;
  readonly closes: boolean;
  readonly opens: boolean;
  readonly edgeIds: ReadonlySet<string>;
  readonly sender?: string;
  readonly width?: number;
  readonly height?: number;
  /** Words on the page: few words mean the OCR saw little. */
  readonly words: number;
  /** The page's language when its text says so surely. */
  readonly language?: string;
  readonly signature?: PageSignature;
}

/** Feature names in the order the model's weights follow. */
export const PAIR_FEATURES = [
  'rule_score',
  'frame_overlap',
  'topic_overlap',
  'numbering_restarts',
  'numbering_continues',
  'numbering_later_page',
  'previous_last_numbered',
  'identifier_changes',
  'identifier_repeats',
  'edge_code_shared',
  'sender_changes',
  'sender_repeats',
  'titled',
  'previous_closes',
  'opens',
  'type_changes',
  'type_repeats',
  'continuation_phrase',
  'size_changes',
  'sparse_text',
  'words_ratio',
  'language_changes',
  'image_known',
  'top_band_alike',
  'top_band_distance',
  'letterhead_appears',
  'bottom_band_alike',
  'layout_alike',
  'ink_change',
  'backdrop_change',
  'orientation_changes',
  'near_duplicate',
] as const;
export type PairFeature = (typeof PAIR_FEATURES)[number];

/** Pages with fewer words than this are sparse: the OCR read little, text signals are thin. */
export const SPARSE_WORDS = 15;

const flag = (b: boolean | undefined) => (b ? 1 : 0);

function sizeChange(a: PairPage, b: PairPage): boolean {
  if (!a.width || !a.height || !b.width || !b.height) return false;
  return Math.abs(a.width / b.width - 1) > 0.1 || Math.abs(a.height / b.height - 1) > 0.1;
}

const mean = (v: readonly number[]) => (v.length ? v.reduce((s, x) => s + x, 0) / v.length : 0);

function meanDistance(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length || a.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
  return sum / a.length;
}

/** Image features of a pair; all 0 unless both pages have a fingerprint. */
function imageFeatures(a: PageSignature | undefined, b: PageSignature | undefined): Partial<Record<PairFeature, number>> {
  if (!a || !b) return {};
  const layout = gridSimilarity(a.layout, b.layout);
  return {
    image_known: 1,
    top_band_alike: gridSimilarity(a.top, b.top),
    // Densities are small shares; ×10 puts the distance on the scale of the other features.
    top_band_distance: Math.min(1, meanDistance(a.top, b.top) * 10),
    // A first page carries a letterhead its predecessor's continuation pages lack.
    letterhead_appears: Math.max(-1, Math.min(1, (mean(b.top) - mean(a.top)) * 10)),
    bottom_band_alike: gridSimilarity(a.bottom, b.bottom),
    layout_alike: layout,
    ink_change: Math.min(3, Math.abs(Math.log((a.ink + 0.005) / (b.ink + 0.005)))),
    backdrop_change: Math.abs(a.backdrop - b.backdrop),
    orientation_changes: flag(a.aspect > 1 !== b.aspect > 1),
  };
}

/** The splitter's rules' start score is clipped to this and scaled by it. */
const RULE_SCORE_SPAN = 6;

/**
 * The features of the boundary before `page`, after `previous`, given the
 * identifiers the running document has shown so far and the start score
 * the splitter's rules give the pair (their signals weighed as on text
 * layers: the model learns how far to trust them on scans).
 */
export function pairFeatures(previous: PairPage, page: PairPage, runningIdentifiers: ReadonlyMap<string, string>, ruleScore: number): number[] {
  let changes = false;
  let repeats = false;
  for (const [kind, value] of page.identifiers) {
    const seen = runningIdentifiers.get(kind);
    if (seen === undefined) continue;
    if (seen === value) repeats = true;
    else changes = true;
  }
  const numbering = page.numbering;
  const before = previous.numbering;
  const continues = Boolean(numbering && before && numbering.index === before.index + 1 && numbering.total === before.total);
  const topic = jaccard(previous.vocabulary, page.vocabulary);
  const image = imageFeatures(previous.signature, page.signature);
  const values: Record<PairFeature, number> = {
    rule_score: Math.max(-RULE_SCORE_SPAN, Math.min(RULE_SCORE_SPAN, ruleScore)) / RULE_SCORE_SPAN,
    frame_overlap: jaccard(previous.frame, page.frame),
    topic_overlap: topic,
    numbering_restarts: flag(numbering?.index === 1),
    numbering_continues: flag(continues),
    numbering_later_page: flag(numbering !== undefined && numbering.index > 1 && !continues),
    previous_last_numbered: flag(previous.numbering?.total !== undefined && previous.numbering.index === previous.numbering.total),
    identifier_changes: flag(changes),
    identifier_repeats: flag(repeats),
    edge_code_shared: flag([...page.edgeIds].some((id) => previous.edgeIds.has(id))),
    sender_changes: flag(previous.sender !== undefined && page.sender !== undefined && previous.sender !== page.sender),
    sender_repeats: flag(previous.sender !== undefined && previous.sender === page.sender),
    titled: flag(page.titled),
    previous_closes: flag(previous.closes),
    opens: flag(page.opens),
    type_changes: flag(previous.confident && page.confident && previous.label !== page.label),
    type_repeats: flag(previous.confident && page.confident && previous.label === page.label),
    continuation_phrase: flag(page.bound),
    size_changes: flag(sizeChange(previous, page)),
    sparse_text: flag(Math.min(previous.words, page.words) < SPARSE_WORDS),
    words_ratio: Math.min(3, Math.abs(Math.log((previous.words + 5) / (page.words + 5)))),
    language_changes: flag(previous.language !== undefined && page.language !== undefined && previous.language !== page.language),
    image_known: 0,
    top_band_alike: 0,
    top_band_distance: 0,
    letterhead_appears: 0,
    bottom_band_alike: 0,
    layout_alike: 0,
    ink_change: 0,
    backdrop_change: 0,
    orientation_changes: 0,
    near_duplicate: flag(topic > 0.8 && (image.layout_alike ?? 1) > 0.9),
    ...image,
  };
  return PAIR_FEATURES.map((name) => values[name]);
}
