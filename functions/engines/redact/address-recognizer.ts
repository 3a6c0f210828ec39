/**
 * Street addresses: street cores in the common national shapes, continued
 * over units, postcodes, towns and country lines, and streets found by cue
 * words ("lives at") or before a unit; plus the address places and streets
 * other recognizers consult.
 *
 * @module
 */
import { CAP, B, E, MONTHS, NAME_PARTICLE, STATE, STREET_PREFIX, STREET_SUFFIX, UNIT, caseForms, re } from './pattern-fragments.ts';
import { type Candidate, type Recognizer, CONTEXT_BOOST, SCORE_THRESHOLD, cues, hasContext, patternRecognizer } from './pattern-recognizer.ts';

/** A unit after a street in capitals ("APT 2B", "STE 210", "# 4"). */
const UNIT_CAPITALS = '(?:,?\\s*(?:APT|APARTMENT|SUITE|STE|UNIT|FLAT|FLOOR|FL|ROOM|RM|#)\\.?\\s*#?[\\p{Lu}\\p{N}-]+)';

const STREET_CORES = patternRecognizer({
    type: 'STREET_ADDRESS',
    rules: [
      {
        // 1600 Amphitheatre Parkway, Apt 5, Mountain View, CA 94043
        name: 'us-street',
        pattern: re(
          `${B}\\d{1,6}[A-Za-z]?[ \\t]+(?:(?:[NSEW]|North|South|East|West)\\.?[ \\t]+)?(?:${CAP}[ \\t]+){0,4}(?:${STREET_SUFFIX})\\.?${E}${UNIT}?`,
        ),
        score: 0.6,
      },
      {
        // 4417 BRAMBLEWOOD DR APT 2B: the same in capitals, as envelopes, forms and statements print it (USPS style)
        name: 'us-street-capitals',
        pattern: re(
          `${B}\\d{1,6}[A-Z]?[ \\t]+(?:(?:[NSEW]|NORTH|SOUTH|EAST|WEST)\\.?[ \\t]+)?(?:\\p{Lu}[\\p{Lu}'’.-]*[ \\t]+){0,4}(?:${STREET_SUFFIX.toUpperCase()})\\.?${E}${UNIT_CAPITALS}?`,
        ),
        score: 0.6,
      },
      {
        // Hauptstraße 5, Rue de la Paix 12, Via Roma 10, Calle Mayor 3
        name: 'eu-street',
        pattern: re(
          `${B}(?:${CAP}(?:straße|strasse|str\\.|weg|gasse|platz|allee|damm|laan|straat|gracht|plein|kade|dijk)|(?:${STREET_PREFIX})[ \\t]+(?:${NAME_PARTICLE}[ \\t]+)?${CAP}(?:[ \\t]+(?:${NAME_PARTICLE}[ \\t]+)?${CAP}){0,2})[ \\t]+\\d{1,5}[a-z]?${E}`,
        ),
        score: 0.6,
      },
      {
        // 12 rue de la Paix (number first, French/Spanish/Italian order)
        name: 'number-first-street',
        pattern: re(
          // Without the i flag: under it \\p{Lu} matches lower case too, and the name ran on over "St. the first".
          `${B}\\d{1,5}(?:\\s*(?:bis|ter))?,?\\s+(?:${caseForms(['rue', 'avenue', 'boulevard', 'bd', 'chemin', 'place', 'allée', 'impasse', 'via', 'viale', 'piazza', 'calle', 'avenida', 'plaza'])})\\s+(?:(?:de|del|de la|du|des|della|di|la|le)\\s+)?${CAP}(?:\\s+${CAP}){0,3}${E}`,
        ),
        score: 0.6,
      },
      {
        // RR 2 Box 118, R.R. #3: a rural route, the street of a farm or a cottage (Canada, the US)
        name: 'rural-route',
        pattern: re(`${B}(?:RR|R\\.R\\.|Rural Route)[ \\t]*#?[ \\t]*\\d{1,3}(?:,?[ \\t]+(?:Box|Site)[ \\t]+\\d{1,5})?${E}`),
        score: 0.6,
      },
      {
        // ON L0A 1G0: a Canadian postcode after its province's code, a pair no other number has
        name: 'ca-province-postcode',
        pattern: re(`${B}(?:AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT)[ \\t]+[ABCEGHJ-NPRSTVXY]\\d[ABCEGHJ-NPRSTV-Z][ \\t]?\\d[ABCEGHJ-NPRSTV-Z]\\d${E}`),
        score: 0.6,
      },
      {
        // Dublin 2, D02 X285 / Co. Kerry V92 K7PY: an Irish Eircode after its town or county
        name: 'ie-eircode',
        pattern: re(`${B}(?:Dublin(?:[ \\t]+\\d{1,2}W?)?|Co\\.?[ \\t]+\\p{Lu}\\p{Ll}+|Ireland|Eircode:?)[ \\t]*,?[ \\t]*(?:[AC-FHKNPRTV-Y]\\d{2}|D6W)[ \\t]?[0-9AC-FHKNPRTV-Y]{4}${E}`),
        score: 0.6,
      },
      {
        // H.No. 12-3-456, Plot No. 44B, Door No 7/112: the house number by its label (South Asian addresses)
        name: 'house-number-label',
        pattern: re(`${B}(?:H\\.[ \\t]?No|House[ \\t]+No|Plot[ \\t]+No|Door[ \\t]+No|Flat[ \\t]+No)\\.?[ \\t]*[:.]?[ \\t]*\\d[\\dA-Za-z/-]{0,12}${E}`),
        score: 0.6,
      },
      {
        // PO Box 123
        name: 'po-box',
        pattern: re(`${B}(?:P\\.?\\s?O\\.?\\s?Box|Post Office Box|Postfach|BP)\\s+\\d{1,6}${E}`, 'giu'),
        score: 0.55,
      },
    ],
    context: cues('address', 'addr', 'street', 'residence', 'lives at', 'located at', 'mailing', 'adresse', 'anschrift', 'dirección', 'indirizzo', 'adres'),
  });

