/**
 * Cues that tell a news story from a report when both are long prose on the
 * same subjects (schools, budgets, research), read from a document's lines
 * and added by features.ts as tokens the learned model weighs (none decides
 * a class; the press and report cues are also present as "none", so the model
 * can learn what a report without report parts looks like; reporting is not,
 * see `reportingTokens`):
 *
 * - a newspaper's furniture: jump lines ("Continued on page 6", "See BUDGET,
 *   Page A4"), photo credits, issue and edition lines, a page named by a word
 *   or a section letter ("Page Four", "Page B2"), a web article's timestamp,
 *   navigation crumbs, share and related-story lines, advertisement breaks;
 * - reporting: attributions ("… said", "according to", "sagte", "selon")
 *   and quoted speech;
 * - a report's parts: headings such as executive summary, table of contents,
 *   methodology, findings, recommendations, appendix (in the languages we
 *   read), numbered section headings ("2.1 Scope", "Section 4"), figure and
 *   table captions, contents lines with dot leaders.
 *
 * @module
 */

const bucket = (n: number, edges: readonly number[]) => edges.findIndex((e) => n < e) + 1 || edges.length + 1;

/** One case-insensitive pattern written in pieces (joined as they stand: a piece may open a group the next closes). */
const anyOf = (...pieces: string[]) => new RegExp(pieces.join(''), 'iu');

/** One pattern per kind of newspaper or news-site furniture: the cue counts the kinds present, not their lines. */
const PRESS_FURNITURE: readonly RegExp[] = [
  // A story that jumps to or from another page.
  anyOf(
    String.raw`\b(?:continued\s+(?:on|from)\s+(?:page|p\.)|see\s+\p{Lu}{3,}(?:\s+\p{Lu}{2,})?,\s+(?:page|p\.)`,
    String.raw`|fortsetzung\s+(?:auf|von)\s+seite|suite\s+(?:en\s+)?page|sigue\s+en\s+(?:la\s+)?página|continua\s+a\s+pagina)`,
  ),
  // A photo's credit line.
  /^\(?(?:photo(?:graph)?|foto|bild|picture)\s*(?::|by\b|courtesy\b)|\/\s*(?:AFP|AP|Reuters|dpa|EFE|ANP|Getty\s+Images)\s*\)?$/iu,
  // An issue or edition line, or a page named by a word or a section letter.
  anyOf(
    String.raw`\bvol\.?\s*[\dIVXLC]+,?\s*(?:no\.?|nr\.?|n°|number)\s*\d+|\b(?:late|final|home|morning|evening|city)\s+edition\b`,
    String.raw`|\bpage\s+(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|[A-H]\d{1,2})\b|\b\d{1,3}\.\s+jahrgang\b`,
  ),
  // A web article's time stamp.
  /^(?:published|updated|posted|last\s+modified|veröffentlicht|aktualisiert|publié\s+le|mis\s+à\s+jour|publicado|actualizado)\b.{0,40}\d/iu,
  // Navigation crumbs and the links around a web article.
  anyOf(
    String.raw`^(?:home|start|startseite|accueil|inicio|news|nachrichten)\s*[>›»/|]\s*\p{L}`,
    String.raw`|\b(?:share\s+(?:this|on)|related\s+(?:stories|articles|coverage)|most\s+(?:read|popular)|sign\s+up\s+for\s+our|\d+\s+min(?:ute)?s?\s+read`,
    String.raw`|listen\s+to\s+this\s+article|artikel\s+teilen|partager\s+(?:cet|sur)|compartir\s+en)\b`,
  ),
  // An advertisement break in the text.
  /^(?:advertisement|anzeige|publicité|publicidad|sponsored)$/iu,
];

/** How many kinds of press furniture a text holds, bucketed: `#press:0` … `#press:3`. */
export function pressToken(lines: readonly string[]): string {
  const n = PRESS_FURNITURE.filter((re) => lines.some((l) => re.test(l.trim()))).length;
  return `#press:${n <= 2 ? n : 3}`;
}

