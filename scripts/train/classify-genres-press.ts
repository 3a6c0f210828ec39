/**
 * Generated news pages and utility bills laid out the way the printed ones are (issue 41, round four):
 *
 * - a newspaper page as OCR reads it: a running head with the paper's name, date, issue number and page, a
 *   section name, headline and deck, byline and dateline, the story in narrow columns with words broken at line
 *   ends, a pull quote, a photo caption with its credit, a jump line, advertisements read as scattered short
 *   lines; in English, German, French and Spanish. Stories include profiles and institutional news, whose words
 *   (careers, departments, programs, budgets) are also a résumé's or a report's: the layout tells them apart;
 * - an online article: site navigation, headline, byline with a timestamp, "Advertisement" breaks, share and
 *   related-story lines;
 * - a utility bill built around its meter table (meter, read dates, previous and current reading, multiplier,
 *   usage with its unit), tariff lines, the billing period, supply address and a remittance stub; or a phone
 *   and internet bill of plan charges and usage; in English, Spanish, Dutch and Italian.
 *
 * Written from general knowledge of these genres with invented values. Training only.
 *
 * @module
 */
import { pick, type Random } from '../lib/random.ts';
import { CITY, cityLine, day, digits, FIRST, int, LAST, money, MONTH, ORG, person, short, some, street } from './classify-genre-words.ts';

/** Text set in narrow newspaper columns: lines of 22–40 characters, words broken with a hyphen at line ends. */
export function columns(text: string, r: Random): string[] {
  const width = int(r, 22, 40);
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if ((line + ' ' + word).trim().length <= width) line = (line + ' ' + word).trim();
    else if (word.length > 6 && r() < 0.6) {
      const cut = Math.max(2, width - line.length - 2);
      const head = word.slice(0, Math.min(cut, word.length - 3));
      if (head.length >= 2 && line.length + head.length + 2 <= width + 2) {
        out.push(`${line} ${head}-`.trim());
        line = word.slice(head.length);
      } else {
        out.push(line);
        line = word;
      }
    } else {
      out.push(line);
      line = word;
    }
  }
  if (line) out.push(line);
  return out;
}

type Lang = 'en' | 'de' | 'fr' | 'es';

const PAPER: Record<Lang, readonly string[]> = {
  en: ['Daily News', 'Evening Post', 'Herald', 'Gazette', 'Courier', 'Campus Chronicle', 'Observer', 'Weekly Record'],
  de: ['Tageblatt', 'Allgemeine Zeitung', 'Rundschau', 'Kurier', 'Anzeiger', 'Abendpost'],
  fr: ['Le Courrier', 'La Dépêche', 'Le Républicain', "L'Écho", 'La Gazette', 'Le Journal du Soir'],
  es: ['El Diario', 'La Voz', 'El Correo', 'La Gaceta', 'El Heraldo', 'Noticias del Sur'],
};
const SECTION: Record<Lang, readonly string[]> = {
  en: ['LOCAL NEWS', 'CAMPUS', 'BUSINESS', 'SPORTS', 'OPINION', 'EDUCATION', 'COMMUNITY', 'ARTS & LEISURE', 'WORLD', 'METRO'],
  de: ['LOKALES', 'WIRTSCHAFT', 'SPORT', 'POLITIK', 'KULTUR', 'AUS DER REGION', 'MEINUNG'],
  fr: ['SOCIÉTÉ', 'ÉCONOMIE', 'SPORTS', 'RÉGION', 'CULTURE', 'POLITIQUE', 'FAITS DIVERS'],
  es: ['LOCAL', 'ECONOMÍA', 'DEPORTES', 'CULTURA', 'SOCIEDAD', 'OPINIÓN', 'REGIÓN'],
};
const WEEKDAY: Record<Lang, readonly string[]> = {
  en: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  de: ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'],
  fr: ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'],
  es: ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'],
};
const SAID: Record<Lang, readonly string[]> = {
  en: ['said', 'told reporters', 'added'],
  de: ['sagte', 'erklärte', 'betonte'],
  fr: ['a déclaré', 'a expliqué', 'a souligné'],
  es: ['dijo', 'explicó', 'señaló'],
};