/**
 * Street-name endings across languages (Søndergade, Magrethevej, Koskikatu,
 * Populierenstraat, Hauptstraße). Only endings that are not also common
 * English word endings: "ring" (Spring, Catering), "sor" (Professor,
 * processor), "tie", "veg", "út", "u." matched ordinary words followed by a
 * number. The word before the ending must be at least three letters.
 */
const STREET_MORPHEME = `(?:${caseForms(['vej', 'gade', 'gatan', 'gata', 'vägen', 'väg', 'veien', 'vegen', 'katu', 'polku', 'kuja', 'straat', 'stræde', 'strasse', 'straße', 'str.', 'weg', 'gasse', 'laan', 'utca', 'ulica', 'allee', 'platz', 'plein', 'kade', 'dijk', 'steeg', 'vegur', 'gränd', 'torget', 'körút', 'stræti'])})`;
const NUMBER_WORDS_NUMBER = re(
  `${B}\\d{1,6}(?:[ \\t]+\\d{1,4})?[ \\t]+(?:${CAP}[ \\t]+){0,3}(?:${CAP}${STREET_MORPHEME}|${CAP}[ \\t]+(?:${STREET_SUFFIX})\\.?)(?:[ \\t]+\\d{1,5}[a-z]?)${E}`,
);
/**
 * "28030 Edeby 55", "Kesk 53": a street with no street word, between numbers
 * or before a house number. Alone this is also "In 2019 Revenue 45 percent",
 * so it starts well below the threshold and needs address evidence: a cue
 * ("address", "lives at", "ship to") or an address continuing after it (a
 * unit, a postcode and town, a country line).
 */
// A street, its name and its number are on one line: a name above an address block is no street.
/** The words a unit line opens with ("Apt. 678", "Suite 12"). */
const UNIT_WORD = '(?:Apt|Apartment|Suite|Ste|Unit|Flat)';
// A unit ("Apt. 678", "Suite 12") is no street name, nor part of one ("Ada Brisk Apt. 4" is a name and a unit).
const NOT_STREET_NAME = `(?!(?:${UNIT_WORD}|Box|Room|Floor)${E})`;
// Nor is a month: "3 February 2026" is a date. A number whose full stop ends a sentence ("Python 3. Hence …") is no house number.
const NOT_BARE_STREET_NAME = `${NOT_STREET_NAME}(?!(?:${MONTHS})${E})`;
/**
 * A document's own numbering ("Table 1", "Section 4", "Row 2") and an officer's rank before a collar number ("PC 4471"): one such
 * word before a number is no street, and the names listed under it no town.
 */
const NUMBERED_PART = '(?:Table|Figure|Fig|Chapter|Section|Part|Page|Step|Item|Group|Round|Day|Week|Level|Phase|Stage|Session|Class|Grade|Year|Team|Row|Column|Slide|Appendix|Annex|Exhibit|Schedule|Article|Clause|Note|Question|Lot|Bay|Platform|Seat|Track|Box|Tier|Heat|Block|Wave|Batch|Version|Release|PC|DC|PS|DS|WPC|Sgt|Cpl|Pte|Lt|Capt|Insp|Officer|Badge)';
/** A preposition opening a sentence before a date or a count ("On 2 Mar 2026, … wrote:", "In 2019 …"): no street. */
const SENTENCE_OPENER = '(?:On|At|In|By|From|To|Since|Until|Before|After|Between|For|Of|Over|Under|About|Around)';
const BARE_STREET = re(
  `${B}(?:\\d{1,6}[ \\t]+)?(?:\\d{1,4}[ \\t]+)?(?!(?:${NUMBERED_PART}|${SENTENCE_OPENER})[ \\t]+\\d)${NOT_BARE_STREET_NAME}${CAP}(?:[ \\t]+${NOT_BARE_STREET_NAME}${CAP}){0,2}[ \\t]+\\d{1,5}[a-z]?\\.?${E}(?<!\\.)(?!\\.[ \\t]+\\p{Lu})`,
);
// No i flag: under it the optional capitalised word took "at" and "on" before the street.
const MORPHEME_STREET = re(`${B}(?:\\d{1,6}[ \\t]+)?(?:${CAP}[ \\t]+)?\\p{L}{3,}${STREET_MORPHEME}[ \\t]+\\d{1,5}[a-z]?\\.?${E}`);
/**
 * Hungarian streets: the name, a separate street word and a house number
 * with its ordinal dot ("Kálmán Imre u. 12.", "Erzsébet tér 19.", "Árpád
 * fejedelem útja 3."). The street word stands alone after a capitalised
 * name and before a number, which "u." as a word ending (the rule removed
 * in round 1) did not require.
 */
const HUNGARIAN_STREET = re(
  `${B}${CAP}(?:[ \\t]+${CAP}){0,2}(?:[ \\t]+\\p{Ll}{3,})?[ \\t]+(?:u\\.|utca|út|útja|tér|krt\\.|körút|rkp\\.|rakpart|köz|sétány|fasor|lakótelep)[ \\t]+\\d{1,4}\\.?(?:\\/[A-Za-z0-9]+)?${E}`,
);
/** Streets after a Polish or Czech street abbreviation ("ul. Słowicza 10", "al. Jana Pawła 5/7"). */
const PREFIXED_STREET = re(`${B}(?:ul|al|pl|os)\\.[ \\t]*${CAP}(?:[ \\t]+${CAP}){0,3}[ \\t]+\\d{1,4}[a-z]?(?:\\/\\d{1,4})?${E}`);
/**
 * Streets written with the street word apart from the name, before the house number: Scandinavian and Finnish
 * in lower case ("Trenerys gate 232", "Kongens vei 4", "Stensås terrasse 38"), German and Dutch capitalised
 * ("Villacher Strasse 89", "Oude Laan 3").
 */
