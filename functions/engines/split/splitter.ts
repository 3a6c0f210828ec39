/**
 * Splits a multi-document file into typed page ranges. Each page boundary
 * gets a start score from independent signals:
 *
 * - page numbering: "Page 1 of 3" starts a document, "Page 2 of 3" after
 *   "Page 1 of 3" continues it;
 * - identifiers: an invoice, account, policy, claim, order or statement
 *   number (or the caller's `identifier_patterns`) that changes starts a
 *   new document, one that stays the same continues it;
 * - page type: a page classified as a different type than the running
 *   document, a document title in the page's first lines, a standalone class;
 * - layout: a running header/footer shared with the previous page binds;
 *   a blank page separates;
 * - the caller's `binding_patterns` (phrases that bind a page to the one
 *   before) and `heuristics` (each page is a document; documents start with
 *   a phrase; blank pages separate).
 *
 * With `use_thinking` (the default) a second pass re-reads each segment as
 * a whole: neighbouring segments of the same type that no hard signal
 * separates and whose facing pages share their vocabulary are merged, and
 * each segment is typed from all of its pages (without it, a segment takes
 * the type of its first page).
 *
 * @module
 */
import type { ClassDefinition } from '../classify/classes.ts';
import { classifyText, contentWords, hasTitle, MIN_EVIDENCE } from '../classify/classifier.ts';
import { COMPANY } from '../extract/financial.ts';
import { identifierFinder as buildIdentifierFinder, type IdentifierFinder } from './identifier-patterns.ts';
import { jaccard } from './overlap.ts';
import type { PageSignature } from '../ocr/page-signature.ts';
import { guessLanguage } from '../ocr/language-detect.ts';
import { boundaryProbability, committedBoundaryModel, type BoundaryModel } from './boundary-model.ts';
import { pairFeatures } from './pair-features.ts';

export interface SplitPage {
  readonly pageNumber: number;
  readonly text: string;
  /** Page size (any unit): a scanned packet's documents often differ in size. */
  readonly width?: number;
  readonly height?: number;
  /** File kind of the packet (`pdf`, `tiff`, …), passed to the classifier as a layout cue. */
  readonly kind?: string;
  /** Where the page's text came from: a pair with an OCR (or unread) page is decided by the learned boundary model. */
  readonly source?: 'text-layer' | 'ocr' | 'none';
  /** The OCR'd page image's fingerprint (see page-signature.ts). */
  readonly signature?: PageSignature;
}

export interface SegmentClass {
  readonly definition: ClassDefinition;
  readonly standalone: boolean;
}

export interface DomainGuidelines {
  readonly domainName: string;
  readonly identifierPatterns?: string;
  readonly bindingPatterns?: string;
  readonly heuristics?: string;
  readonly examples?: string;
}

export interface SplitterOptions {
  readonly classes: readonly SegmentClass[];
  readonly thorough: boolean;
  readonly guidelines?: DomainGuidelines;
  /**
   * The learned boundary model for scanned pairs (default: the committed
   * one), or the model for the boundary before page index i (the
   * out-of-fold evaluation scores each pair with a model that never saw it).
   */
  readonly boundaryModel?: BoundaryModel | ((pageIndex: number) => BoundaryModel);
}

export interface Segment {
  readonly document_index: number;
  readonly start_page: number;
  readonly end_page: number;
  readonly type: string;
  /** How sure the learned boundary model was that this segment starts here (starts it decided: scanned pages). */
  readonly confidence?: number;
}

/** Kinds that are almost always one page: two in a row are two documents unless something binds them. */
const SINGLE_PAGE_KINDS = new Set(['receipt', 'business_card', 'bank_check', 'envelope', 'identity_document', 'health_insurance_card']);

/** Score at which a page starts a new document. */
export const START_THRESHOLD = 2;
/** Signals strong enough that the second pass never merges across them. */
const HARD = 3;