/** A sentence of a story in a language: quotes with attribution, facts with figures, background, profiles. */
function storySentence(lang: Lang, r: Random): string {
  const who = person(r);
  const n = int(r, 2, 90);
  const place = pick(r, CITY);
  const said = pick(r, SAID[lang]);
  const en = [
    `"We did not expect so many people to come," ${who}, ` +
      `${pick(r, ['the organizer', 'a resident', 'the principal', 'a volunteer', 'the coach'])}, ${said}.`,
    `${who} joined the ${pick(r, ['paper', 'council', 'school', 'hospital', 'company'])} in ${int(r, 1950, 2022)} ` +
      `after ${int(r, 2, 30)} years as a ${pick(r, ['teacher', 'nurse', 'engineer', 'reporter', 'accountant'])}.`,
    `${pick(r, ['She', 'He'])} studied ${pick(r, ['history', 'chemistry', 'languages', 'economics', 'music'])} ` +
      `at ${pick(r, ORG)} College and speaks ${int(r, 2, 4)} languages.`,
    `The ${pick(r, ['city', 'county', 'district', 'university'])} budget for next year includes ` +
      `$${n} million for ${pick(r, ['roads', 'schools', 'parks', 'housing', 'research'])}.`,
    `An analysis by the ${pick(r, ['department', 'state auditor', 'chamber of commerce'])} found that ` +
      `${n} percent of ${pick(r, ['households', 'students', 'businesses'])} were affected.`,
    `The ${pick(r, ['game', 'match', 'race', 'final'])} ended ${int(r, 0, 9)}-${int(r, 0, 9)} ` +
      `in front of ${int(r, 200, 40000).toLocaleString('en-US')} spectators.`,
    `Police said the ${pick(r, ['accident', 'fire', 'break-in'])} happened shortly after ` +
      `${int(r, 1, 11)} ${pick(r, ['a.m.', 'p.m.'])} on ${pick(r, WEEKDAY.en)}.`,
    `Residents of ${place} will vote on the proposal in ${pick(r, MONTH)}.`,
    `Tickets are $${int(r, 2, 40)} and may be bought at the door.`,
    `${who} could not be reached for comment.`,
  ];
  const de = [
    `„Wir hatten nicht mit so vielen Besuchern gerechnet", ${said} ${who}.`,
    `Der Gemeinderat in ${place} hat am ${pick(r, WEEKDAY.de)} einen Haushalt von ${n} Millionen Euro beschlossen.`,
    `Nach Angaben der Polizei wurde niemand verletzt.`,
    `${who} arbeitet seit ${int(r, 1980, 2022)} als ${pick(r, ['Lehrerin', 'Ingenieur', 'Ärztin', 'Trainer'])} ` +
      `und leitet den Verein seit ${int(r, 2, 20)} Jahren.`,
    `Die Bauarbeiten sollen im ${pick(r, MONTH)} beginnen und rund ${n} Wochen dauern.`,
    `Anwohner kritisierten, dass sie nicht rechtzeitig informiert worden seien.`,
  ];
  const fr = [
    `« Nous n'attendions pas autant de monde », ${said} ${who}.`,
    `Le conseil municipal de ${place} a voté ${pick(r, WEEKDAY.fr)} un budget de ${n} millions d'euros.`,
    `Selon les pompiers, l'incendie a été maîtrisé en fin de soirée.`,
    `${who}, professeur de ${pick(r, ['lettres', 'mathématiques', 'musique'])} depuis ${int(r, 2, 30)} ans, préside l'association.`,
    `Les travaux devraient durer ${n} semaines, selon la mairie.`,
    `Plusieurs habitants regrettent de ne pas avoir été consultés.`,
  ];
  const es = [
    `"No esperábamos tanta gente", ${said} ${who}.`,
    `El ayuntamiento de ${place} aprobó el ${pick(r, WEEKDAY.es)} un presupuesto de ${n} millones de euros.`,
    `Según la policía, no hubo heridos.`,
    `${who}, maestra desde hace ${int(r, 2, 30)} años, coordina el programa de la escuela.`,
    `Las obras durarán unas ${n} semanas, según fuentes municipales.`,
    `Varios vecinos se quejaron de la falta de información.`,
  ];
  return pick(r, { en, de, fr, es }[lang]);
}