const SEPARATE_STREET_WORD = re(
  `${B}${CAP}(?:[ \\t]+${CAP})?[ \\t]+(?:gate|gata|gatan|vei|veien|veg|vegen|vej|vägen|tie|katu|terrasse|plass|torg|allé|Strasse|Straße|Str\\.|Gasse|Weg|Platz|Allee|Straat|Laan|Gracht|Gade|Vej)[ \\t]+\\d{1,4}[a-z]?${E}`,
);
/** One street of a crossing: capitalised words or numbers, or street words ("159 Eleftheriou Venizelou str", "Herceg Gateway St."). */
const CROSSING_PART = `(?:${CAP}|\\d{1,6}\\.?|(?:str|st|ave|rd|u)\\.?|${caseForms(STREET_SUFFIX.split('|').map((w) => w.toLowerCase()))})`;
/** "the corner of X and Y": the phrase is the cue; both streets are masked with it. */
const CORNER = re(`${B}(?:[Tt]he[ \\t]+)?[Cc]orner[ \\t]+of[ \\t]+(?!(?:the|a|an|my|your|his|her|our|their|this|that)${E})${CROSSING_PART}(?:[ \\t]+${CROSSING_PART}){0,5}[ \\t]+and[ \\t]+${CROSSING_PART}(?:[ \\t]+${CROSSING_PART}){0,3}`);
/** Words of a phrase, never of a street's name ("the corner of each page and the edge"). */
const FUNCTION_WORD = '(?:the|a|an|my|your|his|her|its|our|their|this|that|these|those|each|every|some|any|all|both|no|one|two|of|to|in|on|at|by|for|with|from|and|or|but|is|was|are|were)';
/**
 * One street of a crossing as typed in a chat, in lower case ("zeltbrücke 77", "orvik courts"): a crossing part or a
 * lower-case word other than a function word.
 */
const LOWER_CROSSING_PART = `(?:${CROSSING_PART}|(?!${FUNCTION_WORD}${E})\\p{Ll}[\\p{L}\\p{M}'’-]+)(?:${E}|(?<=\\.))`;
/**
 * "the corner of X and Y" with lower-case street names: only where both
 * streets have a street's shape, a house number or a thoroughfare word
 * ("the corner of kelmar kapu 39. and orsin courts"); never the corner of a room or a page.
 */
const LOWER_CORNER = re(`${B}(?:[Tt]he[ \\t]+)?[Cc]orner[ \\t]+of[ \\t]+(?!${FUNCTION_WORD}${E})(${LOWER_CROSSING_PART}(?:[ \\t]+${LOWER_CROSSING_PART}){0,5})[ \\t]+and[ \\t]+(?!${FUNCTION_WORD}${E})(${LOWER_CROSSING_PART}(?:[ \\t]+${LOWER_CROSSING_PART}){0,3})`);
/** Whether both streets of a lower-case crossing look like streets (a number, or a thoroughfare word at their end). */
const streetShaped = (m: RegExpMatchArray) => STREET_SHAPED.test(m[1].trimEnd()) && STREET_SHAPED.test(m[2].trimEnd());
/**
 * A street named without a house number, right after a preposition of place
 * ("shows on Marina Quay Street were", "a café along Tolvern Avenue"): one
 * to three capitalised words and a written-out street word. Abbreviations
 * ("St", "Dr") are left out: after "on" they are saints and doctors.
 */
const NAMED_STREET = re(
  `(?=\\p{Lu})(?<=(?:^|[^\\p{L}])(?:on|along|down|off|onto|lives on|live on|lived on)[ \\t]+)(?!(?:The|A|An|This|That|Our|My|Your)${E})${CAP}(?:[ \\t]+${CAP}){0,2}[ \\t]+(?:Street|Avenue|Road|Boulevard|Lane|Drive|Terrace|Parkway|Crescent)${E}`,
);
/**
 * A lower-case street with its house number, as typed in a chat ("at 4410
 * tolvern avenue suite 12"): a number, one to three lower-case words and a
 * street word, with an optional unit; function words and distances ("3
 * miles down the road") are no street name. Scored low: only an address cue
 * ("drops you off at", "ship to", "address") lifts it over the threshold.
 */
const LOWER_CASE_STREET = re(
  `${B}\\d{1,6}[ \\t]+(?:(?!(?:the|a|an|of|to|and|or|up|down|in|on|at|by|my|your|our|this|that|miles?|km|blocks?|minutes?)${E})\\p{Ll}[\\p{Ll}'’-]*[ \\t]+){1,3}(?:street|st|avenue|ave|road|rd|boulevard|blvd|lane|ln|drive|close|crescent|court|grove|gardens|terrace|mews)\\.?(?:[ \\t]+(?:apt|apartment|suite|unit|flat)\\.?[ \\t]*#?\\d{1,5}[a-z]?)?${E}`,
);
const UNIT_ONLY = re(`${B}${UNIT_WORD}\\.?\\s*#?\\d{1,5}[A-Za-z]?${E}`);
const MILITARY = re(`${B}(?:PSC|Unit|CMR)\\s+\\d{3,5},?\\s+Box\\s+\\d{3,5}(?:\\s*\\n?\\s*(?:APO|FPO|DPO)\\s+A[AEP]\\s+\\d{5})?${E}`, 'giu');
const UNIT_PART = `${UNIT_WORD}\\.?\\s*#?\\d{1,5}[A-Za-z]?`;
/** A Finnish or Swedish staircase and flat after the house number ("Koivukuja 5 B 12"), before a comma or the line's end. */
const STAIR_AND_FLAT = '[A-H][ \\t]\\d{1,3}(?=[ \\t]*(?:,|\\n|$))';
/** A unit after the street: "Apt. 4", or the Spanish and Portuguese floor and door ("3º B", "2.º izq.", "1ª"). */
const ANY_UNIT_PART = `(?:${UNIT_PART}|${STAIR_AND_FLAT}|\\d{1,2}\\.?[ \\t]?[ºª°](?:[ \\t]?[A-Z](?![\\p{L}\\p{N}])|[ \\t]?(?:izq|izda|dcha|dto|esq)\\.?)?)`;
/** The UK ("SW1A 1AA", "M4 7QT") and Canadian ("K2P 1L4") postcode shapes, with `gap` between their two halves. */
const ukOrCanadianPostcode = (gap: string) => `[A-Z]{1,2}\\d[A-Z\\d]?${gap}\\d[A-Z]{2}|[A-Z]\\d[A-Z]${gap}\\d[A-Z]\\d`;
/**
 * A postcode's shapes: digits (US ZIP and ZIP+4, most of Europe, "12-345", Portugal's "4050-262"), and the letter-digit codes of the UK
 * ("SW1A 1AA", "M4 7QT"), Canada ("K2P 1L4") and the Netherlands ("1012 AB"), which pin an address to a few doors; the
 * Swedish, Czech, Slovak and Greek "411 38" before its town.
 */
