/**
 * Generated reports of several kinds and news stories of more layouts (issue 41, round five), so that `report`
 * is not the class of any long prose and a news page is told by its furniture and reporting, not its subject:
 *
 * - reports: annual, technical, audit, market, incident, project status and programme evaluation, in English,
 *   German, French and Spanish; an organisation as author, part headings (summary, contents with leaders,
 *   method, findings, recommendations, appendix) of which any may be missing, numbered sections, figure and
 *   table captions, long paragraphs; a few set in two columns, as annual reports often are;
 * - news: a wire story (dateline with an agency credit, byline, quotes, a closing credit line), a web article
 *   as a browser prints it (print header, crumbs, deck, reading time, share line, photo credit, tags, the
 *   address and page counter at the foot), and a newspaper page that OCR read across two columns.
 *
 * Press releases are not generated here: the class set has no label of their own (news_article's description
 * covers press items). Written from general knowledge of these genres with invented values. Training only.
 *
 * @module
 */
import { pick, type Random } from '../lib/random.ts';
import { columns } from './classify-genres-press.ts';
import { CITY, day, digits, int, LAST, MONTH, ORG, person, some, year } from './classify-genre-words.ts';

type Lang = 'en' | 'de' | 'fr' | 'es';
const LANGS: readonly Lang[] = ['en', 'en', 'en', 'de', 'fr', 'es'];

/** Prose wrapped to a page's line length (55–95 characters), as a PDF's text layer gives it. */
function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out;
}

/** Part headings of a report, by language. */
const PARTS: Record<Lang, Record<string, string>> = {
  en: {
    summary: 'Executive Summary',
    contents: 'Contents',
    intro: 'Introduction',
    method: 'Methodology',
    findings: 'Findings',
    recommend: 'Recommendations',
    conclusion: 'Conclusion',
    appendix: 'Appendix A',
  },
  de: {
    summary: 'Zusammenfassung',
    contents: 'Inhaltsverzeichnis',
    intro: 'Einleitung',
    method: 'Methodik',
    findings: 'Ergebnisse',
    recommend: 'Empfehlungen',
    conclusion: 'Fazit',
    appendix: 'Anhang',
  },
  fr: {
    summary: 'Synthèse',
    contents: 'Sommaire',
    intro: 'Introduction',
    method: 'Méthodologie',
    findings: 'Résultats',
    recommend: 'Recommandations',
    conclusion: 'Conclusion',
    appendix: 'Annexe',
  },
  es: {
    summary: 'Resumen ejecutivo',
    contents: 'Índice',
    intro: 'Introducción',
    method: 'Metodología',
    findings: 'Resultados',
    recommend: 'Recomendaciones',
    conclusion: 'Conclusiones',
    appendix: 'Anexo',
  },
};