const HEADLINE: Record<Lang, readonly ((r: Random) => string)[]> = {
  en: [
    (r) =>
      `${pick(r, CITY)} ${pick(r, ['Council', 'School Board', 'Voters'])} ${pick(r, ['Approve', 'Reject', 'Delay'])} ` +
      pick(r, ['New Budget', 'Bridge Plan', 'Tax Levy', 'Park Project']),
    (r) =>
      `${pick(r, ['Local Teacher', 'Former Mayor', 'Retired Nurse', 'Student'])} ${pick(r, ['Honored', 'Wins Award', 'Remembered', 'Named Director'])}`,
    (r) => `${pick(r, ORG)} ${pick(r, ['Plant to Close', 'Expands Hiring', 'Opens New Store'])}`,
    (r) =>
      `${pick(r, ['Tigers', 'Eagles', 'Rovers', 'Lions'])} ${pick(r, ['Win', 'Fall in'])} ${pick(r, ['Season Opener', 'Final', 'Overtime Thriller'])}`,
  ],
  de: [
    (r) => `${pick(r, CITY)}: ${pick(r, ['Neue Brücke kommt später', 'Rat beschließt Haushalt', 'Schule feiert Jubiläum', 'Verein sucht Helfer'])}`,
  ],
  fr: [
    (r) => `${pick(r, CITY)} : ${pick(r, ['le pont rouvrira au printemps', 'le budget voté', "l'école fête ses 50 ans", 'les habitants mobilisés'])}`,
  ],
  es: [
    (r) =>
      `${pick(r, CITY)}: ${pick(r, ['el puente abrirá en primavera', 'aprobado el presupuesto', 'la escuela cumple 50 años', 'vecinos en pie de guerra'])}`,
  ],
};

/** The running head printed above a page: paper, date, issue number, page. */
function runningHead(lang: Lang, r: Random): string {
  const paper = pick(r, PAPER[lang]);
  const date = `${pick(r, WEEKDAY[lang])}, ${day(r)}`;
  const issue = {
    en: `Vol. ${int(r, 1, 140)}, No. ${int(r, 1, 365)}`,
    de: `Nr. ${int(r, 1, 300)} · ${int(r, 20, 180)}. Jahrgang`,
    fr: `N° ${int(r, 1, 30000)}`,
    es: `Año ${int(r, 2, 120)} · Número ${int(r, 1, 30000)}`,
  }[lang];
  return pick(r, [
    `${paper.toUpperCase()}  ${date}  ${issue}`,
    `${pick(r, ['A', 'B', 'C', ''])}${int(r, 1, 24)}  ${paper}  ${date}`,
    `${date} | ${paper} | ${issue}`,
    `${paper.toUpperCase()}`,
  ]);
}

/** A printed newspaper page or clipping, read by OCR. */
export function pressPage(r: Random): string[] {
  const lang = pick(r, ['en', 'en', 'de', 'fr', 'es'] as const);
  const lines: string[] = [];
  if (r() < 0.7) lines.push(runningHead(lang, r));
  if (r() < 0.6) lines.push(pick(r, SECTION[lang]));
  for (let story = int(r, 1, 3); story > 0; story--) {
    const headline = pick(r, HEADLINE[lang])(r);
    lines.push(r() < 0.4 ? headline.toUpperCase() : headline);
    if (r() < 0.6)
      lines.push(
        { en: `By ${person(r)}`, de: `Von ${person(r)}`, fr: `Par ${person(r)}`, es: `Por ${person(r)}` }[lang] +
          pick(r, ['', '', ' | Staff Writer', ', Correspondent']),
      );
    const sentences = Array.from({ length: int(r, 4, 12) }, () => storySentence(lang, r));
    const dateline = r() < 0.5 ? `${pick(r, CITY).toUpperCase()} ${pick(r, ['—', '–', '-'])} ` : '';
    const body = columns(dateline + sentences.join(' '), r);
    // A pull quote or a photo caption interrupts the columns; OCR reads it where it sits.
    const at = int(r, 2, Math.max(2, body.length - 2));
    const inserts: string[] = [];
    if (r() < 0.5)
      inserts.push(
        `"${pick(r, ['It was the best day of my life', 'We are not giving up', 'This town deserves better', 'Nobody saw it coming'])}"`,
        `— ${person(r)}`,
      );
    if (r() < 0.6)
      inserts.push(
        pick(r, [
          `${person(r)} ${pick(r, ['speaks to students', 'at the opening', 'with the trophy', 'outside the town hall'])} on ${pick(r, WEEKDAY.en)}.`,
          `Photo: ${person(r)}`,
          `(Photo by ${person(r)})`,
          `Foto: ${person(r)}`,
          `Photo ${pick(r, LAST)} / ${pick(r, ['AFP', 'dpa', 'EFE', 'Staff'])}`,
        ]),
      );
    lines.push(...body.slice(0, at), ...inserts, ...body.slice(at));
    if (r() < 0.4)
      lines.push(
        {
          en: `See ${pick(r, ['BUDGET', 'SCHOOL', 'FIRE', 'TEAM'])}, Page ${pick(r, ['A', 'B', ''])}${int(r, 2, 14)}`,
          de: `Fortsetzung auf Seite ${int(r, 2, 30)}`,
          fr: `Suite page ${int(r, 2, 30)}`,
          es: `Sigue en la página ${int(r, 2, 30)}`,
        }[lang],
      );
  }
  // Advertisements and listings beside the stories, read as scattered short lines.
  if (r() < 0.6)
    lines.push(
      ...some(
        r,
        [
          `${pick(r, ORG).toUpperCase()} ${pick(r, ['MOTORS', 'BAKERY', 'CINEMA', 'FURNITURE'])}`,
          `Open ${int(r, 7, 10)} to ${int(r, 5, 9)}`,
          `Call ${digits(r, 3)}-${digits(r, 4)}`,
          pick(r, ['SALE', 'NOW SHOWING', 'GRAND OPENING']),
          `${street(r)}`,
          `${int(r, 10, 70)}% OFF`,
          `Nightly ${int(r, 6, 9)}:${pick(r, ['00', '30'])}`,
        ],
        3,
        7,
      ),
    );
  return lines;
}