const POSTCODE = `(?:${ukOrCanadianPostcode('[ \\t]?')}|\\d{4}[ \\t]?[A-Z]{2}(?![\\p{L}\\p{N}])|\\d{4}-\\d{3}(?![\\p{L}\\p{N}])|\\d{3}[ ]\\d{2}(?=[ \\t]+\\p{Lu}\\p{Ll})|\\d{4,6}(?:-\\d{4})?|\\d{2}-\\d{3})`;
/** Small words inside a town's or country's name on a line of its own in an address block ("Martins do Descoberto", "Saint Vincent and the Grenadines"). */
const TOWN_PARTICLE = '(?:de|do|da|di|del|della|dos|das|du|des|la|le|les|and|the|of|sur|am|an|im|en|y|e|et|och|og)';
/** What may follow a street line in the same address: unit, city, region, postcode, country. */
const CONTINUATION = new RegExp(
  // One part per line or comma: [ \t] inside a part, so a part never runs over a line end (nor a blank line).
  // A postcode may end the sentence ("… Austria 25173."), and so may a postcode and its town ("… 28014 Madrid."); another
  // word before a full stop may be an abbreviation ("Incl."). On a scan a stray mark OCR read after the postcode
  // ("MAPLEWICK VT 05641 i": a speck, a fold) still ends the line.
  `^(?:,|\\n)?[ \\t>]*(?:,[ \\t]*)?(?:${ANY_UNIT_PART}|${POSTCODE}(?:[ \\t]+${CAP}(?:[ \\t]+${CAP}){0,2})?|${CAP}(?:[ \\t]+${CAP}){0,2},?[ \\t]+(?:${STATE})\\.?[ \\t]+\\d{5}(?:-\\d{4})?|(?<=\\n[ \\t>]*)\\p{Lu}[\\p{L}'’.-]*(?:[ \\t]+(?:${TOWN_PARTICLE}[ \\t]+){0,2}\\p{Lu}[\\p{L}'’.-]*){1,3}(?:[ \\t]+${POSTCODE})?(?=[ \\t]*(?:\\n|$))|\\p{Lu}[\\p{L}'’.-]*(?:[ \\t]+\\p{Lu}[\\p{L}'’.-]*){0,2}(?:[ \\t]+\\([\\p{L} .'’-]{2,30}\\))?(?:[ \\t]+${POSTCODE})?|(?:${STATE})|(?<=\\n[ \\t>]*,[ \\t]*)(?:\\p{Ll}{2}|\\d{2}))(?=[ \\t]*(?:,|\\n|$)|(?<=\\d[A-Z]{0,2}|\\d[ \\t]+\\p{Lu}[\\p{L}'’-]*)[.?!](?:\\s|$)|(?<=\\d)[ \\t]+[|!'’\`il][ \\t]*(?:\\n|$))`,
  'u',
);
/** The last line of an address block set apart by one blank line ("⏎⏎ Denmark 35018"): only its postcode is taken. */
/**
 * A UK or Canadian postcode later on the street's own line, inside the sentence ("lives at 9 Orvel Lane, Brackton BT7 4QX
 * and works …"), where the town part did not end at a comma or the line's end: these shapes are distinctive enough to take.
 */
const LETTER_POSTCODE_ON_LINE = new RegExp(`^[^\\n.;:!?]{0,48}?(?<![\\p{L}\\p{N}])(${ukOrCanadianPostcode('[ \\t]')})(?![\\p{L}\\p{N}])`, 'u');
const POSTCODE_AFTER_BLANK = new RegExp(`^[ \\t>]*\\n[ \\t>]*\\n[ \\t>]*(?:\\p{Lu}[\\p{L}'’.-]*(?:[ \\t]+\\p{Lu}[\\p{L}'’.-]*){0,2}[ \\t]+)?(${POSTCODE})[ \\t]*(?=\\n|$)`, 'u');
const UNIT_AT_START = new RegExp(`^[\\s,>]*${UNIT_PART}`, 'u');
const POSTCODE_IN = new RegExp(`(?<![\\p{L}\\p{N}])${POSTCODE}(?![\\p{L}\\p{N}])`, 'gu');
/**
 * Where a street line starts once a house or building number written before
 * it on the same line is included ("3482 Via Franscini 71", "17151 2450
 * Crown St"): the number must stand alone (after a space, a colon, a quote
 * mark or the line start).
 */