/** An attribution: a reporting verb after a quote or a name, or "according to" and its kin. */
const ATTRIBUTION = new RegExp(
  String.raw`(?<!\p{L})(?:said|says|told\s+(?:reporters|the)|added|according\s+to|sagte|sagt|erklärte|betonte|laut|a\s+déclaré|a\s+expliqué|a\s+indiqué` +
    String.raw`|selon|dijo|explicó|afirmó|según|ha\s+detto|secondo)(?!\p{L})`,
  'giu',
);
/** Quoted speech of three words or more, in the quotation marks of the languages we read. */
const QUOTED = /["“„«]\s?[\p{L}'’]+(?:[\s,]+[\p{L}'’]+){2,}[^"”“«»]{0,200}["”“»]/gu;

/**
 * Attributions and quoted speech, each counted and bucketed (`#said:2:1`), or nothing when the text has neither:
 * many news pages tell their news without a quote (announcements, results), so their absence is no evidence of
 * a report, and a "none" token would teach the model that it is.
 */
export function reportingTokens(text: string): string[] {
  const said = (text.match(ATTRIBUTION) ?? []).length;
  const quoted = (text.match(QUOTED) ?? []).length;
  return said || quoted ? [`#said:${bucket(said, [1, 3, 6])}:${bucket(quoted, [1, 3])}`] : [];
}

/** The headings of a report's parts, each to one name, in English, German, French, Spanish and Italian. */
const REPORT_PARTS: readonly (readonly [string, RegExp])[] = [
  [
    'summary',
    anyOf(
      String.raw`^(?:executive\s+summary|management\s+summary|summary\s+of\s+findings|key\s+(?:findings|highlights|messages)`,
      String.raw`|zusammenfassung|résumé\s+analytique|synthèse|resumen\s+ejecutivo|sintesi)$`,
    ),
  ],
  ['contents', /^(?:(?:table\s+of\s+)?contents|inhalt(?:sverzeichnis)?|table\s+des\s+matières|sommaire|índice|indice)$/iu],
  [
    'method',
    anyOf(
      String.raw`^(?:methodology|methods|approach|scope(?:\s+and\s+methodology)?|data\s+(?:and\s+methods|sources)`,
      String.raw`|methodik|vorgehen|méthodologie|metodología|metodologia)$`,
    ),
  ],
  ['findings', /^(?:(?:detailed\s+)?findings|results|observations|analysis|ergebnisse|befunde|résultats|constats|resultados|hallazgos|risultati)$/iu],
  [
    'recommend',
    /^(?:recommendations?|next\s+steps|corrective\s+actions?|action\s+plan|empfehlungen|maßnahmen|recommandations|recomendaciones|raccomandazioni)$/iu,
  ],
  ['conclusion', /^(?:conclusions?|outlook|fazit|ausblick|perspectives|conclusiones|conclusioni)$/iu],
  ['appendix', /^(?:appendix|appendices|annex|anhang|annexe|anexo|allegato)(?:\s+[A-Z\d]+)?$/iu],
  ['background', /^(?:background|introduction|purpose|objectives?|einleitung|hintergrund|contexte|introducción|antecedentes|introduzione)$/iu],
];
/** A section number before a heading: "3.", "2.1", "IV.", "A.". */
const SECTION_NUMBER = /^(?:\d{1,2}(?:\.\d{1,2}){0,2}\.?|[IVX]{1,4}\.|[A-H]\.)\s+/u;

/** The name of the report part a line is the heading of, if it is one. */
function reportPartOf(line: string): string | undefined {
  const heading = line.trim().replace(SECTION_NUMBER, '').replace(/[:.]$/u, '').trim();
  if (!heading || heading.length > 40) return undefined;
  return REPORT_PARTS.find(([, re]) => re.test(heading))?.[0];
}

/** A numbered section heading: "2.1 Scope of the review", "Section 4: Results", "Kapitel 3 Ergebnisse" (no figures after). */
const NUMBERED_HEADING = new RegExp(
  String.raw`^(?:\d{1,2}(?:\.\d{1,2}){0,2}\.?|[IVX]{1,4}\.|(?:section|chapter|part|kapitel|abschnitt|chapitre|capítulo|sezione)\s+[\dIVX]+[.:]?)` +
    String.raw`\s+\p{Lu}\p{Ll}[\p{L}\s,&'’()/-]{1,60}$`,
  'u',
);
/** A figure's or table's caption. */
const CAPTION = anyOf(
  String.raw`^(?:figure|fig\.|table|chart|exhibit|graph|abbildung|abb\.|tabelle|tableau|graphique|gráfico|tabla|figura|grafico)`,
  String.raw`\s*\d{1,2}(?:\.\d{1,2})?\s*[.:—–-]?\s+\p{L}`,
);
/**
 * A contents line: a heading, then dot leaders and a page number at the end. The leaders are found from the end
 * and the heading's letter looked for before them: one pattern of both ("a letter, anything, leaders") tried
 * every start on a long line without leaders and took seconds on a 16,000-character line.
 */
const LEADERS = /(?:\.\s?){4,}\s*[\divx]{1,4}\s*$|…{2,}\s*\d{1,4}\s*$/u;
function isContentsLine(line: string): boolean {
  const leaders = LEADERS.exec(line);
  return leaders !== null && /\p{L}/u.test(line.slice(0, leaders.index));
}

/**
 * A report's parts, bucketed: `#report-parts:K`, kinds of part headings (0, 1, 2–3, 4+); `#numbered:N`, numbered
 * section headings; `#captions:N`, figure and table captions; `#toc:1` when three or more contents lines have leaders.
 */
export function reportTokens(lines: readonly string[]): string[] {
  const parts = new Set<string>();
  let numbered = 0;
  let captions = 0;
  let leaders = 0;
  for (const line of lines) {
    const t = line.trim();
    const part = reportPartOf(t);
    if (part) parts.add(part);
    if (t.length <= 70 && NUMBERED_HEADING.test(t)) numbered++;
    if (CAPTION.test(t)) captions++;
    if (isContentsLine(t)) leaders++;
  }
  return [
    `#report-parts:${parts.size <= 1 ? parts.size : parts.size <= 3 ? 2 : 3}`,
    `#numbered:${bucket(numbered, [1, 3, 6])}`,
    `#captions:${bucket(captions, [1, 3])}`,
    `#toc:${leaders >= 3 ? 1 : 0}`,
  ];
}

/**
 * A heading: a short line without closing punctuation, commas or figures whose longer words are all capitalised
 * ("Results and Next Steps", "BACKGROUND"), or a numbered one. Prose set in columns breaks into short lines too,
 * and some hold only names, but with commas, lower-case words and line-end hyphens between them.
 */
export function isHeading(line: string): boolean {
  if (line.length > 70) return false;
  if (NUMBERED_HEADING.test(line)) return true;
  if (!/^\p{Lu}/u.test(line) || /[.,;:!?-]$|,|\d/u.test(line)) return false;
  const words = line.split(/\s+/);
  const long = words.filter((w) => /^\p{L}{4,}/u.test(w));
  if (!long.length || words.length > 8 || !long.every((w) => /^\p{Lu}/u.test(w))) return false;
  return long.length >= 2 || line === line.toUpperCase();
}

/** Expressions that place a story in time: weekdays, "last year", "yesterday", "ago", in the languages we read. */
const TIME_EXPRESSIONS = new RegExp(
  [
    String.raw`(?<!\p{L})(?:on\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|yesterday|last\s+(?:night|week|month|year|spring|summer|autumn|winter)`,
    String.raw`|earlier\s+this\s+(?:week|month|year)|\d+\s+(?:days|weeks|months|years)\s+ago|that\s+(?:evening|morning|afternoon|night)`,
    String.raw`|gestern|(?:vorige|letzte)[nr]?\s+(?:woche|monat|jahr)|am\s+(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)|vor\s+\d+\s+jahren`,
    String.raw`|hier\s+soir|la\s+semaine\s+dernière|l'an\s+dernier|l'année\s+dernière|il\s+y\s+a\s+\d+\s+ans`,
    String.raw`|(?:lundi|mardi|mercredi|jeudi|vendredi|samedi)\s+(?:dernier|soir|matin)`,
    String.raw`|ayer|la\s+semana\s+pasada|el\s+año\s+pasado|hace\s+\d+\s+años|el\s+(?:lunes|martes|miércoles|jueves|viernes|sábado|domingo))(?!\p{L})`,
  ].join(''),
  'giu',
);
/**
 * People named by a title or an office: "Mr. Hale", "Dr Ruiz", "the mayor", "Frau Lenz", "Mme Caron", "la alcaldesa".
 * Case-sensitive: under the i flag \p{Lu} matches any letter, and a title is what it is by its capital.
 */
const TITLED = new RegExp(
  [
    String.raw`(?<!\p{L})(?:(?:Mr|Mrs|Ms|MR|MRS|Dr|Prof|Rev|Gov|Sen|Rep|Capt|Sgt|Col|Gen|Herr|Frau|Mme|Sr|Sra)\.?\s+\p{Lu}|Miss\s+\p{Lu}|M\.\s+\p{Lu}\p{Ll}`,
    String.raw`|[Tt]he\s+(?:mayor|minister|governor|president|senator|superintendent|chief|sheriff|bishop|principal|chairman|chairwoman)(?!\p{L})`,
    String.raw`|(?:der|die)\s+(?:Bürgermeister(?:in)?|Minister(?:in)?|Landrat|Landrätin)|(?:le|la)\s+(?:maire|ministre|préfète?|présidente?)(?!\p{L})`,
    String.raw`|(?:el|la)\s+(?:alcalde(?:sa)?|ministr[oa]|president[ae]|concejala?)(?!\p{L}))`,
  ].join(''),
  'gu',
);
/** Verbs that tell a story in the past, and those that state, prescribe or plan (a report's present and future). */
const PAST = /(?<!\p{L})(?:was|were|had|did|war|waren|wurde|wurden|hatte|hatten|était|étaient|avait|fut|fue|fueron|era|eran|había)(?!\p{L})/giu;
const PRESENT =
  /(?<!\p{L})(?:is|are|will|should|must|shall|ist|sind|wird|werden|sollte|muss|est|sont|sera|doit|doivent|es|son|será|debe|deben)(?!\p{L})/giu;

/**
 * A document's shape as prose (issue 41: a long news feature without byline, dateline or quotes read as a report):
 * `#heads-k:N`, headings per 1,000 words (a report has many titled or numbered sections, a story a headline and
 * perhaps a cross-head); `#tense:N`, the share of past-tense markers among tense markers (a story narrates, a
 * report states and recommends); `#time-k:N`, time expressions per 1,000 words; `#titled-k:N`, people named by a
 * title or office per 1,000 words; and `#prose-shape:W:H:T`, length, headings and tense together, so a linear
 * model can weigh "long, few headings, narrated" apart from each part. Texts under 150 words give none.
 */
export function proseShapeTokens(lines: readonly string[], text: string): string[] {
  const words = text.match(/\p{L}+/gu)?.length ?? 0;
  if (words < 150) return [];
  const perK = (n: number) => (n * 1000) / words;
  const heads = bucket(perK(lines.filter((l) => isHeading(l.trim())).length), [2, 5, 10, 20]);
  const past = (text.match(PAST) ?? []).length;
  const present = (text.match(PRESENT) ?? []).length;
  const tense = past + present < 15 ? 0 : bucket(past / (past + present), [0.3, 0.45, 0.6]);
  const time = bucket(perK((text.match(TIME_EXPRESSIONS) ?? []).length), [1, 3, 6]);
  const titled = bucket(perK((text.match(TITLED) ?? []).length), [1, 3, 8]);
  const length = bucket(words, [400, 900]);
  return [`#heads-k:${heads}`, `#tense:${tense}`, `#time-k:${time}`, `#titled-k:${titled}`, `#prose-shape:${length}:${heads}:${tense}`];
}

/** Every cue of this module for a document's non-empty lines and text. */
export function genreCueTokens(lines: readonly string[], text: string): string[] {
  return [pressToken(lines), ...reportingTokens(text), ...reportTokens(lines), ...proseShapeTokens(lines, text)];
}
