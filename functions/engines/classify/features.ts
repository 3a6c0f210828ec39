/**
 * What the learned classifier sees of a document: hashed word unigrams and
 * bigrams, character 4-grams inside words (robust to OCR slips and to
 * inflection), and layout features (page shape, word count, digit and
 * upper-case ratios, line lengths) as tokens, with the structure cues of
 * structure.ts (the title a document gives itself, header labels, address
 * lines, résumé sections). Counts are damped (1 + ln n)
 * and the vector is L2-normalised, so long and short documents compare.
 *
 * The hashing is fixed (FNV-1a, `FEATURE_BITS`): changing it invalidates the
 * committed weights, so the model file records the bits it was trained with.
 *
 * @module
 */

import { genreCueTokens } from './genre-cues.ts';
import { commonWordToken, idFieldsToken, pageCueTokens } from './page-cues.ts';
import { structureTokens } from './structure.ts';

export const FEATURE_BITS = 13;
/** Count of the title token before damping (layout tokens count 3). */
const TITLE_WEIGHT = 12;
/** Count of the narrow-column prose token before damping. */
const COLUMN_WEIGHT = 8;
const MASK = (1 << FEATURE_BITS) - 1;

export interface FeaturePage {
  readonly text: string;
  /** Page size in any unit (only the ratio matters); absent for text-only pages. */
  readonly width?: number;
  readonly height?: number;
  /** The file kind the page came from, as the registry names it (`pdf`, `png`, `xlsx`, …); absent for bare text. */
  readonly kind?: string;
}

/**
 * File kinds grouped by what they say about a document: a workbook is
 * usually a table, a deck a presentation, a photo or scan often a card,
 * receipt or note. Grouped so kinds with few examples (webp, heic) share
 * what their group learned.
 */
const KIND_GROUPS: Readonly<Record<string, string>> = {
  xlsx: 'sheet', xls: 'sheet', csv: 'sheet', pptx: 'slides', docx: 'text', txt: 'text', rtf: 'text', json: 'text', xml: 'text', html: 'text',
  // E-mails are read as their message pages, header lines first; training reads `.eml` files the same way, as text.
  eml: 'text', msg: 'text',
  png: 'image', jpeg: 'image', webp: 'image', tiff: 'image', heic: 'image', pdf: 'pdf',
};

/** A sparse vector: parallel arrays of bucket indexes (ascending) and values. */
export interface SparseVector {
  readonly index: Int32Array;
  readonly value: Float32Array;
}

