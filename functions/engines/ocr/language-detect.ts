/**
 * Which of the OCR languages a page's text is in, from the text itself:
 * its most frequent short words (articles, prepositions, conjunctions),
 * which survive a reading with the English model (`für` read as `fur`
 * still counts), and the letters only some languages use (`ß`, `ñ`, `ã`,
 * `ij`). Cheap (a pass over the words), so it runs on every page read
 * without a `languages` option, and on text-layer pages.
 *
 * @module
 */
import type { OcrLanguage } from '../../contracts/ocr-languages.ts';

/** Frequent function words per language; a word shared by several languages counts for each, divided among them. */
const STOP_WORDS: Record<OcrLanguage, readonly string[]> = {
  en: ['the', 'and', 'of', 'to', 'in', 'is', 'that', 'for', 'with', 'on', 'are', 'this', 'be', 'by', 'from', 'was', 'it', 'as', 'at', 'or', 'have', 'not', 'which', 'you', 'your', 'will', 'we', 'our', 'has', 'an', 'no'],
  de: ['der', 'die', 'und', 'das', 'ist', 'nicht', 'mit', 'für', 'fur', 'von', 'zu', 'den', 'des', 'auf', 'ein', 'eine', 'im', 'dem', 'sich', 'auch', 'es', 'wir', 'sie', 'bei', 'oder', 'wird', 'werden', 'nach', 'über', 'uber', 'ihre', 'einer', 'sind', 'zum', 'zur'],
  fr: ['le', 'la', 'les', 'des', 'et', 'est', 'une', 'pour', 'dans', 'que', 'qui', 'sur', 'par', 'du', 'au', 'avec', 'ce', 'pas', 'sont', 'nous', 'vous', 'aux', 'ou', 'mais', 'été', 'ete', 'cette', 'leur', 'il', 'elle', 'en'],
  es: ['el', 'la', 'los', 'las', 'de', 'que', 'y', 'en', 'por', 'con', 'para', 'una', 'del', 'es', 'al', 'se', 'lo', 'como', 'más', 'mas', 'su', 'sus', 'pero', 'este', 'esta', 'fue', 'son', 'también', 'tambien', 'muy', 'entre'],
  it: ['il', 'di', 'che', 'la', 'e', 'per', 'un', 'una', 'del', 'della', 'con', 'non', 'sono', 'gli', 'le', 'nel', 'nella', 'alla', 'dei', 'delle', 'è', 'anche', 'ma', 'come', 'questo', 'questa', 'essere', 'più', 'piu', 'lo', 'da'],
  nl: ['de', 'het', 'een', 'en', 'van', 'is', 'dat', 'op', 'te', 'voor', 'met', 'niet', 'zijn', 'aan', 'die', 'er', 'ook', 'als', 'bij', 'wordt', 'worden', 'naar', 'uit', 'om', 'maar', 'wij', 'u', 'uw', 'deze', 'heeft'],
  pt: ['o', 'a', 'os', 'as', 'de', 'que', 'e', 'do', 'da', 'em', 'para', 'com', 'um', 'uma', 'não', 'nao', 'por', 'dos', 'das', 'no', 'na', 'se', 'mais', 'ao', 'pelo', 'pela', 'são', 'sao', 'foi', 'também', 'tambem'],
};

/**
 * Words of shops, tills and bills per language. Receipts and invoices hold
 * few function words (a German till receipt may hold none: "Summe",
 * "MwSt", "Rückgeld"), so without these such a page stayed English by
 * default and was read with the English model; a word shared by several
 * languages ("total", "datum") counts for each, divided among them, as
 * above. Words that are also common English words ("bar", "bon") are left
 * out.
 */