/** A sentence of report prose: measured, impersonal, with figures and periods; no quotes, no attributions to people. */
function reportSentence(lang: Lang, r: Random): string {
  const n = int(r, 2, 60);
  const unit = pick(r, ['site', 'region', 'business unit', 'programme', 'system', 'plant']);
  const en = [
    `During the reporting period the ${unit} met ${int(r, 3, 12)} of its ` +
      `${int(r, 12, 15)} targets, and the remaining ones are expected to be met by the end of the next quarter.`,
    `Operating costs rose by ${n}% compared with the prior year, mainly because of higher energy prices and the expansion of the maintenance programme.`,
    `The assessment covered ${int(r, 20, 400)} transactions selected at random from the general ledger for the period under review.`,
    `Controls over the approval of supplier payments were found to be designed appropriately but were not operating effectively in ` +
      `${int(r, 2, 9)} of the cases tested.`,
    `Average response time under peak load was ${int(r, 40, 900)} ms, within the limit set in the requirements (see Table ${int(r, 1, 6)}).`,
    `The market is estimated at ${int(r, 2, 90)}.${int(r, 1, 9)} billion and is forecast to grow at a compound annual rate of ` +
      `${int(r, 2, 14)}% over the forecast period.`,
    `Demand in the ${pick(r, ['northern', 'southern', 'coastal', 'central'])} region remained weaker than expected, which offset part of the growth elsewhere.`,
    `The root cause was a configuration change that had not been tested in the staging environment before it was deployed.`,
    `It is recommended that the procedure be reviewed annually and that responsibilities for each step be documented.`,
    `Data were collected through ${int(r, 3, 40)} interviews, a survey of ${int(r, 100, 3000)} participants and a review of programme records.`,
    `Overall, the programme achieved most of its objectives, although progress on the second outcome was slower than planned.`,
    `Net cash from operating activities amounted to ${int(r, 2, 900)} million, an increase of ${n} million on the previous year.`,
    `According to the ${pick(r, ['annual survey', 'industry estimates', 'national statistics'])}, ${n}% of ` +
      `${pick(r, ['respondents', 'firms', 'households'])} ${pick(r, ['expect higher costs', 'plan to invest', 'reported delays'])}.`,
    `The risk is rated ${pick(r, ['high', 'medium', 'low'])} because the weakness could lead to undetected errors in the financial statements.`,
  ];
  const de = [
    `Im Berichtszeitraum hat die ${pick(r, ['Abteilung', 'Region', 'Anlage'])} ${int(r, 3, 12)} von ` +
      `${int(r, 12, 15)} Zielen erreicht; die übrigen sollen bis Ende des nächsten Quartals erreicht werden.`,
    `Die Betriebskosten stiegen gegenüber dem Vorjahr um ${n} %, vor allem wegen höherer Energiepreise.`,
    `Die Prüfung umfasste ${int(r, 20, 400)} zufällig ausgewählte Buchungen des Berichtszeitraums.`,
    `Es wird empfohlen, das Verfahren jährlich zu überprüfen und die Zuständigkeiten schriftlich festzulegen.`,
    `Der Markt wird auf ${int(r, 2, 90)} Milliarden Euro geschätzt und soll jährlich um ${int(r, 2, 14)} % wachsen.`,
    `Ursache des Ausfalls war eine Konfigurationsänderung, die vor der Einführung nicht getestet worden war.`,
  ];
  const fr = [
    `Au cours de la période, le ${pick(r, ['service', 'site', 'programme'])} a atteint ${int(r, 3, 12)} de ses ${int(r, 12, 15)} objectifs.`,
    `Les charges d'exploitation ont augmenté de ${n} % par rapport à l'exercice précédent, principalement en raison du coût de l'énergie.`,
    `L'audit a porté sur ${int(r, 20, 400)} opérations sélectionnées de manière aléatoire.`,
    `Il est recommandé de revoir la procédure chaque année et de documenter les responsabilités.`,
    `Le marché est estimé à ${int(r, 2, 90)} milliards d'euros, avec une croissance annuelle de ${int(r, 2, 14)} %.`,
    `La cause de l'incident est une modification de configuration qui n'avait pas été testée.`,
  ];
  const es = [
    `Durante el periodo, la ${pick(r, ['unidad', 'planta', 'región'])} cumplió ${int(r, 3, 12)} de sus ${int(r, 12, 15)} objetivos.`,
    `Los costes operativos aumentaron un ${n} % respecto al ejercicio anterior, sobre todo por el precio de la energía.`,
    `La revisión abarcó ${int(r, 20, 400)} operaciones seleccionadas al azar.`,
    `Se recomienda revisar el procedimiento cada año y documentar las responsabilidades.`,
    `El mercado se estima en ${int(r, 2, 90)} mil millones de euros, con un crecimiento anual del ${int(r, 2, 14)} %.`,
    `La causa del incidente fue un cambio de configuración que no se había probado.`,
  ];
  return pick(r, { en, de, fr, es }[lang]);
}