/** An online news article as a browser prints it or a reader saves it. */
export function onlineArticle(r: Random): string[] {
  const lang = pick(r, ['en', 'en', 'de', 'fr', 'es'] as const);
  const lines = [
    pick(r, [`${pick(r, PAPER[lang])} | ${pick(r, SECTION[lang])}`, `Home > ${pick(r, SECTION[lang])}`, `${pick(r, PAPER[lang])}`]),
    pick(r, HEADLINE[lang])(r),
  ];
  if (r() < 0.6) lines.push(storySentence(lang, r));
  const [by, published] = {
    en: ['By', pick(r, ['Published', 'Updated'])],
    de: ['Von', 'Veröffentlicht'],
    fr: ['Par', 'Publié le'],
    es: ['Por', 'Publicado'],
  }[lang];
  lines.push(`${by} ${person(r)}`, `${published} ${day(r)} ${int(r, 1, 12)}:${int(r, 10, 59)}`);
  for (let p = int(r, 3, 8); p > 0; p--) {
    lines.push(Array.from({ length: int(r, 1, 3) }, () => storySentence(lang, r)).join(' '));
    if (r() < 0.2) lines.push(pick(r, ['Advertisement', 'ADVERTISEMENT', 'Anzeige', 'Publicité', 'Publicidad']));
  }
  if (r() < 0.6)
    lines.push(
      ...some(
        r,
        [
          'Share this article',
          'Related stories',
          'Most read',
          'Sign up for our newsletter',
          `© ${int(r, 2015, 2026)} ${pick(r, PAPER[lang])}`,
          'Comments',
        ],
        2,
        4,
      ),
    );
  return lines;
}

type BillLang = 'en' | 'es' | 'nl' | 'it';
const BILL: Record<BillLang, Record<string, string>> = {
  en: {
    title: 'Electricity bill|Your energy statement|Water and sewer bill|Gas bill',
    account: 'Account number',
    period: 'Billing period',
    supply: 'Service address',
    meter: 'Meter',
    prev: 'Previous reading',
    curr: 'Current reading',
    usage: 'Usage',
    tariff: 'Rate',
    standing: 'Daily standing charge',
    due: 'Amount due',
    dueDate: 'Due date',
    stub: 'Please return this slip with your payment',
    history: 'Your usage history',
  },
  es: {
    title: 'Factura de electricidad|Factura de gas|Factura de agua',
    account: 'Número de contrato',
    period: 'Periodo de facturación',
    supply: 'Dirección de suministro',
    meter: 'Contador',
    prev: 'Lectura anterior',
    curr: 'Lectura actual',
    usage: 'Consumo',
    tariff: 'Tarifa',
    standing: 'Término de potencia',
    due: 'Importe total',
    dueDate: 'Fecha de cargo',
    stub: 'Se cargará en su cuenta',
    history: 'Historial de consumo',
  },
  nl: {
    title: 'Jaarnota energie|Energierekening|Waterrekening',
    account: 'Klantnummer',
    period: 'Periode',
    supply: 'Leveringsadres',
    meter: 'Meternummer',
    prev: 'Beginstand',
    curr: 'Eindstand',
    usage: 'Verbruik',
    tariff: 'Leveringstarief',
    standing: 'Vastrecht',
    due: 'Te betalen',
    dueDate: 'Vervaldatum',
    stub: 'Het bedrag wordt automatisch afgeschreven',
    history: 'Uw verbruik per maand',
  },
  it: {
    title: 'Bolletta luce|Bolletta gas|Bolletta acqua',
    account: 'Codice cliente',
    period: 'Periodo di fatturazione',
    supply: 'Indirizzo di fornitura',
    meter: 'Matricola contatore',
    prev: 'Lettura precedente',
    curr: 'Lettura attuale',
    usage: 'Consumo',
    tariff: 'Prezzo energia',
    standing: 'Quota fissa',
    due: 'Totale da pagare',
    dueDate: 'Scadenza',
    stub: 'Bollettino di pagamento',
    history: 'Storico consumi',
  },
};