const COMMERCE_WORDS: Record<OcrLanguage, readonly string[]> = {
  en: ['total', 'subtotal', 'tax', 'cash', 'change', 'qty', 'price', 'amount', 'thank', 'thanks', 'receipt', 'invoice', 'date', 'time', 'item', 'items', 'discount', 'rounding', 'payment', 'paid', 'tendered', 'balance', 'customer', 'due'],
  de: ['summe', 'gesamt', 'betrag', 'mwst', 'ust', 'netto', 'brutto', 'rückgeld', 'ruckgeld', 'rueckgeld', 'gegeben', 'kasse', 'kassierer', 'beleg', 'datum', 'uhr', 'steuer', 'zahlung', 'zahlen', 'filiale', 'artikel', 'stück', 'stk', 'preis', 'danke', 'vielen', 'einkauf', 'kunde', 'rechnung', 'zurück', 'rabatt', 'pfand', 'menge', 'straße', 'str', 'öffnungszeiten', 'kartenzahlung', 'bezahlt'],
  fr: ['total', 'montant', 'espèces', 'especes', 'rendu', 'tva', 'ttc', 'caisse', 'ticket', 'merci', 'date', 'heure', 'article', 'articles', 'prix', 'quantité', 'remise', 'carte', 'paiement', 'facture'],
  es: ['total', 'importe', 'efectivo', 'cambio', 'iva', 'caja', 'ticket', 'gracias', 'fecha', 'hora', 'artículo', 'articulo', 'precio', 'cantidad', 'descuento', 'tarjeta', 'pago', 'factura'],
  it: ['totale', 'importo', 'contanti', 'resto', 'iva', 'cassa', 'scontrino', 'grazie', 'data', 'ora', 'articolo', 'prezzo', 'quantità', 'sconto', 'carta', 'pagamento', 'fattura'],
  nl: ['totaal', 'bedrag', 'contant', 'wisselgeld', 'btw', 'kassa', 'bedankt', 'datum', 'tijd', 'artikel', 'prijs', 'aantal', 'korting', 'pinnen', 'betaling', 'factuur'],
  pt: ['total', 'valor', 'dinheiro', 'troco', 'iva', 'caixa', 'recibo', 'obrigado', 'data', 'hora', 'artigo', 'preço', 'preco', 'quantidade', 'desconto', 'cartão', 'cartao', 'pagamento', 'fatura'],
};

/**
 * Letters (and pairs) that point to one language, with their weight in stop-word units.
 * A word ending (`\b\w*(?:…)\b`, one match per ASCII word, a maximal run of `\w`) is written as the
 * ending followed by no `\w`, and "a word holding" (`\b\w*(?:…)\w*\b`) as the piece and the rest of
 * its word: the same matches counted, without backtracking over every word from its start.
 * `needs`: a match cannot do without one of these, so a text holding none counts 0 unsearched.
 */