/** What the report is about, by kind: its title, its author line and the headings of its own sections. */
const KINDS: Record<string, (lang: Lang, r: Random) => { title: string[]; sections: string[] }> = {
  annual: (lang, r) => ({
    title: [
      `${pick(r, ORG)} ${pick(r, ['Group', 'plc', 'AG', 'S.A.', 'Foundation'])}`,
      { en: 'Annual Report', de: 'Geschäftsbericht', fr: 'Rapport annuel', es: 'Informe anual' }[lang] + ` ${year(r, 15, 25)}`,
    ],
    sections: pick(r, [
      [
        'Letter from the Chair',
        'Highlights of the year',
        'Financial review',
        'Notes to the financial statements',
        '3. Revenue',
        '4. Property, plant and equipment',
      ],
      ['Our year in review', 'Strategy', 'Risk management', 'Corporate governance', 'Consolidated balance sheet'],
    ]),
  }),
  technical: (lang, r) => ({
    title: [
      `${pick(r, ['Technical Report', 'Technischer Bericht', 'Rapport technique', 'Informe técnico'])} ${pick(r, ['TR', 'TN', 'RT'])}-` +
        `${year(r, 15, 25)}-${digits(r, 2)}`,
      `${pick(r, ['Performance evaluation of the', 'Design review of the', 'Load testing of the'])} ` +
        `${pick(r, ['billing platform', 'water treatment line', 'sensor network', 'storage cluster'])}`,
    ],
    sections: ['1 Introduction', '2 System overview', '2.1 Architecture', '3 Test setup', '4 Results', '5 Discussion', 'References'],
  }),
  audit: (lang, r) => ({
    title: [
      pick(r, ['Internal Audit Report', 'Audit Report', 'Prüfbericht', "Rapport d'audit", 'Informe de auditoría']),
      `${pick(r, ['Procurement', 'Payroll', 'IT access', 'Fleet', 'Grant'])} ${pick(r, ['controls', 'management', 'processes'])}`,
      `Audit period: ${pick(r, MONTH)} ${year(r, 15, 25)} – ${pick(r, MONTH)} ${year(r, 15, 25)}`,
    ],
    sections: [
      'Scope and objectives',
      `Finding 1: ${pick(r, ['Approvals not documented', 'Access not reviewed', 'Late reconciliations'])}`,
      'Risk rating: High',
      'Management response',
      'Audit opinion',
    ],
  }),
  market: (lang, r) => ({
    title: [
      `${pick(r, ['Market Report', 'Marktbericht', 'Étude de marché', 'Informe de mercado'])}: ` +
        `${pick(r, ['electric bicycles', 'office furniture', 'plant-based foods', 'cloud storage'])}`,
      `Q${int(r, 1, 4)} ${year(r, 15, 25)}`,
    ],
    sections: [
      'Market overview',
      'Market size and growth',
      'Segment analysis',
      'Regional outlook',
      'Competitive landscape',
      `Forecast ${year(r, 24, 26)}–${year(r, 28, 32)}`,
    ],
  }),
  incident: (lang, r) => ({
    title: [
      pick(r, ['Incident Report', 'Post-incident review', 'Störungsbericht', "Rapport d'incident", 'Informe de incidente']),
      `Incident ID: INC-${digits(r, 6)}`,
      `Date of incident: ${day(r)}`,
    ],
    sections: [
      'Summary',
      'Timeline',
      `${int(r, 0, 23)}:${int(r, 10, 59)} Alert raised by monitoring`,
      'Impact',
      'Root cause',
      'Corrective actions',
      'Lessons learned',
    ],
  }),
  status: (lang, r) => ({
    title: [
      pick(r, ['Monthly Status Report', 'Project Progress Report', 'Projektstatusbericht', "Rapport d'avancement", 'Informe de situación']),
      `Project: ${pick(r, ['Depot upgrade', 'New intake system', 'Bridge repair', 'Clinic extension'])}`,
      `Reporting period: ${pick(r, MONTH)} ${year(r, 15, 25)}`,
    ],
    sections: ['Overall status: Amber', 'Milestones', 'Budget', 'Risks and issues', 'Next steps'],
  }),
  evaluation: (lang, r) => ({
    title: [
      `${pick(r, ['Evaluation of the', 'Review of the', 'Impact assessment of the'])} ` +
        `${pick(r, ['Rural Broadband', 'Youth Employment', 'School Meals', 'Clean Rivers'])} ${pick(r, ['Programme', 'Initiative', 'Fund'])}`,
      `${pick(r, ['Final report', 'Interim report', 'Report'])} to the ${pick(r, ['Ministry of Education', 'Board of Trustees', 'Regional Council'])}`,
    ],
    sections: ['Purpose of the evaluation', 'Key findings', 'Relevance', 'Effectiveness', 'Efficiency', 'Lessons learned'],
  }),
};