/** A utility bill built around its meter table, or a phone and internet bill of plan charges. */
export function meterTableBill(r: Random): string[] {
  const lang = pick(r, ['en', 'en', 'es', 'nl', 'it'] as const);
  const w = BILL[lang];
  const telecom = lang === 'en' && r() < 0.3;
  const provider = `${pick(r, ORG)} ${telecom ? pick(r, ['Mobile', 'Telecom', 'Broadband']) : pick(r, ['Energy', 'Power', 'Water', 'Gas', 'Utilities'])}`;
  const lines = [provider, telecom ? pick(r, ['Your monthly bill', 'Phone and internet bill', 'Wireless statement']) : pick(r, w.title.split('|'))];
  lines.push(`${w.account}: ${digits(r, 4)} ${digits(r, 4)} ${digits(r, 2)}`, `${w.period}: ${short(r)} - ${short(r)}`);
  if (r() < 0.7) lines.push(`${w.supply}: ${street(r)}, ${cityLine(r)}`);
  if (telecom) {
    lines.push(
      `Plan: ${pick(r, ['Unlimited Talk & Text', 'Fiber 300', 'Family Share 4 lines'])} $${money(r, 20, 120)}`,
      `Data used ${int(r, 1, 80)} GB of ${pick(r, ['50', 'Unlimited', '20'])}`,
      `Calls ${int(r, 20, 900)} min`,
      `Equipment rental $${money(r, 5, 15)}`,
      `Taxes, surcharges and fees $${money(r, 2, 25)}`,
    );
  } else {
    const unit = lines[1].match(/gas/i) ? pick(r, ['m³', 'therms', 'CCF']) : lines[1].match(/water|agua|acqua/i) ? pick(r, ['m³', 'gallons']) : 'kWh';
    lines.push(r() < 0.5 ? `${w.meter} | ${w.prev} | ${w.curr} | ${w.usage}` : `${w.meter} ${w.prev} ${w.curr} ${w.usage}`);
    for (let m = int(r, 1, 3); m > 0; m--) {
      const before = int(r, 1000, 90000);
      const used = int(r, 20, 3000);
      lines.push(`${digits(r, 8)} ${short(r)} ${before} ${short(r)} ${before + used} ${pick(r, ['A', 'E', 'Actual', 'Est.'])} ${used} ${unit}`);
    }
    lines.push(
      `${w.tariff} ${int(r, 0, 0)}.${digits(r, 4)} /${unit}`,
      `${w.standing} ${money(r, 0, 1)} x ${int(r, 28, 92)}`,
      `${pick(r, ['VAT', 'IVA', 'BTW', 'Tax'])} ${int(r, 5, 21)}% ${money(r, 2, 60)}`,
    );
  }
  lines.push(`${w.due} ${pick(r, ['$', '€', ''])}${money(r, 30, 700)}`, `${w.dueDate} ${short(r)}`);
  if (r() < 0.5)
    lines.push(
      w.history,
      MONTH.slice(0, int(r, 6, 12))
        .map((m) => m.slice(0, 3))
        .join(' '),
    );
  if (r() < 0.6) lines.push(w.stub, `${pick(r, FIRST)} ${pick(r, LAST)}`.toUpperCase(), `${digits(r, 4)} ${digits(r, 4)} ${digits(r, 4)}`);
  return lines;
}