const MARKS: Record<OcrLanguage, readonly { readonly pattern: RegExp; readonly needs?: readonly string[] }[]> = {
  en: [],
  de: [{ pattern: /ß/g }, { pattern: /[äöü]/g }, { pattern: /(?:sch|tz|ung|keit|lich)(?!\w)/g }],
  fr: [{ pattern: /[èêëàâîïôûç]/g }, { pattern: /(?:eux|aux)(?!\w)/g }, { pattern: /\b[ldjqn]'/g }],
  es: [{ pattern: /ñ/g }, { pattern: /[¿¡]/g }, { pattern: /(?:ción|cion|dad)(?!\w)/g }],
  it: [{ pattern: /(?:zione|zioni|mente|ggi|cch|gli)(?!\w)/g }],
  nl: [{ pattern: /ij/g }, { pattern: /(?:aa|uu)\w*/g }],
  // Kept as written: `ção` and `ções` start with letters that are no `\w`, so a match may span two ASCII words.
  pt: [{ pattern: /[ãõ]/g }, { pattern: /\b\w*(?:ção|ções|cao|coes|nh|lh)\w*\b/g, needs: ['ção', 'ções', 'cao', 'coes', 'nh', 'lh'] }],
};

/**
 * How often each language's marks occur in lower-cased text, mark by mark in the order listed.
 * @internal exported for the test that holds it to the `\b\w*…\b` patterns.
 */
export function markHits(lower: string): Record<OcrLanguage, number[]> {
  const hits = {} as Record<OcrLanguage, number[]>;
  for (const [language, marks] of Object.entries(MARKS) as [OcrLanguage, (typeof MARKS)[OcrLanguage]][]) {
    hits[language] = marks.map((mark) => (mark.needs && !mark.needs.some((piece) => lower.includes(piece)) ? 0 : (lower.match(mark.pattern)?.length ?? 0)));
  }
  return hits;
}

/** Whether a word is a single code point (two UTF-16 units of one surrogate pair) or none. */
function underTwoLetters(word: string): boolean {
  if (word.length !== 2) return word.length < 2;
  const high = word.charCodeAt(0);
  const low = word.charCodeAt(1);
  return high >= 0xd800 && high <= 0xdbff && low >= 0xdc00 && low <= 0xdfff;
}

const APOSTROPHE = 39;
const MARK_WEIGHT = 0.3;

const WEIGHTS: ReadonlyMap<string, ReadonlyMap<OcrLanguage, number>> = (() => {
  const owners = new Map<string, OcrLanguage[]>();
  for (const lists of [STOP_WORDS, COMMERCE_WORDS]) {
    for (const [language, words] of Object.entries(lists) as [OcrLanguage, readonly string[]][]) {
      for (const word of words) if (!owners.get(word)?.includes(language)) owners.set(word, [...(owners.get(word) ?? []), language]);
    }
  }
  const weights = new Map<string, Map<OcrLanguage, number>>();
  for (const [word, languages] of owners) weights.set(word, new Map(languages.map((l) => [l, 1 / languages.length])));
  return weights;
})();

/** Fewer words than this, or fewer function words, and the page keeps the default (English): too little to tell. */
const MIN_WORDS = 12;
const MIN_EVIDENCE = 3;
/** The winner must beat the runner-up by this factor. */
const MARGIN = 1.5;

export interface LanguageGuess {
  readonly language: OcrLanguage;
  /** Evidence per language (stop-word hits, marks), for diagnostics. */
  readonly scores: Readonly<Record<OcrLanguage, number>>;
  /** Whether the evidence was enough to decide; otherwise `language` is English by default. */
  readonly sure: boolean;
}

/**
 * How many of `text`'s words (two letters or more) are function words or
 * shop words of any OCR language. Text in any of them holds some: a page
 * of many words and none of these is not written in letters we can read
 * (a text layer whose characters map to the wrong letters).
 *
 * @example
 * knownWords('Please keep this sheet with the file'); // { words: 7, known: 2 }
 */
export function knownWords(text: string): { words: number; known: number } {
  let words = 0;
  let known = 0;
  for (const word of text.toLowerCase().match(/[\p{L}']+/gu) ?? []) {
    const bare = word.replace(/^'+|'+$/g, '');
    if (underTwoLetters(bare)) continue;
    words++;
    if (WEIGHTS.has(bare)) known++;
  }
  return { words, known };
}

/**
 * The language of `text`, among the OCR languages. English when the text is
 * too short or the evidence too thin (receipts, forms of numbers and
 * names): the English model reads those as well as any.
 *
 * @example
 * guessLanguage('Die Rechnung ist bis zum 15. März zu zahlen und wird ...').language; // 'de'
 */
export function guessLanguage(text: string): LanguageGuess {
  const lower = text.toLowerCase();
  const words = lower.match(/[\p{L}']+/gu) ?? [];
  const scores: Record<OcrLanguage, number> = { en: 0, de: 0, fr: 0, es: 0, it: 0, nl: 0, pt: 0 };
  for (const word of words) {
    const bare = word.charCodeAt(0) === APOSTROPHE || word.charCodeAt(word.length - 1) === APOSTROPHE ? word.replace(/^'+|'+$/g, '') : word;
    // One-letter words are no evidence: on receipts and forms they are mostly specks, ticks and
    // abbreviations read as `a`, `e`, `o` ("e-mail", "A/C"), which made Malaysian receipts "Portuguese".
    if (underTwoLetters(bare)) continue;
    const weights = WEIGHTS.get(bare);
    if (weights) for (const [language, weight] of weights) scores[language] += weight;
  }
  for (const [language, hits] of Object.entries(markHits(lower)) as [OcrLanguage, number[]][]) {
    for (const count of hits) scores[language] += count * MARK_WEIGHT;
  }
  const ranked = (Object.entries(scores) as [OcrLanguage, number][]).sort((a, b) => b[1] - a[1]);
  const [best, second] = ranked;
  const sure = words.length >= MIN_WORDS && best[1] >= MIN_EVIDENCE && best[1] >= second[1] * MARGIN;
  return { language: sure ? best[0] : 'en', scores, sure };
}