/** A report of one of several kinds and languages (see the module header). */
export function generatedReport(r: Random): string[] {
  const lang = pick(r, LANGS);
  const kind = pick(r, Object.keys(KINDS));
  const made = KINDS[kind](lang, r);
  const title = made.title;
  // The kinds' own section names are English: a report in another language keeps to its language's part headings.
  const sections = lang === 'en' ? made.sections : [];
  const words = PARTS[lang];
  const lines = [...title];
  if (r() < 0.6)
    lines.push(
      `${pick(r, ['Prepared by', 'Erstellt von', 'Préparé par', 'Elaborado por'])} ` +
        `${pick(r, [person(r), `${pick(r, ORG)} ${pick(r, ['Consulting', 'Audit Services', 'Research'])}`])}`,
    );
  if (r() < 0.5) lines.push(`${pick(r, MONTH)} ${year(r, 15, 25)}`);
  if (r() < 0.35) {
    lines.push(words.contents);
    let page = int(r, 1, 4);
    for (const s of some(r, [words.summary, words.intro, ...sections, words.findings, words.recommend, words.appendix], 3, 7)) {
      page += int(r, 1, 9);
      lines.push(`${s} ${'.'.repeat(int(r, 8, 40))} ${page}`);
    }
  }
  const width = int(r, 60, 95);
  const paragraph = () => wrap(Array.from({ length: int(r, 2, 6) }, () => reportSentence(lang, r)).join(' '), width);
  // Which of the usual parts this report has: any of them may be missing.
  const parts = [
    ...(r() < 0.6 ? [words.summary] : []),
    ...(r() < 0.5 ? [words.intro] : []),
    ...(r() < 0.4 ? [words.method] : []),
    ...some(r, sections, Math.min(2, sections.length), sections.length),
    ...(r() < 0.5 ? [words.findings] : []),
    ...(r() < 0.6 ? [words.recommend] : []),
    ...(r() < 0.3 ? [words.conclusion] : []),
  ];
  const numbered = r() < 0.5;
  parts.forEach((heading, i) => {
    lines.push(numbered && !/^\d/.test(heading) ? `${i + 1}. ${heading}` : heading);
    lines.push(...paragraph());
    if (r() < 0.3)
      lines.push(
        `${pick(r, ['Figure', 'Table', 'Abbildung', 'Tableau', 'Tabla'])} ${int(r, 1, 12)}: ` +
          `${pick(r, ['Results by quarter', 'Cost breakdown', 'Incidents per month', 'Share by region', 'Sample by site'])}`,
      );
    if (r() < 0.2)
      for (let k = int(r, 2, 5); k > 0; k--)
        lines.push(`${pick(r, ['North', 'South', 'East', 'West', 'Central'])} ${int(r, 10, 999)} ${int(r, 10, 999)} ${int(r, -20, 40)}%`);
    if (heading === words.recommend) for (let k = int(r, 1, 4); k > 0; k--) lines.push(`${pick(r, ['•', '-', `R${k}.`])} ${reportSentence(lang, r)}`);
  });
  if (r() < 0.4)
    lines.push(`${pick(r, ORG)} ${pick(r, ['Group', 'Consulting', 'Institute'])} | ${pick(r, ['Page', 'Seite', 'Page', 'Página'])} ${int(r, 2, 40)}`);
  // Annual reports and brochures are often set in two columns: their prose then runs on in short lines too.
  return r() < 0.15 ? lines.flatMap((l) => (l.length > 60 ? columns(l, r) : [l])) : lines;
}