const PAGE_OF_SOURCE = String.raw`(?:page|seite|pagina|página|p\.|pag\.)\s*(\d{1,4})\s*(?:of|von|de|di|sur|\/|van)\s*(\d{1,4})`;
const PAGE_OF = new RegExp(PAGE_OF_SOURCE, 'iu');
const SLASH_PAGE = /(?:^|\n)\s*[-–]?\s*(\d{1,3})\s*\/\s*(\d{1,3})\s*[-–]?\s*(?:\n|$)/u;
const IDENTIFIER =
  /(invoice|rechnung|facture|factura|fattura|factuur|account|konto|compte|policy|claim|order|bestellung|commande|statement|patient|case|reference|ref|gst|vat|tax|ust-idnr|ust|tva|iva|btw|siret|abn|roc|company reg)\s*(?:no|nr|number|num|#|n°|nummer|numéro|número|id|reg(?:istration)?|identification)?\.?\s*(?:no\.?)?\s*[:#—–]?\s*((?=[A-Z0-9./-]{0,24}\d)[A-Z0-9][A-Z0-9./-]{3,24})/giu;
/** Tax and company registration ids name the issuer: one kind, whatever the label. */
const ISSUER_KINDS = new Set(['gst', 'vat', 'tax', 'ust-idnr', 'ust', 'tva', 'iva', 'btw', 'siret', 'abn', 'roc', 'company reg']);

export interface PageFacts {
  readonly pageNumber: number;
  readonly blank: boolean;
  readonly numbering?: { index: number; total?: number };
  readonly identifiers: ReadonlyMap<string, string>;
  readonly frame: ReadonlySet<string>;
  readonly label: string;
  /** The page's classification as a segment of its own would get it (confident or not). */
  readonly ownType: string;
  readonly confident: boolean;
  readonly titled: boolean;
  readonly standalone: boolean;
  readonly bound: boolean;
  readonly heuristicStart: boolean;
  /** Content words of the page (no numbers): topic overlap with its neighbour. */
  readonly vocabulary: ReadonlySet<string>;
  /** The page ends a document: totals, a closing, a signature in its last lines. */
  readonly closes: boolean;
  /** The page opens one: an identifier or a date in its first lines. */
  readonly opens: boolean;
  /** Long numbers and codes in its first and last lines (a document number repeated on every page). */
  readonly edgeIds: ReadonlySet<string>;
  /** The letterhead: the first of the first three lines that names a company. */
  readonly sender?: string;
  readonly width?: number;
  readonly height?: number;
  readonly words: number;
  /** The page's language when its text says so surely. */
  readonly language?: string;
  readonly signature?: PageSignature;
  /** The page has no text layer (OCR'd or unread): its pairs go to the learned boundary model. */
  readonly scanned: boolean;
}

/** Codes of 6+ characters with 4+ digits in a page's first three and last two lines, page numbers and dates left out. */
function edgeIdsOf(text: string): Set<string> {
  const lines = text.split('\n').filter((l) => l.trim());
  const edge = [...lines.slice(0, 3), ...lines.slice(-2)].join(' ').replace(PAGE_OF_ALL, ' ');
  const ids = new Set<string>();
  for (const m of edge.matchAll(/(?<![\p{L}\p{N}])[\p{L}\p{N}][\p{L}\p{N}/-]{4,30}[\p{L}\p{N}](?![\p{L}\p{N}])/gu)) {
    const token = m[0].toUpperCase();
    if ((token.match(/\d/g) ?? []).length < 4 || DATE_LIKE.test(token)) continue;
    ids.add(token.replace(/[/-]/g, ''));
  }
  return ids;
}
const PAGE_OF_ALL = new RegExp(PAGE_OF_SOURCE, 'giu');
const DATE_LIKE = /^(?:\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4})$/;

/** Whether two pages differ in size by more than a tenth (both known). */
export function sizeChanges(a: PageFacts, b: PageFacts): boolean {
  if (!a.width || !a.height || !b.width || !b.height) return false;
  return Math.abs(a.width / b.width - 1) > 0.1 || Math.abs(a.height / b.height - 1) > 0.1;
}

/** Words of a page's first and last two lines (numbers dropped): its running header and footer. */
function frameOf(text: string): Set<string> {
  const lines = text.split('\n').filter((l) => l.trim());
  const edge = [...lines.slice(0, 2), ...lines.slice(-2)].join(' ');
  return new Set(contentWords(edge.replace(/\d+/g, ' ')));
}


