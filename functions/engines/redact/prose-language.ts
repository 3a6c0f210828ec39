/**
 * Whether the prose around a span is English or another language the OCR
 * reads (German, French, Spanish, Italian, Dutch, Portuguese), judged by
 * their function words — articles, pronouns, prepositions, conjunctions —
 * which every sentence of a language uses whatever its topic.
 *
 * Why person detection asks: its vocabularies are English. In an English
 * sentence a capitalised word no name list and no English dictionary holds
 * is most likely a name; in German every noun is capitalised ("Kunde",
 * "Beschreibung", "Lieferant"), and in French and Dutch invoices the label
 * nouns ("Gratuité", "Factuur") are words the English lists do not know
 * either. So outside English prose such a word is no evidence of a person.
 *
 * @module
 */

/** English function words (none of them a function word of the other languages below). */
const ENGLISH = new Set(
  'the and of to is are was were for with that this these those on at by from it its you your we our they their he she his her be been will would have has had not or but an as if which who please'.split(' '),
);

/**
 * Words that also stand inside names and addresses of English text ("Maria
 * da Silva", "Rua do Carmo", "van der Berg", "Calle de la Paz", "y",
 * "e"): not counted, so a foreign name or street does not make its English
 * sentence foreign.
 */
const NAME_PARTICLES = new Set('de da do dos das del della delle dei degli di du des la le les lo los las el il al van der den ten ter y e o a'.split(' '));

/**
 * Function words of German, French, Spanish, Italian, Dutch and Portuguese
 * that are not English words ("die", "an", "in", "on", "a", "the" are left
 * out: they read as English too).
 */
const OTHER = new Set(
  [
    // German
    'der das und ist mit für von zu den dem des ein eine einer einem einen nicht auf wird werden bei sie wir ihre ihr ihren ihrem im sich oder auch nach aus über unter sind wurde dass zum zur vom bitte',
    // French
    'le la les et des du un une est pour par sur avec dans au aux vous votre vos nous ne pas qui que ou sont être cette ce ces leur',
    // Spanish
    'el los las y del en por para con una es su se al lo sus como pero está son muy',
    // Italian
    'il gli e di della dello delle dei che per con è sono nel nella alla alle degli',
    // Dutch
    'het een en van op te voor niet zijn je uw bij aan wordt worden ook naar deze heeft hebben',
    // Portuguese
    'o os as e do da dos das em com um uma não no na pelo pela seu sua são',
  ]
    .join(' ')
    .split(' ')
    .filter((w) => !ENGLISH.has(w) && !NAME_PARTICLES.has(w)),
);

/** How far either side of a span the language is judged: a few lines of an invoice, a sentence or two of prose. */
const WINDOW = 300;

/**
 * Whether the text around [start, end) reads as another language than
 * English: at least three of the other languages' function words, and more
 * of them than English ones. A short English sentence with a foreign street
 * or name ("Rua da Praia", "van der Berg") stays English.
 */
export function foreignProseAround(text: string, start: number, end: number): boolean {
  const near = functionWords(text.slice(Math.max(0, start - WINDOW), Math.min(text.length, end + WINDOW)));
  // A table or a block of labels has too few function words to judge: the document's language decides ("Beschreibung Menge Steuersatz").
  const { english, other } = near.english + near.other >= 3 ? near : documentWords(text);
  return other >= 3 && other > english;
}

let lastDocument: { text: string; counts: { english: number; other: number } } | undefined;
/** The whole text's counts, kept for the last text (every candidate of a page asks about the same one). */
function documentWords(text: string): { english: number; other: number } {
  if (lastDocument?.text !== text) lastDocument = { text, counts: functionWords(text) };
  return lastDocument.counts;
}

/** How many English and other-language function words a text holds. */
function functionWords(text: string): { english: number; other: number } {
  let english = 0;
  let other = 0;
  for (const m of text.toLowerCase().matchAll(/\p{L}+/gu)) {
    if (ENGLISH.has(m[0])) english++;
    else if (OTHER.has(m[0])) other++;
  }
  return { english, other };
}