/** Plain community news in four languages: announcements, appointments, results and decisions, told without quotes. */
const PLAIN: Record<Lang, readonly ((r: Random) => string)[]> = {
  en: [
    (r) => `The ${pick(r, CITY)} public library will stay open until ${int(r, 7, 9)} p.m. on weekdays from the first of next month.`,
    (r) =>
      `${person(r)} has been appointed head of the ` +
      `${pick(r, ['fire brigade', 'harbour board', 'county museum', 'hospital trust'])} and takes up the post in ${pick(r, MONTH)}.`,
    (r) =>
      `The ${pick(r, ['Rovers', 'Falcons', 'Mariners', 'Wanderers'])} beat ${pick(r, CITY)} ${int(r, 2, 6)}-` +
      `${int(r, 0, 1)} on Saturday and lead the league by ${int(r, 2, 9)} points.`,
    (r) =>
      `Road works on ${pick(r, ['Bridge Street', 'the ring road', 'Station Hill', 'the coast road'])} will close one lane for ${int(r, 2, 8)} weeks.`,
    (r) =>
      `The ${pick(r, ['garden club', 'rowing club', 'chess society', 'brass band'])} meets every ${pick(r, ['Tuesday', 'Thursday'])} at the ` +
      `${pick(r, ['parish hall', 'community centre', 'old fire station'])}.`,
    (r) =>
      `Members of the council voted ${int(r, 5, 12)} to ${int(r, 0, 4)} to ` +
      `${pick(r, ['raise parking fees', 'rebuild the pier', 'buy two new buses', 'close the landfill'])}.`,
    (r) =>
      `The ${pick(r, ['harvest fair', 'kite festival', 'winter market', 'regatta'])} returns on the ` +
      `${int(r, 2, 28)}th, with stalls, music and a raffle for the lifeboat fund.`,
    (r) => `Applications for the ${pick(r, ['apprenticeship scheme', 'youth grants', 'allotment plots'])} close at the end of ${pick(r, MONTH)}.`,
    (r) =>
      `Heavy rain flooded ${int(r, 3, 40)} cellars in the lower town overnight, and the river reached its highest level in ${int(r, 5, 30)} years.`,
    (r) =>
      `A new ${pick(r, ['pharmacy', 'bakery', 'bicycle shop', 'dental practice'])} opened on ` +
      `${pick(r, ['Market Square', 'Mill Lane', 'High Street'])} this week.`,
  ],
  de: [
    (r) => `Die Stadtbücherei ${pick(r, CITY)} hat ab nächstem Monat werktags bis ${int(r, 19, 21)} Uhr geöffnet.`,
    (r) => `${person(r)} ist neuer Leiter der ${pick(r, ['Feuerwehr', 'Musikschule', 'Volkshochschule'])} und tritt das Amt im ${pick(r, MONTH)} an.`,
    (r) => `Die Bauarbeiten an der ${pick(r, ['Brückenstraße', 'Ortsumgehung', 'Bahnhofstraße'])} dauern noch etwa ${int(r, 2, 8)} Wochen.`,
    (r) =>
      `Der Gemeinderat stimmte mit ${int(r, 5, 20)} zu ${int(r, 0, 4)} Stimmen für ` +
      `${pick(r, ['den neuen Kindergarten', 'höhere Parkgebühren', 'die Sanierung des Freibads'])}.`,
    (r) => `Das ${pick(r, ['Weinfest', 'Drachenfest', 'Stadtfest'])} findet am ${int(r, 2, 28)}. ${pick(r, MONTH)} statt.`,
  ],
  fr: [
    (r) => `La médiathèque de ${pick(r, CITY)} sera ouverte jusqu'à ${int(r, 19, 21)} heures en semaine à partir du mois prochain.`,
    (r) =>
      `${person(r)} a été nommé directeur du ${pick(r, ['musée', 'centre hospitalier', 'conservatoire'])} et prendra ses fonctions en ${pick(r, MONTH)}.`,
    (r) => `Les travaux de la ${pick(r, ['rue du Pont', 'route départementale', 'place de la Gare'])} dureront encore ${int(r, 2, 8)} semaines.`,
    (r) => `Le conseil municipal a voté par ${int(r, 5, 20)} voix contre ${int(r, 0, 4)} la rénovation de la piscine.`,
    (r) => `La fête des vendanges aura lieu le ${int(r, 2, 28)} ${pick(r, MONTH)} sur la place du marché.`,
  ],
  es: [
    (r) => `La biblioteca municipal de ${pick(r, CITY)} abrirá hasta las ${int(r, 19, 21)} horas a partir del próximo mes.`,
    (r) =>
      `${person(r)} ha sido nombrado director del ${pick(r, ['museo', 'hospital comarcal', 'conservatorio'])} y asumirá el cargo en ${pick(r, MONTH)}.`,
    (r) => `Las obras de la ${pick(r, ['calle Mayor', 'carretera de la costa', 'plaza de la Estación'])} durarán unas ${int(r, 2, 8)} semanas más.`,
    (r) => `El pleno aprobó por ${int(r, 5, 20)} votos a ${int(r, 0, 4)} la reforma del polideportivo.`,
    (r) => `La feria de otoño se celebrará el ${int(r, 2, 28)} de ${pick(r, MONTH)} en la plaza.`,
  ],
};