function fnv1a(text: string, from = 0x811c9dc5, start = 0, end = text.length): number {
  let h = from;
  for (let i = start; i < end; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
/** FNV state after "c:": character n-grams hash on from it without building their strings. */
const CHAR_SEED = fnv1a('c:');

/** Words as the model knows them: lower case, digits folded to 0, at most 24 characters. */
function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’&@.-]*/gu) ?? []).map((w) => w.replace(/\p{N}/gu, '0').replace(/[.'’-]+$/u, '').slice(0, 24));
}

/** A phone number, e-mail address or web address. */
const CONTACT = /[\w.+-]+@[\w-]+\.[\w.]+|\bwww\.|https?:\/\/|\b(?:tel|phone|mobile|mob|cell|fax|direct|office)\b\.?\s*:?\s*\+?[\d(]|\(?\b\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}\b|\+\d{1,3}[\s.-]?\(?\d/iu;
/** A card's one-letter phone labels (T, M, F), upper case only: a lower-case letter before a number is a form's box. */
const LETTER_PHONE = /\b[TMF][.:]?\s*\+?\(?\d{2,}/u;
/** A money figure with cents: 1,250.00, 61.20, 3.922,00. */
const MONEY = /(?<![\d.,])\d{1,3}(?:[.,\s]\d{3})*[.,]\d{2}(?![\d.,])/gu;
const CENTS_FRACTION = /(?<!\d)\d{2}\s?\/\s?100(?!\d)/u;
/** Long digit runs broken by the symbols (or OCR's colons, quotes and bars for them) of a cheque's bottom line. */
const MICR_LIKE = /^(?=(?:\D*\d){15})[\d\s⑆⑈⑇⑉:;'"|#!]{17,}$/u;
/** Years joined by a dash: "2016 – 2020", "2019 - Present", and a template's placeholders "20XX–20YY". */
const YEAR_SPAN = /(?<!\d)(?:19|20)(?:\d{2}|[xy]{2})\s*(?:[-–—]|to|bis)\s*(?:(?:19|20)(?:\d{2}|[xy]{2})(?![\d\p{L}])|present|current|today|heute|now)/giu;

const bucket = (n: number, edges: readonly number[]) => edges.findIndex((e) => n < e) + 1 || edges.length + 1;

/** A date as documents print it: 01/02/2026, 2026-02-01, 1.2.26, 01 Feb 2026, Feb 1, 2026. */
const DATE = String.raw`(?:\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{4}-\d{2}-\d{2}|\d{1,2}\.?\s+\p{L}{3,9}\.?\s+\d{4}|\p{L}{3,9}\.?\s+\d{1,2},?\s+\d{4})`;
/** A period: two dates joined by a dash or a word for "to" (statement, billing and pay periods). */
const DATE_RANGE = new RegExp(String.raw`${DATE}\s*(?:[-–—]|to|through|thru|until|bis|au|al|tot|a)\s*${DATE}`, 'giu');
/** A row that starts with a day (01/02, 2026-02-01, 01 Feb) and ends in an amount: a statement's transaction line. */
const DATED_ROW = new RegExp(String.raw`^\s*(?:\d{1,2}[./-]\d{1,2}(?:[./-]\d{2,4})?|\d{4}-\d{2}-\d{2}|\d{1,2}\s+\p{L}{3,4}\.?)\s+\S.*\d[.,]\d{2}\s*(?:-|CR|DR|Cr|Dr)?\s*$`, 'u');
/** An amount shown as negative: -61.20, (61.20), 61.20-, 61.20 CR. */
const NEGATIVE = /(?:(?<![\w.,])-\s?[$€£]?\s?\d{1,3}(?:[.,\s]\d{3})*[.,]\d{2}(?![\d.,])|\(\s?[$€£]?\s?\d{1,3}(?:[.,\s]\d{3})*[.,]\d{2}\s?\)|(?<![\d.,])\d{1,3}(?:[.,]\d{3})*[.,]\d{2}(?:-|\s?CR\b))/gu;
/** Consumption with its unit: what meters read (kWh, m³, therms, gallons). */
const USAGE = /\d\s?(?:kwh|mwh|kw|m3|m³|ccf|hcf|therms?|gallons|gal|litres|liters|gj|mj)\b/giu;
/** Weights with a unit: what packing lists and waybills print per line. */
const WEIGHT = /\d(?:[.,]\d+)?\s?(?:kg|kgs|lbs?|tonnes?)\b/giu;
/** Carriers' tracking numbers, shipping containers (ISO 6346) and air waybills. */
const TRACKING = /\b1Z[0-9A-Z]{16}\b|\b[A-Z]{3}U\s?\d{6}\s?\d\b|\b\d{3}-\d{8}\b/u;
/** A machine-readable zone line of a passport or ID card. */
const MRZ = /^[A-Z0-9<]{25,44}$/u;

/** The value of a printed amount (1,250.00 / 1.250,00 / 1 250.00 → 1250). */
function amountValue(figure: string): number {
  const digits = figure.replace(/\s/g, '');
  const decimal = digits.slice(-3, -2);
  return Number(`${digits.slice(0, -3).replace(/[.,]/g, '')}.${digits.slice(-2)}`) * (decimal === ',' || decimal === '.' ? 1 : NaN);
}

/**
 * Structure of money documents besides their words, in any language: a running balance (each row's last
 * figure is the previous row's plus or minus one on the row, as statements print), rows where two figures
 * multiply to a third (rate × hours on a pay stub, units × price on a bill), periods between two dates,
 * transaction rows that start with a day, negative amounts (credit notes, deductions, withdrawals),
 * consumption with units (meter readings), weights and tracking numbers (shipping papers), an MRZ line.
 */
export function moneyStructureTokens(lines: readonly string[], text: string): string[] {
  const rows = lines.map((l) => (l.match(MONEY) ?? []).map(amountValue).filter((v) => Number.isFinite(v)));
  let running = 0;
  let products = 0;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    if (row.length >= 3 && row.some((c, k) => row.some((a, m) => m !== k && row.some((b, n) => n !== k && n !== m && a >= 1 && b >= 1 && Math.abs(a * b - c) < 0.011)))) products++;
    const previous = rows.slice(Math.max(0, i - 2), i).reverse().find((r) => r.length >= 1);
    if (row.length >= 2 && previous) {
      const before = previous[previous.length - 1];
      const after = row[row.length - 1];
      if (row.slice(0, -1).some((a) => a > 0 && (Math.abs(before + a - after) < 0.011 || Math.abs(before - a - after) < 0.011))) running++;
    }
  }
  const tokens = [`#running-balance:${bucket(running, [1, 2, 4])}`, `#product-rows:${bucket(products, [1, 2, 4])}`];
  tokens.push(`#periods:${bucket((text.match(DATE_RANGE) ?? []).length, [1, 2])}`);
  tokens.push(`#dated-rows:${bucket(lines.filter((l) => DATED_ROW.test(l)).length, [2, 5, 10])}`);
  tokens.push(`#negative:${bucket((text.match(NEGATIVE) ?? []).length, [1, 3, 8])}`);
  tokens.push(`#usage:${bucket((text.match(USAGE) ?? []).length, [1, 3])}`);
  tokens.push(`#weights:${bucket((text.match(WEIGHT) ?? []).length, [1, 3])}`);
  if (TRACKING.test(text)) tokens.push('#tracking');
  if (lines.some((l) => MRZ.test(l.replace(/\s+/g, '')) && (l.match(/</g) ?? []).length >= 3)) tokens.push('#mrz');
  return tokens;
}

/**
 * How garbled the words read: the share of words OCR could not have read right (letters and digits mixed,
 * capitals inside a word, no vowel in five letters or more). Handwriting comes through OCR garbled; a typed
 * note, however short and informal, does not.
 */
function garble(words: readonly string[], text: string): number {
  const raw = text.match(/[\p{L}\p{N}]{3,}/gu) ?? [];
  if (!raw.length) return 0;
  const odd = raw.filter((w) => (/\p{L}/u.test(w) && /\p{N}/u.test(w) && !/^\p{N}+\p{L}{1,3}$/u.test(w)) || /\p{Ll}\p{Lu}/u.test(w) || (w.length >= 5 && !/[aeiouyäöüéèàáíóú]/iu.test(w) && /^\p{L}+$/u.test(w)));
  return words.length ? odd.length / raw.length : 0;
}

/** Short words of the languages we read: a one- or two-letter token that is none of these is a fragment. */
const SHORT_WORDS = new Set(
  'a i o y e à é è á ó to of in on at is it be by we he me my no or so up us an as do go if am ok mr ms dr st vs de la le el en et un du da di il al zu um er es ab im op te ik je ne se ce sa si ni os lo su tu mi na'.split(' '),
);

/**
 * The share of a text's tokens that are fragments: one or two letters that are no word, or letters broken by
 * stray marks ("wit)", "[0"). OCR breaks handwriting into such pieces; print, even badly scanned, much less.
 */
function fragments(text: string): number {
  const tokens = text.split(/\s+/).filter((t) => /\p{L}/u.test(t));
  if (tokens.length < 5) return 0;
  const odd = tokens.filter((t) => {
    const w = t.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    return (/^\p{L}{1,2}$/u.test(w) && !SHORT_WORDS.has(w.toLowerCase())) || /\p{L}[^\p{L}\s'’.,:;&/-]+\p{L}|[[\]{}|]/u.test(t);
  });
  return odd.length / tokens.length;
}

/** The layout tokens of a document (exported for tests: what the model reads besides words). */
export function layoutTokens(pages: readonly FeaturePage[], text: string = pages.map((p) => p.text).join('\n'), words: readonly string[] = wordsOf(text)): string[] {
  const first = pages[0];
  const tokens: string[] = [];
  if (first?.width && first.height) {
    const ratio = first.width / first.height;
    tokens.push(`#aspect:${bucket(ratio, [0.6, 0.74, 0.8, 0.95, 1.05, 1.3, 1.5, 1.7, 2.2])}`);
  } else tokens.push('#aspect:none');
  tokens.push(`#kind:${(first?.kind && KIND_GROUPS[first.kind]) ?? 'none'}`);
  tokens.push(`#pages:${bucket(pages.length, [2, 3, 5])}`);
  tokens.push(`#words:${bucket(words.length, [8, 20, 40, 80, 150, 300, 600, 1200])}`);
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  const digits = (text.match(/\p{N}/gu) ?? []).length;
  const upper = (text.match(/\p{Lu}/gu) ?? []).length;
  const chars = Math.max(1, letters + digits);
  tokens.push(`#digits:${bucket(digits / chars, [0.03, 0.08, 0.15, 0.25, 0.4])}`);
  tokens.push(`#upper:${bucket(upper / Math.max(1, letters), [0.05, 0.1, 0.2, 0.35, 0.6])}`);
  const lines = text.split('\n').filter((l) => l.trim());
  const meanLine = lines.reduce((s, l) => s + l.length, 0) / Math.max(1, lines.length);
  tokens.push(`#line:${bucket(meanLine, [12, 20, 30, 45, 65, 90])}`);
  tokens.push(`#lines:${bucket(lines.length, [5, 10, 20, 40, 70])}`);
  // Structure cues that words alone miss. Contact lines (phone, e-mail, web) in a short text are what a
  // business card is made of; a cheque writes its amount as "… and 90/100" and carries a magnetic-ink line
  // of long digit runs; a résumé dates its jobs as spans ("2016 – 2020", "2019 - Present"); newspaper
  // columns break words at line ends.
  const contact = lines.filter((l) => CONTACT.test(l) || LETTER_PHONE.test(l)).length;
  tokens.push(`#contact:${bucket(contact, [1, 2, 3, 5])}:${bucket(words.length, [40, 120])}`);
  if (CENTS_FRACTION.test(text)) tokens.push('#cents/100');
  if (lines.some((l) => MICR_LIKE.test(l))) tokens.push('#micr');
  tokens.push(`#spans:${bucket((text.match(YEAR_SPAN) ?? []).length, [1, 2, 4])}`);
  // Rows of amounts (two or more money figures on a line) are what bills, stubs, statements and receipts
  // are made of; a cheque or a card has one figure at most.
  tokens.push(`#money-rows:${bucket(lines.filter((l) => (l.match(MONEY) ?? []).length >= 2).length, [1, 3, 8])}`);
  // OCR of old print reads a line-end hyphen as a tilde or a not sign as often as a hyphen.
  const broken = lines.filter((l) => /\p{L}[-~¬]\s*$/u.test(l)).length;
  tokens.push(`#hyphen-wrap:${bucket(broken / Math.max(1, lines.length), [0.02, 0.06, 0.12])}`);
  tokens.push(...moneyStructureTokens(lines, text));
  tokens.push(...structureTokens(lines));
  tokens.push(`#garble:${bucket(garble(words, text), [0.04, 0.1, 0.2, 0.35])}`);
  const fragmentBucket = bucket(fragments(text), [0.08, 0.16, 0.25]);
  tokens.push(`#fragments:${fragmentBucket}`);
  tokens.push(...pageCueTokens(lines, text));
  // A news story and a report share subjects and long prose: press furniture, attributions and a report's parts tell them apart.
  tokens.push(...genreCueTokens(lines, text));
  // Short pages (cards, IDs, slides, photos) are told apart by shape and kind as much as by their few words:
  // these pairs let a linear model weigh "few words on a card-shaped photo" apart from "few words on a page".
  const few = bucket(words.length, [15, 40, 120]);
  tokens.push(`#aspect-words:${tokens[0].slice('#aspect:'.length)}:${few}`, `#kind-words:${tokens[1].slice('#kind:'.length)}:${few}`);
  // Fragments with little ordinary language is handwriting read by OCR; identity fields on a few words are a card.
  tokens.push(`#hand:${fragmentBucket}:${commonWordToken(text).slice('#common:'.length)}`, `#id-words:${idFieldsToken(text).slice('#id-fields:'.length)}:${few}`);
  return tokens;
}

/**
 * How much the layout and structure tokens weigh beside the words, whatever the document's length: each group
 * is L2-normalised on its own, the layout group scaled by this, then the whole. With one normalisation over
 * both, a page of 700 words drowned its forty layout tokens (a newspaper page's columns read as nothing
 * beside its words); a card's few words did not.
 */
const LAYOUT_SHARE = 0.8;

/** Damped counts (1 + ln n), L2-normalised to `scale`, added into `into`. */
function addNormalised(into: Map<number, number>, counts: ReadonlyMap<number, number>, scale: number): void {
  const damped = [...counts].map(([h, n]) => [h, n <= 1 ? n : 1 + Math.log(n)] as const);
  const norm = Math.sqrt(damped.reduce((s, [, v]) => s + v * v, 0)) || 1;
  for (const [h, v] of damped) into.set(h, (into.get(h) ?? 0) + (v / norm) * scale);
}

/** The feature vector of a document's pages. */
export function featuresOf(pages: readonly FeaturePage[]): SparseVector {
  const text = pages.map((p) => p.text).join('\n');
  const words = wordsOf(text);
  const counts = new Map<number, number>();
  const layout = new Map<number, number>();
  const addHash = (hash: number, weight: number, into = counts) => {
    const h = hash & MASK;
    into.set(h, (into.get(h) ?? 0) + weight);
  };
  const add = (token: string, weight = 1) => addHash(fnv1a(token), weight);
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    add(`w:${w}`);
    if (i + 1 < words.length) add(`b:${w} ${words[i + 1]}`);
    if (w.length >= 4 && !/^[0.,-]+$/.test(w)) {
      const padded = `<${w}>`;
      for (let j = 0; j + 4 <= padded.length; j++) addHash(fnv1a(padded, CHAR_SEED, j, j + 4), 0.25);
    }
  }
  // The first lines name a document more often than the rest: their words count again, marked.
  const top = text.split('\n').filter((l) => l.trim());
  for (const w of wordsOf(top.slice(0, 5).join(' '))) add(`h:${w}`);
  // A document names itself in a short line near the top, under a letterhead or a template's preamble
  // ("Gutschrift Nr. 4711 vom …", "Avoir AV-0005"): the first word of each short line there, marked and counted like a layout cue.
  for (const line of top.slice(0, 12)) {
    const lineWords = wordsOf(line);
    if (lineWords.length && lineWords.length <= 8 && /^\p{L}{3}/u.test(lineWords[0])) add(`t:${lineWords[0]}`, 3);
  }
  // The title a document gives itself (structure.ts) weighs as much as several layout cues: one template can serve an
  // invoice and a credit note, and only the title line tells them apart.
  // Prose set in narrow columns is a page's whole texture, not one line's: it weighs as much as a title.
  for (const t of layoutTokens(pages, text, words))
    addHash(fnv1a(t), t.startsWith('#title:') ? TITLE_WEIGHT : t.startsWith('#column-prose:') ? COLUMN_WEIGHT : 3, layout);
  const combined = new Map<number, number>();
  addNormalised(combined, counts, 1);
  addNormalised(combined, layout, LAYOUT_SHARE);
  const index = Int32Array.from([...combined.keys()].sort((a, b) => a - b));
  const value = new Float32Array(index.length);
  let norm = 0;
  for (let i = 0; i < index.length; i++) {
    const v = combined.get(index[i])!;
    value[i] = v;
    norm += v * v;
  }
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < value.length; i++) value[i] /= norm;
  return { index, value };
}