/** Quoted phrases, or failing that the content words, of a caller's free text. */
function phrasesOf(text: string | undefined): string[] {
  if (!text) return [];
  const quoted = [...text.matchAll(/["“'‘]([^"”'’]{2,80})["”'’]/gu)].map((m) => m[1].toLowerCase());
  return quoted.length ? quoted : [];
}

function pageFacts(page: SplitPage, options: SplitterOptions, identifierFinder?: IdentifierFinder): PageFacts {
  const text = page.text;
  const lower = text.toLowerCase();
  const head = lower.split('\n').filter((l) => l.trim()).slice(0, 5).join('\n');
  const words = text.split(/\s+/).filter(Boolean).length;
  const numberingMatch = PAGE_OF.exec(text) ?? SLASH_PAGE.exec(text);
  const numbering = numberingMatch ? { index: Number(numberingMatch[1]), total: Number(numberingMatch[2]) } : undefined;
  const identifiers = new Map<string, string>();
  for (const m of text.matchAll(IDENTIFIER)) {
    const label = m[1].toLowerCase();
    const kind = ISSUER_KINDS.has(label) ? 'issuer' : label;
    if (!identifiers.has(kind) && /\d/.test(m[2])) identifiers.set(kind, m[2].toUpperCase().replace(/[.-]/g, ''));
  }
  if (identifierFinder) {
    const hit = identifierFinder.find(text);
    if (hit) identifiers.set('custom', hit);
  }
  const definitions = options.classes.map((c) => c.definition);
  const classification = classifyText([{ pageNumber: page.pageNumber, text, width: page.width, height: page.height, kind: page.kind }], { classes: definitions, depth: 'balanced', nonDomainLabel: 'other' });
  const best = options.classes.find((c) => c.definition.label === classification.label);
  const confident = classification.label !== 'other' && ((classification.evidence[classification.label] ?? 0) >= MIN_EVIDENCE || classification.confidence >= 0.6);
  const titled = options.classes.some((c) => hasTitle(head, c.definition.titles));
  const g = options.guidelines;
  const binding = phrasesOf(g?.bindingPatterns);
  const bound = binding.some((p) => lower.includes(p)) || /\b(?:continued|continuation|fortsetzung|suite)\b/.test(head);
  const startPhrases = phrasesOf(g?.heuristics);
  const heuristicStart = startPhrases.some((p) => head.includes(p));
  const lines = lower.split('\n').filter((l) => l.trim());
  const tail = lines.slice(-Math.max(3, Math.ceil(lines.length / 3))).join('\n');
  const closes = /(?<![\p{L}])(?:grand total|total due|amount due|balance due|total amount|thank you|sincerely|regards|yours truly|signature|signed|mit freundlichen|cordialement|atentamente)(?![\p{L}])/u.test(tail);
  const opens =
    // A letterhead: a company name in the first lines.
    COMPANY.test(lines.slice(0, 3).join('\n')) ||
    /(?<![\p{L}])(?:invoice|receipt|statement|order|policy|claim|account)\s*(?:no|nr|number|#|date)/u.test(head) ||
    /(?<![\p{N}])(?:\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{4}-\d{2}-\d{2})(?![\p{N}])|(?:january|february|march|april|may|june|july|august|september|october|november|december)\s+\d{1,2},?\s+\d{4}/u.test(head);
  return {
    pageNumber: page.pageNumber,
    blank: words < 3,
    vocabulary: new Set(contentWords(lower.replace(/\d+/g, ' '))),
    closes,
    opens,
    numbering,
    identifiers,
    frame: frameOf(text),
    label: confident ? classification.label : 'other',
    ownType: classification.label,
    confident,
    titled,
    standalone: Boolean(best?.standalone && confident),
    bound,
    heuristicStart,
    edgeIds: edgeIdsOf(text),
    sender: lines.slice(0, 3).find((l) => COMPANY.test(l))?.replace(/[^\p{L}\p{N}]+/gu, ' ').trim(),
    width: page.width,
    height: page.height,
    words,
    ...(page.source !== undefined && page.source !== 'text-layer' ? languageOf(text) : {}),
    signature: page.signature,
    scanned: page.source !== undefined && page.source !== 'text-layer',
  };
}

/** The page's language when its text says so surely (scanned pages only: a pair feature of the learned model). */
function languageOf(text: string): { language?: string } {
  const guess = guessLanguage(text);
  return guess.sure ? { language: guess.language } : {};
}

interface Boundary {
  readonly score: number;
  readonly hard: boolean;
  /** The learned model's certainty of its decision (scanned pairs only). */
  readonly confidence?: number;
}

function boundary(previous: PageFacts, page: PageFacts, running: { label: string; identifiers: Map<string, string> }, rules: { everyPage: boolean; afterBlank: boolean }): Boundary {
  if (rules.everyPage) return { score: HARD, hard: true };
  let score = 0;
  let hard = false;
  if (page.numbering) {
    const sameRun = previous.numbering?.total === page.numbering.total && (jaccard(previous.frame, page.frame) >= 0.5 || [...page.edgeIds].some((id) => previous.edgeIds.has(id)));
    if (page.numbering.index === 1 && sameRun) {
      // Numbering restarts under the same running header: weak (some generators restart per section).
      score += 1;
    } else if (page.numbering.index === 1) {
      score += HARD;
      hard = true;
    } else if (previous.numbering && page.numbering.index === previous.numbering.index + 1 && page.numbering.total === previous.numbering.total) {
      // "Page 2 of 3" right after "Page 1 of 3" outweighs what the content suggests.
      score -= 2 * HARD;
    } else if (page.numbering.index > 1) score -= 1.5;
  }
  for (const [kind, value] of page.identifiers) {
    const seen = running.identifiers.get(kind);
    if (seen === undefined) continue;
    if (seen !== value) {
      score += HARD;
      hard = true;
    } else score -= 2;
  }
  if (page.standalone) {
    score += HARD;
    hard = true;
  }
  if (page.heuristicStart) {
    score += HARD + 1;
    hard = true;
  }
  if (page.titled) score += 1.5;
  if (page.confident && running.label !== 'other') score += page.label !== running.label ? 2 : SINGLE_PAGE_KINDS.has(page.label) && previous.confident ? 1 : -1;
  const frame = jaccard(previous.frame, page.frame);
  if (frame >= 0.5) score -= 1.5;
  else if (frame < 0.1) score += 0.5;
  // Topic: pages of one document share their words; unrelated neighbours do not.
  const topic = jaccard(previous.vocabulary, page.vocabulary);
  if (topic < 0.1) score += 1.5;
  else if (topic < 0.2) score += 1;
  else if (topic > 0.35) score -= 1;
  if (previous.closes && page.opens) score += 1;
  if (previous.numbering && previous.numbering.total !== undefined && previous.numbering.index === previous.numbering.total) score += 2;
  if (previous.blank && rules.afterBlank) {
    score += HARD;
    hard = true;
  }
  if (page.bound) score -= HARD;
  // The same document number or code in the header or footer of both pages binds them.
  if ([...page.edgeIds].some((id) => previous.edgeIds.has(id))) score -= 2;
  // Another sender's letterhead starts a document; the same one leans toward continuing.
  if (previous.sender && page.sender) score += previous.sender !== page.sender ? 2 : -0.5;
  // Scanned packets: each document keeps its paper size.
  if (sizeChanges(previous, page)) score += 1;
  return { score, hard };
}

/**
 * A boundary between a pair with a scanned page: the learned model decides
 * from every signal at once, and only the caller's own instructions (every
 * page a document, a start phrase, a standalone class, a blank separator)
 * come before it. Its starts are hard: the second pass never merges across
 * what the model decided.
 */
function learnedBoundary(
  previous: PageFacts,
  page: PageFacts,
  running: { label: string; identifiers: Map<string, string> },
  rules: { everyPage: boolean; afterBlank: boolean },
  model: BoundaryModel,
): Boundary {
  if (rules.everyPage || page.heuristicStart || page.standalone || (previous.blank && rules.afterBlank)) return { score: HARD, hard: true };
  const probability = boundaryProbability(model, scannedPairFeatures(previous, page, running, rules));
  return probability >= model.threshold ? { score: HARD, hard: true, confidence: probability } : { score: 0, hard: false, confidence: 1 - probability };
}

/** Each page's facts as the splitter reads them (the boundary trainer builds its pair features from these). */
export function pageFactsOf(pages: readonly SplitPage[], options: SplitterOptions): PageFacts[] {
  const g = options.guidelines;
  const identifierFinder = g?.identifierPatterns ? buildIdentifierFinder(g.identifierPatterns) : undefined;
  return pages.map((p) => pageFacts(p, options, identifierFinder));
}

/** The learned model's features of a pair, the rules' start score among them. */
export function scannedPairFeatures(
  previous: PageFacts,
  page: PageFacts,
  running: { label: string; identifiers: Map<string, string> },
  rules: { everyPage: boolean; afterBlank: boolean },
): number[] {
  return pairFeatures(previous, page, running.identifiers, boundary(previous, page, running, rules).score);
}

export function splitPages(pages: readonly SplitPage[], options: SplitterOptions): Segment[] {
  if (pages.length === 0) return [];
  const g = options.guidelines;
  const heuristics = (g?.heuristics ?? '').toLowerCase();
  const rules = {
    everyPage: /\b(?:each|every) page is (?:a|its own|one) (?:separate )?document|one page per document|single-page documents/.test(heuristics),
    afterBlank: !/blank pages? (?:do not|don't) separate/.test(heuristics),
  };
  const facts = pageFactsOf(pages, options);
  const chosen = options.boundaryModel;
  const model = (i: number) => (typeof chosen === 'function' ? chosen(i) : (chosen ?? committedBoundaryModel()));

  // First pass: a start wherever the evidence says so; blank pages stay with the document before them.
  const starts: { index: number; hard: boolean; confidence?: number }[] = [{ index: 0, hard: true }];
  let running = { label: facts[0].label, identifiers: new Map(facts[0].identifiers) };
  for (let i = 1; i < facts.length; i++) {
    const page = facts[i];
    if (page.blank) continue;
    const previous = facts[i - 1];
    const b = previous.scanned || page.scanned ? learnedBoundary(previous, page, running, rules, model(i)) : boundary(previous, page, running, rules);
    if (b.score >= START_THRESHOLD) {
      starts.push({ index: i, hard: b.hard, ...(b.confidence !== undefined ? { confidence: b.confidence } : {}) });
      running = { label: page.label, identifiers: new Map(page.identifiers) };
    } else {
      if (running.label === 'other' && page.confident) running.label = page.label;
      for (const [k, v] of page.identifiers) if (!running.identifiers.has(k)) running.identifiers.set(k, v);
    }
  }

  const definitions = options.classes.map((c) => c.definition);
  const typeOf = (from: number, to: number) => {
    const slice = facts.slice(from, to + 1);
    if (!options.thorough) return slice[0].label;
    // A one-page segment was classified with its page already.
    if (from === to) return facts[from].ownType;
    const text = pages.slice(from, to + 1).map((p) => ({ pageNumber: p.pageNumber, text: p.text, width: p.width, height: p.height, kind: p.kind }));
    const c = classifyText(text, { classes: definitions, depth: 'balanced', nonDomainLabel: 'other' });
    return c.label;
  };
  let ranges = starts.map((s, k) => ({ from: s.index, to: (starts[k + 1]?.index ?? facts.length) - 1, hard: s.hard, confidence: s.confidence, type: '' }));
  ranges = ranges.map((r) => ({ ...r, type: typeOf(r.from, r.to) }));

  // Second pass (use_thinking): merge neighbours of one type that no hard signal separates.
  if (options.thorough) {
    const merged: typeof ranges = [];
    for (const r of ranges) {
      const last = merged[merged.length - 1];
      // Same type, no hard signal between, and the two read alike (shared vocabulary): one document cut in two.
      const alike = last ? jaccard(facts[last.to].vocabulary, facts[r.from].vocabulary) >= 0.35 : false;
      if (last && !r.hard && last.type === r.type && alike) {
        last.to = r.to;
      } else merged.push({ ...r });
    }
    // Only merged segments need typing again.
    ranges = merged.map((r) => (ranges.some((o) => o.from === r.from && o.to === r.to) ? r : { ...r, type: typeOf(r.from, r.to) }));
  }
  return ranges.map((r, i) => ({
    document_index: i,
    start_page: pages[r.from].pageNumber,
    end_page: pages[r.to].pageNumber,
    type: r.type,
    ...(r.confidence !== undefined ? { confidence: Math.round(r.confidence * 1000) / 1000 } : {}),
  }));
}