const PAPER_TITLES: Record<Lang, readonly string[]> = {
  en: ['Beacon', 'Clarion', 'Advertiser', 'Chronicle', 'Lantern'],
  de: ['Bote', 'Anzeiger', 'Kurier'],
  fr: ['Écho', 'Courrier', 'Progrès'],
  es: ['Heraldo', 'Eco', 'Correo'],
};
const PLAIN_HEADLINES: Record<Lang, readonly string[]> = {
  en: ['Library Hours Extended', 'New Harbour Master Named', 'Rovers Stay Top', 'Lane Closures Ahead', 'Council Backs Pier Plan', 'Around the Town'],
  de: ['Neue Öffnungszeiten', 'Wechsel an der Spitze', 'Rat stimmt zu', 'Aus dem Ortsgeschehen'],
  fr: ['Nouveaux horaires', 'Un nouveau directeur', 'Le conseil a voté', 'Vie locale'],
  es: ['Nuevo horario', 'Nuevo director', 'Aprobada la reforma', 'Vida local'],
};

/**
 * A page of community news told plainly, without quotes or attributions (many real pages are so: announcements,
 * appointments, results, decisions), under a running head or over a folio line, in columns or long lines.
 */
export function plainNewsPage(r: Random): string[] {
  const lang = pick(r, ['en', 'en', 'de', 'fr', 'es'] as const);
  const article = pick(r, { en: ['The', ''], de: [''], fr: ['Le', 'La'], es: ['El', 'La'] }[lang]);
  const title = pick(r, PAPER_TITLES[lang]);
  const paper = `${article} ${pick(r, CITY)} ${title}`.trim();
  const folio = `${pick(r, { en: ['Page', 'Page'], de: ['Seite'], fr: ['Page'], es: ['Página'] }[lang])} ${int(r, 2, 24)}`;
  const lines: string[] = [];
  if (r() < 0.5) lines.push(r() < 0.5 ? `${folio}  ${paper}` : `${paper.toUpperCase()}  ${day(r)}`);
  const narrow = r() < 0.7;
  for (let story = int(r, 1, 4); story > 0; story--) {
    const text = some(r, PLAIN[lang], 2, 6)
      .map((sentence) => sentence(r))
      .join(' ');
    const headline = pick(r, PLAIN_HEADLINES[lang]);
    lines.push(r() < 0.4 ? headline.toUpperCase() : headline);
    lines.push(...(narrow ? columns(text, r) : wrap(text, int(r, 70, 95))));
  }
  if (r() < 0.5)
    lines.push(
      `${pick(r, ORG).toUpperCase()} ${pick(r, ['GARAGE', 'FLORIST', 'DRAPERS', 'TAILORS'])}`,
      `Open ${int(r, 7, 9)} to ${int(r, 5, 7)}`,
      `Phone ${digits(r, 4)}`,
    );
  if (r() < 0.5) lines.push(`${folio} ${paper}`);
  return lines;
}