function houseNumberBefore(text: string, start: number): number {
  const m = /\d{1,6}[ \t]+$/u.exec(text.slice(Math.max(0, start - 12), start));
  if (!m) return start;
  const at = start - m[0].length;
  // The number of a unit written before the street ("Apt. 675 62314 Mellemvej 32") takes its unit word along.
  const unit = new RegExp(`${UNIT_PART.slice(0, UNIT_PART.indexOf('\\.?'))}\\.?[ \\t]*#?$`, 'u').exec(text.slice(Math.max(0, at - 12), at));
  if (unit) return at - unit[0].length;
  return at === 0 || /[\s>:,(]/u.test(text[at - 1]) ? at : start;
}

const CONTINUED_BOOST = 0.4;
/** A Dutch house number's addition after a dash ("214-II", "12-H", "8-1", "3-bis"): part of the street line. */
// Only before a comma or the line's end, where an address goes on: "RM 212-A DR. …" on a wristband is a room, then a name.
const HOUSE_NUMBER_ADDITION = /^-(?:[IVX]{1,4}|hs|bis|[A-Za-z]|\d{1,3})(?=[ \t]*(?:,|\n|$))/u;
/**
 * Thoroughfare words of the USPS and Royal Mail address standards (the full list, plurals included): a second
 * street written after the first on its line ("14 Crown Street Kishiev Squares", "P.O. Box 149 Alder Union") is a
 * dependent thoroughfare or a locality of the same address. Only read after a street already found, never alone.
 */
const THOROUGHFARE =
  'Alley|Annex|Arcade|Avenue|Bayou|Beach|Bend|Bluffs?|Bottom|Boulevard|Branch|Bridge|Brooks?|Burgs?|Bypass|Camp|Canyon|Cape|Causeway|Centers?|Circles?|Cliffs?|Club|Commons?|Corners?|Course|Courts?|Coves?|Creek|Crescent|Crest|Crossing|Crossroads?|Curve|Dale|Dam|Divide|Drives?|Estates?|Expressway|Extensions?|Falls?|Ferry|Fields?|Flats?|Fords?|Forest|Forges?|Forks?|Fort|Freeway|Gardens?|Gateway|Glens?|Greens?|Groves?|Harbou?rs?|Haven|Heights|Highway|Hills?|Hollow|Inlet|Islands?|Isle|Junctions?|Keys?|Knolls?|Lakes?|Land|Landing|Lane|Lights?|Loaf|Locks?|Lodge|Loop|Mall|Manors?|Meadows?|Mews|Mills?|Mission|Motorway|Mount|Mountains?|Neck|Orchard|Oval|Overpass|Parks?|Parkways?|Pass|Passage|Path|Pike|Pines?|Places?|Plains?|Plaza|Points?|Ports?|Prairie|Radial|Ramp|Ranch|Rapids?|Rest|Ridges?|River|Roads?|Route|Row|Rue|Run|Shoals?|Shores?|Skyway|Springs?|Spurs?|Squares?|Station|Stravenue|Stream|Streets?|Summit|Terrace|Throughway|Trace|Track|Trafficway|Trail|Trailer|Tunnel|Turnpike|Underpass|Unions?|Valleys?|Viaduct|Views?|Villages?|Ville|Vista|Walks?|Wall|Ways?|Wells?|Wharf|Wynd|Close|Drove|Parade|Rise|Vale|Yard';
/** The rest of a street's line when it is a second thoroughfare: capitalised words ending in a thoroughfare word. */
const SECOND_THOROUGHFARE = new RegExp(`^[ \\t]+(?:${CAP}[ \\t]+){0,2}(?:${THOROUGHFARE})\\.?(?=[ \\t]*(?:[,;]|\\n|$|[.?!](?:\\s|$)))`, 'u');
/**
 * A house number, one to three capitalised words and a thoroughfare word of the full USPS / Royal Mail list
 * ("235 Tolvern Neck", "5614 Brisk Island", "17 Hartwell Meadows"): the shorter suffix list of `us-street`
 * misses most of them. Scored at the threshold (the number, the capitalised name and the thoroughfare word
 * together are the evidence), so a phone-shaped number before it ("70266 235 …") does not outweigh it.
 */
/**
 * A house number and a street named by one or two capitalised words with no street word ("40 Quayside", "1 Poultry"),
 * when a town and a UK or Canadian postcode follow on its line: the postcode's shape is the evidence.
 */
const NUMBER_NAME_BEFORE_POSTCODE = re(
  `${B}\\d{1,4}[A-Za-z]?[ \\t]+${CAP}(?:[ \\t]+${CAP})?(?=,[ \\t]*${CAP}(?:[ \\t]+${CAP}){0,2},?[ \\t]+(?:${ukOrCanadianPostcode('[ \\t]')})(?![\\p{L}\\p{N}]))`,
);
/**
 * A house number that opens a quoted value and ends its line, the street's name and thoroughfare word
 * starting the next (a JSON log's `"street":"4410⏎Orvel Ave"` as a page wraps it): one street over the wrap.
 */
const WRAPPED_NUMBER_THOROUGHFARE = re(`(?<=["'])\\d{1,6}[A-Za-z]?[ \\t]*\\n[ \\t]*(?:${CAP}[ \\t]+){1,3}(?:${THOROUGHFARE}|${STREET_SUFFIX})\\.?${E}`);
/** A unit written before its street, the street with no house number of its own ("Unit 6, Bracken Mews", "Flat 2 Orvel Court"). */
const UNIT_FIRST_STREET = re(`${B}${UNIT_PART},?[ \\t]+(?:${CAP}[ \\t]+){1,3}(?:${THOROUGHFARE})${E}`);
const NUMBER_THOROUGHFARE = re(`${B}\\d{1,6}[A-Za-z]?[ \\t]+(?:[NSEW]\\.?[ \\t]+)?(?:${CAP}[ \\t]+){1,3}(?:${THOROUGHFARE})${E}`);
/** A street's shape at the end of a crossing part: a house number anywhere, or a thoroughfare word (or its abbreviation) last. */
const STREET_SHAPED = new RegExp(`(?:\\d|(?<![\\p{L}])(?:${THOROUGHFARE}|st|str|rd|ave|u)\\.?$)`, 'iu');


/**
 * Street addresses: a street line found by its shape, extended back over a
 * house number before it and forward over the unit, town, region, postcode
 * and country lines after it. What is masked: the street line with its
 * unit, and the postcodes. Town, region and country names are read (they
 * are the evidence that this is an address) but left readable: they are
 * places many people share, like "Paris" in prose.
 */
export const ADDRESS_RECOGNIZER: Recognizer = {
  type: 'STREET_ADDRESS',
  find: (text) => addressesIn(text).candidates,
};

/**
 * The town, region and country parts of the addresses in `text` (what the
 * address recognizer read after a street it accepted, left readable): a
 * place there is no person ("12 Elm Road⏎Porto Alegre"), whatever its words.
 */
export function addressPlaces(text: string): readonly { start: number; end: number }[] {
  return addressesIn(text).places;
}

/**
 * The street lines of the addresses in `text` that are accepted (scored at
 * least the threshold): a street named after a person ("Rua Orvela Maltrin
 * 1213", "Intrarea Tovarelu, Bloc 95") is no person.
 */
export function addressStreets(text: string): readonly { start: number; end: number }[] {
  return addressesIn(text).candidates.filter((c) => c.score >= SCORE_THRESHOLD && !c.rule?.endsWith('-postcode') && c.rule !== 'unit');
}

/** The last text's addresses: detection asks for the candidates and then for the places, on the same text. */
let lastAddresses: { text: string; candidates: Candidate[]; places: { start: number; end: number }[] } | undefined;

function addressesIn(text: string): { candidates: Candidate[]; places: { start: number; end: number }[] } {
  if (lastAddresses?.text === text) return lastAddresses;
  const places: { start: number; end: number }[] = [];
  const candidates = findAddresses(text, places);
  lastAddresses = { text, candidates, places };
  return lastAddresses;
}

/**
 * Street readings that give way to a longer reading around them (and lend it their score): a unit alone, a street read
 * from its thoroughfare word or from its unit.
 */
const NESTED_RULES = new Set(['unit', 'number-thoroughfare', 'unit-street', 'cued-street']);

/**
 * Adds the postcodes after an address's last part: a letter postcode later on
 * the street's line when its parts held none, and a postcode alone on a line
 * after a blank line when the address continued past the street.
 */
function postcodesAfter(text: string, end: number, parts: number, postcodes: { start: number; end: number }[]): void {
  if (!postcodes.length) {
    const near = LETTER_POSTCODE_ON_LINE.exec(text.slice(end, end + 80));
    if (near) postcodes.push({ start: end + near[0].length - near[1].length, end: end + near[0].length });
  }
  if (parts > 0) {
    const last = POSTCODE_AFTER_BLANK.exec(text.slice(end, end + 120));
    if (last) {
      const at = end + last[0].length - last[1].length - (last[0].length - last[0].trimEnd().length);
      postcodes.push({ start: at, end: at + last[1].length });
    }
  }
}

/**
 * Where a street read across a cell's gap (a tab, three spaces) starts: in the last cell when that cell holds a name and
 * a number of its own. A pay slip's row ("Herrn Ada Quell   Lindenweg 14") put the person's name into the street, and
 * the words of a street are no person's, so the name was readable.
 */
function afterCellGap(text: string, start: number, coreEnd: number): number {
  const core = text.slice(start, coreEnd);
  const last = [...core.matchAll(/\t|[ ]{3,}/gu)].at(-1);
  if (!last) return start;
  const cell = core.slice(last.index! + last[0].length);
  return /\p{L}/u.test(cell) && /\d/u.test(cell) ? start + last.index! + last[0].length : start;
}

function findAddresses(text: string, places: { start: number; end: number }[]): Candidate[] {
  const cores: Candidate[] = [...STREET_CORES.find(text)];
  const context = cues('address', 'addresses', 'addr', 'lives at', 'located at', 'live at', 'lived at', 'lives on', 'live on', 'lived on', 'moved to', 'send', 'sent to', 'mail to', 'ship to', 'deliver', 'residence', 'meet you at', 'drops you off at', 'corner of', 'adresse', 'anschrift', 'dirección', 'indirizzo', 'adres');
  const add = (pattern: RegExp, score: number, rule: string) => {
    for (const m of text.matchAll(pattern)) {
      const start = m.index!;
      // A sentence's full stop after the last street of a crossing is not part of it ("… and Dunmore Parade."); an abbreviation's is ("St.").
      const end = start + m[0].length - (rule === 'corner' && /[\p{L}]{4,}\.$/u.test(m[0]) ? 1 : 0);
      cores.push({ type: 'STREET_ADDRESS', start, end, score: Math.min(1, score + (hasContext(text, start, end, context) ? CONTEXT_BOOST : 0)), rule });
    }
  };
  add(MORPHEME_STREET, 0.6, 'street-morpheme');
  add(HUNGARIAN_STREET, 0.6, 'hungarian-street');
  add(PREFIXED_STREET, 0.6, 'prefixed-street');
  add(SEPARATE_STREET_WORD, 0.5, 'separate-street-word');
  add(CORNER, 0.9, 'corner');
  for (const m of text.matchAll(LOWER_CORNER)) {
    if (!streetShaped(m)) continue;
    const end = m.index! + m[0].length - (/[\p{L}]{4,}\.$/u.test(m[0]) ? 1 : 0);
    cores.push({ type: 'STREET_ADDRESS', start: m.index!, end, score: 0.9, rule: 'corner' });
  }
  add(NAMED_STREET, 0.55, 'named-street');
  // With its unit ("… avenue suite 112") the line has the whole shape of an address, cue or none, and outweighs a bare 8-digit phone-shaped number inside it.
  // So does a UK or Canadian postcode later on its line ("14 orvel close, brackton, BT7 4QX"): a shape few other words have.
  for (const m of text.matchAll(LOWER_CASE_STREET)) {
    const end = m.index! + m[0].length;
    if (/(?:apt|apartment|suite|unit|flat)\.?[ \t]*#?\d/u.test(m[0]) || LETTER_POSTCODE_ON_LINE.test(text.slice(end, end + 80)))
      cores.push({ type: 'STREET_ADDRESS', start: m.index!, end, score: 0.6, rule: 'lower-case-street' });
  }
  add(LOWER_CASE_STREET, 0.1, 'lower-case-street');
  add(NUMBER_WORDS_NUMBER, 0.5, 'number-words-number');
  add(BARE_STREET, 0.1, 'bare-street');
  add(NUMBER_THOROUGHFARE, 0.6, 'number-thoroughfare');
  add(UNIT_FIRST_STREET, 0.6, 'unit-first-street');
  add(NUMBER_NAME_BEFORE_POSTCODE, 0.6, 'number-name-postcode');
  add(WRAPPED_NUMBER_THOROUGHFARE, 0.6, 'wrapped-number-thoroughfare');
  cores.push(...streetsBeforeUnits(text), ...cuedStreets(text));
  add(UNIT_ONLY, 0.5, 'unit');
  add(MILITARY, 0.65, 'military');
  const pieces: Candidate[] = [];
  const extended = cores.map((c) => {
    if (c.rule === 'unit') return c;
    const start = houseNumberBefore(text, c.start);
    const addition = /\d$/u.test(text.slice(c.start, c.end)) ? (HOUSE_NUMBER_ADDITION.exec(text.slice(c.end, c.end + 8))?.[0].length ?? 0) : 0;
    const cEnd = c.end + addition + (c.rule === 'corner' ? 0 : (SECOND_THOROUGHFARE.exec(text.slice(c.end, c.end + 80))?.[0].length ?? 0));
    // Walk what follows (at most four parts, within 120 characters each): units join the street line, postcodes are masked apart.
    // Units written on the street line ("Dalmatinova 43 Apt. 678 Velenje") belong to it, whatever follows them.
    const inlineUnits = new RegExp(`^(?:,?[ \\t]*${ANY_UNIT_PART})+`, 'u').exec(text.slice(cEnd, cEnd + 60));
    let end = cEnd + (inlineUnits?.[0].length ?? 0);
    let masked = end;
    const postcodes: { start: number; end: number }[] = [];
    const townParts: { start: number; end: number }[] = [];
    let parts = inlineUnits ? 1 : 0;
    for (; parts < 4; parts++) {
      const rest = text.slice(end, end + 120);
      const m = CONTINUATION.exec(rest);
      if (!m || m[0].trim() === '' || /\n\s*\n/.test(m[0])) break;
      const unit = UNIT_AT_START.exec(m[0]);
      if (unit && end === masked) masked = end + unit[0].length;
      else {
        for (const p of m[0].matchAll(POSTCODE_IN)) postcodes.push({ start: end + p.index!, end: end + p.index! + p[0].length });
        townParts.push({ start: end, end: end + m[0].length });
      }
      end += m[0].length;
    }
    postcodesAfter(text, end, parts, postcodes);
    // An address continuing after the street line (unit, town, postcode, country) is evidence of its own.
    const score = parts > 0 && c.rule === 'bare-street' ? Math.min(1, c.score + CONTINUED_BOOST) : c.score;
    for (const p of postcodes) pieces.push({ type: 'STREET_ADDRESS', ...p, score, rule: `${c.rule}-postcode` });
    if (score >= SCORE_THRESHOLD) places.push(...townParts);
    return { ...c, start: afterCellGap(text, start, cEnd), end: masked, score };
  });
  // A unit inside an address found around it is part of it: the whole address takes the unit's score if higher
  // (a cue such as "Ship to:" lifts the short unit line, and the higher score must not leave the street unmasked).
  // The same holds for a street read from its thoroughfare word or from its unit inside a longer address read another way
  // ("Velmar Opus 420 Brisk Rapids", a crossing): the longer reading stays, with the higher score.
  const nestedIn = (a: Candidate, b: Candidate) => a !== b && b.rule !== 'unit' && b.start <= a.start && a.end <= b.end && (b.end - b.start > a.end - a.start || !NESTED_RULES.has(b.rule));
  const streets = extended.flatMap((c) => {
    if (NESTED_RULES.has(c.rule) && extended.some((o) => nestedIn(c, o))) return [];
    const inside = extended.filter((n) => NESTED_RULES.has(n.rule) && (n.rule === 'unit' ? n !== c && c.start <= n.start && n.end <= c.end : nestedIn(n, c)));
    return [inside.length ? { ...c, score: Math.max(c.score, ...inside.map((u) => u.score)) } : c];
  });
  // A street read from its unit or its cue that holds a shorter street reading ("Kolvet Sokak 32b St." around "32b St.") is the
  // better reading of the same street: it takes the shorter one's score, and being longer, wins over it.
  for (const [i, c] of streets.entries()) {
    if (c.rule !== 'unit-street' && c.rule !== 'cued-street') continue;
    const held = streets.filter((o) => o !== c && c.start <= o.start && o.end <= c.end && o.end - o.start < c.end - c.start);
    if (held.length) streets[i] = { ...c, score: Math.max(c.score, ...held.map((o) => o.score)) };
  }
  return [...streets, ...pieces];
}

/** A unit word as one token of a line ("Suite", "apt."). */
const UNIT_WORD_TOKEN = new RegExp(`^${UNIT_WORD}\\.?$`, 'iu');
/** A token whose final dot is an abbreviation's or an ordinal's, not the sentence's end ("Av.", "s/n.", "5."). */
const ABBREVIATION_END = /^\p{L}{1,3}\.$|s\/n\.$|\d\.$/u;
/** Words of the phrase before an address, never of a street's name, where reading a street backwards from its unit stops ("… is", "send it to", "lives at"). */
const PHRASE_WORD = new RegExp(`^(?:${FUNCTION_WORD}|address|addresses|located|lives|live|moved|send|sent|new|here|it|am|be|me|us|you|i)$`, 'iu');
/** One word of a street line read backwards: letters or digits, with the marks street names and numbers carry ("qirg'oqi,", "50B", "d'Alésia", "(Gerhaus)"). */
const STREET_TOKEN = /^[\p{L}\p{N}(][\p{L}\p{M}\p{N}'’.\-/()]*,?$/u;

/**
 * The street line of a unit ("Apt. 160", "Suite 089") that no street rule
 * read: the words before the unit on its line, or the line above when the
 * unit opens its line, back to the phrase that introduces the address
 * ("… send a new one to 0466 Lorvesh qirg'oqi, 13⏎ Suite 089"). A unit
 * vouches for the line being an address, whatever its language; the line
 * must hold a number (a house number) and a word, so a name above a unit
 * ("Mrs. Ada Brisk Apt. 4") is not taken.
 */
/** A street line's words hold a house number and a word (three letters or more). */
const holdsNumberAndWord = (words: readonly string[]) => words.some((w) => /\d/.test(w)) && words.some((w) => /\p{L}{3,}/u.test(w));

/** A unit typed in lower case, as in a chat ("apt. 451", "suite 12"); "unit" and "flat" are too common as words. */
const LOWER_UNIT = re(`${B}(?:apt\\.?|suite)[ \\t]*#?\\d{1,5}[a-z]?${E}`);

function streetsBeforeUnits(text: string): Candidate[] {
  const out: Candidate[] = [];
  for (const m of [...text.matchAll(UNIT_ONLY), ...text.matchAll(LOWER_UNIT)]) {
    const lower = m[0].charAt(0) === m[0].charAt(0).toLowerCase();
    const u = m.index!;
    const lineStart = text.lastIndexOf('\n', u - 1) + 1;
    let segStart = lineStart;
    let segEnd = u;
    if (/^[ \t>]*$/.test(text.slice(lineStart, u))) {
      if (lineStart === 0) continue;
      segEnd = lineStart - 1;
      segStart = text.lastIndexOf('\n', segEnd - 1) + 1;
    }
    const tokens = [...text.slice(segStart, segEnd).matchAll(/[^\s>]+/g)];
    let first = tokens.length;
    for (let i = tokens.length - 1; i >= 0 && tokens.length - i <= 7; i--) {
      const t = tokens[i][0];
      if (!STREET_TOKEN.test(t) || PHRASE_WORD.test(t.replace(/,$/, ''))) break;
      first = i;
    }
    // The street starts with its number or a capital: lower-case words before that are the phrase's.
    // Typed all in lower case ("0531 4 boulevard orvel apt. 451"), it must start with its house number.
    while (first < tokens.length && !(lower ? /^\p{N}/u : /^[\p{N}\p{Lu}]/u).test(tokens[first][0])) first++;
    const words = tokens.slice(first).map((t) => t[0]);
    if (!holdsNumberAndWord(words)) continue;
    out.push({ type: 'STREET_ADDRESS', start: segStart + tokens[first].index!, end: u + m[0].length, score: 0.6, rule: 'unit-street' });
  }
  return out;
}

/**
 * Phrases after which a street follows in running text: strong ones ("lives at", "the address is", "send it
 * to") and weak ones ("is at", "is on", "enter on"), after which the street must show a capitalised word.
 */
const STRONG_STREET_CUE = /(?<![\p{L}])(?:(?:lives?|lived|living|located|drops you off|meet you|arrived) at|(?:lives?|lived) on|address(?:es)?(?:[ \t]+(?:is|are|with|to))?|sent to|send (?:it|them|this|one|a new one) to|ship(?:ped)? to|deliver(?:ed)? to|moved to)[ \t]*:?[ \t]+/giu;
const WEAK_STREET_CUE = /(?<![\p{L}])(?:is|are|was|were|enter|entrance) (?:at|on)[ \t]+/giu;
/** Words that end a cued street when read forwards (the sentence goes on). */
const AFTER_STREET = /^(?:for|after|before|last|next|since|until|when|where|which|who|near|tonight|today|tomorrow|then|but|so|because|if)$/iu;
/** Words that show what follows a cue is no street: times, pages, levels, amounts, dates. */
const NOT_A_STREET = new RegExp(
  `^(?:page|pages|level|levels|floor|step|line|version|track|day|days|week|weeks|month|months|year|years|chapter|section|slide|item|items|number|no\\.?|noon|midnight|am|pm|a\\.m\\.|p\\.m\\.|percent|per|cent|million|billion|thousand|hundred|times|mile|miles|km|minutes?|hours?|o'clock|least|most|risk|par|half|stage|phase|point|points|${MONTHS}|monday|tuesday|wednesday|thursday|friday|saturday|sunday)$`,
  'iu',
);

/**
 * A street right after an address phrase ("The restaurant is at 48211 Lorvesh Adela, 98", "lives at 483 piazza
 * corvina 5, …", "The bus station is on Tavrova 271"): the words of the line up to a comma, the sentence's end
 * or a word that carries the sentence on. The phrase is the evidence, so no street word is needed, in any
 * language; the words must hold a house number and a word, and no word of a time, page, level, amount or date.
 */
function cuedStreets(text: string): Candidate[] {
  const out: Candidate[] = [];
  const read = (cue: RegExp, weak: boolean) => {
    for (const m of text.matchAll(cue)) {
      const from = m.index! + m[0].length;
      const line = text.slice(from, from + 120).split('\n')[0];
      const tokens = [...line.matchAll(/\S+/g)];
      let last = -1;
      let end = from;
      for (let i = 0; i < tokens.length && i < 8; i++) {
        const t = tokens[i][0];
        const word = t.replace(/[,.?!;]+$/, '');
        if (!STREET_TOKEN.test(t.replace(/[.?!;]+$/, '')) || PHRASE_WORD.test(word) || AFTER_STREET.test(word)) break;
        // A bracket right after the cue is a form label's note ("PATIENT'S ADDRESS (No., Street)"), not the street.
        if ((i < 2 && NOT_A_STREET.test(word)) || (i === 0 && t.startsWith('('))) {
          last = -2;
          break;
        }
        // A unit and its number end the street: a town after them on the line is left readable, as after any street.
        if (UNIT_WORD_TOKEN.test(t) && /^#?\d{1,5}[A-Za-z]?,?$/u.test(tokens[i + 1]?.[0] ?? '')) {
          last = i + 1;
          end = from + tokens[i + 1].index! + tokens[i + 1][0].replace(/,$/, '').length;
          break;
        }
        last = i;
        end = from + tokens[i].index! + (ABBREVIATION_END.test(t) ? t.length : word.length);
        // A comma or a sentence's end after the house number closes the street ("… Adela, 98" keeps its number when it comes first).
        const numberSeen = tokens.slice(0, i + 1).some((x) => /\d/.test(x[0]));
        // A house number or building written after a comma belongs to the street ("Jardines Adela, 98", "Intrarea Lupului, Bloc 95").
        const numberNext = /^(?:(?:Bloc|Bl\.|Blok|Block|Building|Bldg|No\.?|Nr\.?|n[º°o]\.?)[ \t]*)?\d{1,5}[a-z]?(?:[,.?!;]|$)/iu.test(line.slice(tokens[i].index! + t.length).trimStart());
        if ((/,$/.test(t) && numberSeen && !numberNext) || (/[.?!;]$/.test(t) && !ABBREVIATION_END.test(t))) break;
      }
      if (last < 0) continue;
      const words = tokens.slice(0, last + 1).map((t) => t[0]);
      if (!holdsNumberAndWord(words)) continue;
      if (weak && !words.some((w) => /^\p{Lu}\p{Ll}/u.test(w))) continue;
      out.push({ type: 'STREET_ADDRESS', start: from, end, score: 0.55, rule: 'cued-street' });
    }
  };
  read(STRONG_STREET_CUE, false);
  read(WEAK_STREET_CUE, true);
  return out;
}
