/**
 * Regular-expression fragments the recognizers share: word boundaries that
 * work next to punctuation, month names, dates, street words and particles,
 * US states, capitalised words.
 *
 * @module
 */

// Boundaries that work next to punctuation and line ends, not only spaces.
export const B = '(?<![\\p{L}\\p{N}])';
export const E = '(?![\\p{L}\\p{N}])';
export const re = (source: string, flags = 'gu') => new RegExp(source, flags);

export const MONTHS =
  'Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?|' +
  'Januar|Februar|März|Mai|Juni|Juli|Oktober|Dezember|janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre|' +
  'enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|' +
  'gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre|' +
  'januari|februari|maart|mei|augustus|' +
  'janeiro|fevereiro|março|maio|junho|julho|setembro|outubro|dezembro';
/** Dates written the common ways: numeric with / - ., and with month names. */
export const DATE_PATTERN = `(?:\\d{4}-\\d{1,2}-\\d{1,2}|\\d{1,2}[./-]\\d{1,2}[./-](?:\\d{4}|\\d{2})|\\d{1,2}(?:\\.|er|st|nd|rd|th)?\\s*(?:${MONTHS})\\.?,?\\s+\\d{4}|(?:${MONTHS})\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}|\\d{1,2}-(?:${MONTHS})-\\d{2,4}|\\d{1,2}\\s+de\\s+(?:${MONTHS})\\s+de\\s+\\d{4})`;

export const STREET_SUFFIX =
  'Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Court|Ct|Way|Place|Pl|Terrace|Ter|Parkway|Pkwy|Circle|Cir|Highway|Hwy|Square|Sq|Trail|Trl|Alley|Loop|Crescent|Close|Row|Plaza|Pike|Ridge|Run|Path|Walk|Mews|Gardens|Grove|Hill|Heights|Park|Point|Crossing|Expressway|Freeway|Route|Rte';
export const UNIT = '(?:,?\\s*(?:Apt|Apartment|Suite|Ste|Unit|Flat|Floor|Fl|Room|Rm|#)\\.?\\s*#?[\\p{L}\\p{N}-]+)';
/**
 * Street words written before the name (French, Italian, Spanish, Catalan, Portuguese, Greek): "Rue de la Paix 12",
 * "Strada Provinciale 65", "Rua Cidade de Maracajá 468", "Λεωφόρος Συγγρού 119".
 */
export const STREET_PREFIX =
  'Rue|Avenue|Boulevard|Bd|Chemin|Place|Impasse|Allée|Quai|Passage|Via|Viale|Piazza|Piazzale|Corso|Vicolo|Largo|Strada|Contrada|Borgo|Calle|Avenida|Plaza|Paseo|Camino|Carretera|Ronda|Travesía|Carrer|Passeig|Rua|Travessa|Alameda|Rodovia|Praça|Estrada|Λεωφόρος|Λεωφ\\.|Οδός|Πλατεία';
/** Particles inside a street's name ("Rua Cidade de Maracajá", "Via della Croce"). */
export const NAME_PARTICLE = '(?:de|del|de la|de los|de las|du|des|della|delle|dei|di|da|dos|das|do|la|le|les)';
export const STATE =
  'AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY';
export const CAP = "\\p{Lu}[\\p{L}'’.-]*";
/**
 * A word list in lower case, capitalised and upper case, as one alternation (case-insensitive words without the i flag,
 * which would let \\p{Lu} match lower case).
 */
export const caseForms = (words: readonly string[]) =>
  words
    .flatMap((w) => [w, w.charAt(0).toUpperCase() + w.slice(1), w.toUpperCase()])
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|');