/** A news agency's credit, invented: the shapes of the big wires (an acronym or a short name in parentheses). */
const AGENCY = ['NWS', 'Global Wire', 'EPN', 'Continental Press', 'APX', 'Metro Wire'];

/** A wire story: dateline with the agency's credit, byline, quotes with attribution, a closing credit. */
export function wireStory(r: Random): string[] {
  const agency = pick(r, AGENCY);
  const city = pick(r, CITY).toUpperCase();
  const lines = [
    pick(r, [
      `${pick(r, ['Officials', 'Regulators', 'Workers', 'Farmers'])} ${pick(r, ['brace for', 'push back on', 'welcome'])} ` +
        `${pick(r, ['new rules', 'price cap', 'drought plan', 'rail deal'])}`,
      `${pick(r, ORG)} shares ${pick(r, ['jump', 'slide'])} after ${pick(r, ['results', 'merger talk', 'recall'])}`,
    ]),
  ];
  if (r() < 0.7) lines.push(`By ${person(r)}${r() < 0.5 ? ` and ${person(r)}` : ''}`);
  const quoted = pick(r, ['We will not accept this', 'The numbers speak for themselves', 'It is too early to say', 'This is a turning point for us']);
  const quote =
    `"${quoted}," ${person(r)}, ${pick(r, ['a union spokesperson', 'the chief executive', 'a ministry official', 'an analyst at a local bank'])}, ` +
    `${pick(r, ['said', 'told reporters', 'said in a statement'])}.`;
  const first =
    `${city}, ${pick(r, MONTH).slice(0, 3)} ${int(r, 1, 28)} (${agency}) ${pick(r, ['—', '-', '–'])} ` +
    `${pick(r, ['Talks between', 'Lawmakers in', 'Residents of', 'Shareholders of'])} ${pick(r, [pick(r, ORG), pick(r, CITY)])} ` +
    `${pick(r, ['stalled on Tuesday', 'voted late on Monday', 'were told on Friday'])} that ` +
    `${pick(r, ['the plan would go ahead', 'no agreement had been reached', 'prices would rise again'])}.`;
  const body = [
    first,
    quote,
    ...Array.from({ length: int(r, 2, 6) }, () =>
      pick(r, [
        quote.replace(/^"[^"]+"/, `"${pick(r, ['We are ready', 'Nothing has changed', 'We expected more'])}"`),
        `The ${pick(r, ['ministry', 'company', 'council'])} did not respond to a request for comment.`,
        `Figures published on ${pick(r, ['Monday', 'Wednesday'])} showed ${pick(r, ['output', 'sales', 'prices'])} ${pick(r, ['fell', 'rose'])} ` +
          `${int(r, 1, 9)}.${int(r, 0, 9)} percent, according to the ${pick(r, ['statistics office', 'trade body', 'central bank'])}.`,
      ]),
    ),
  ];
  // Printed wire copy runs in columns; online, in paragraphs.
  lines.push(...(r() < 0.4 ? columns(body.join(' '), r) : body));
  if (r() < 0.6) lines.push(`(Reporting by ${person(r)}; Editing by ${person(r)})`);
  return lines;
}

/** A web article as a browser prints it: print header, crumbs, headline, deck, byline and reading time, short paragraphs. */
export function webPrintout(r: Random): string[] {
  const site = `${pick(r, ['The', ''])} ${pick(r, CITY)} ${pick(r, ['Ledger', 'Dispatch', 'Sentinel', 'Tribune', 'Star'])}`.trim();
  const headline =
    `${pick(r, CITY)} ${pick(r, ['schools', 'hospital', 'council', 'library', 'bus service'])} ` +
    `${pick(r, ['to get new funding', 'faces staff shortage', 'opens after renovation', 'cuts opening hours'])}`;
  const stamp = `${int(r, 1, 12)}/${int(r, 1, 28)}/${int(r, 18, 26)}, ${int(r, 1, 12)}:${int(r, 10, 59)} ${pick(r, ['AM', 'PM'])}`;
  const lines = [`${stamp}  ${headline} | ${site}`];
  lines.push(
    `${pick(r, ['News', 'Home'])} ${pick(r, ['›', '>', '/'])} ${pick(r, ['Local', 'Education', 'Health', 'Business'])}` +
      `${r() < 0.5 ? ` ${pick(r, ['›', '>'])} ${pick(r, ['County', 'Schools', 'Transport'])}` : ''}`,
  );
  lines.push(headline.replace(/^\p{Ll}/u, (c) => c.toUpperCase()));
  if (r() < 0.7)
    lines.push(
      `${pick(r, ['Parents', 'Staff', 'Residents', 'Patients'])} ` +
        `${pick(r, ['say the change came too late', 'were told last week', 'hope the plan will last'])}`,
    );
  lines.push(
    `${pick(r, ['By', 'Story by', 'Written by'])} ${person(r)}${pick(r, ['', ', Education Reporter', ' | Staff Writer', ', Health Correspondent'])}`,
  );
  lines.push(`${pick(r, ['Published', 'Updated'])} ${day(r)}${r() < 0.5 ? ` · ${int(r, 2, 12)} min read` : ''}`);
  if (r() < 0.6) lines.push(pick(r, ['Share on Facebook  Share on X  Email', 'Share this article', 'Listen to this article']));
  for (let p = int(r, 4, 10); p > 0; p--) {
    lines.push(
      pick(r, [
        `The ${pick(r, ['district', 'board', 'trust'])} said the ${pick(r, ['money', 'decision', 'change'])} would take effect in ${pick(r, MONTH)}.`,
        `"${pick(r, ['We have waited years for this', 'Nobody asked us', 'It makes a real difference'])}," said ${person(r)}, ` +
          `${pick(r, ['a parent of two', 'a nurse at the ward', 'who runs a shop nearby'])}.`,
        `${pick(r, ['About', 'Nearly', 'More than'])} ${int(r, 20, 900)} ` +
          `${pick(r, ['pupils', 'patients', 'households', 'passengers'])} are affected, according to figures from the ` +
          `${pick(r, ['county', 'city', 'operator'])}.`,
        `${pick(r, LAST)} said ${pick(r, ['talks would continue', 'the budget was tight', 'more details would follow'])}.`,
        `RELATED: ${pick(r, CITY)} ${pick(r, ['approves budget', 'names new head', 'delays vote'])}`,
        `(Photo: ${person(r)}/${pick(r, ['Staff', pick(r, AGENCY)])})`,
      ]),
    );
  }
  if (r() < 0.5)
    lines.push(
      `${pick(r, ['Topics', 'Tags', 'More on'])}: ${some(r, ['Schools', 'Budget', 'Health', 'Transport', 'Local government'], 2, 4).join(', ')}`,
    );
  lines.push(
    `https://www.${site
      .toLowerCase()
      .replace(/^the\s/, '')
      .replace(/\s+/g, '')}.example/${pick(r, ['news', 'local'])}/` +
      `${year(r, 18, 26)}/${int(r, 1, 12)}/${headline.toLowerCase().replace(/\s+/g, '-')}  ${int(r, 1, 2)}/${int(r, 2, 4)}`,
  );
  return lines;
}

/** A newspaper page that OCR read across two columns: each line holds a piece of each story, side by side. */
export function acrossColumns(r: Random, storyA: string, storyB: string): string[] {
  const a = columns(storyA, r);
  const b = columns(storyB, r);
  return Array.from({ length: Math.max(a.length, b.length) }, (_, i) => `${a[i] ?? ''}${' '.repeat(int(r, 2, 6))}${b[i] ?? ''}`.trim());
}
