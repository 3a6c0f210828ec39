/**
 * Generated long news features (issue 41, round five): the kind of news page a report's words can pass for — a
 * story about a study, a budget, a school's results or a town's history, 1,000 to 2,000 words long, told without
 * a byline, a dateline or a single quote. What such a story has that a report lacks is its shape: a headline and
 * perhaps a deck and a cross-head or two instead of many titled or numbered sections, narration in the past with
 * time expressions ("last year", "on Tuesday"), people named by title or office ("Mr Hale", "the mayor"), and
 * none of a report's furniture (contents, executive summary, captions, recommendations, "page x of y").
 *
 * Layouts: a printed page read by OCR in narrow columns with words broken at line ends; a magazine or web feature
 * in long paragraph lines with a kicker and a deck; a local-news page of two such stories. English, German,
 * French and Spanish. Written from general knowledge of the genre; every name, place and figure is invented.
 * Training only.
 *
 * @module
 */
import { pick, type Random } from '../lib/random.ts';
import { columns } from './classify-genres-press.ts';
import { int, LAST, MONTH, ORG, some } from './classify-genre-words.ts';

type Lang = 'en' | 'de' | 'fr' | 'es';

/** Invented towns: none is a real place a corpus document could name. */
const TOWN = [
  'Ashbury Vale',
  'Mellford',
  'Corrin Bay',
  'Haldenmoor',
  'Saint-Orvel',
  'Villanueva del Prado',
  'Kestrel Point',
  'Brannock',
  'Oldham Ferry',
];
const SUBJECT = [
  'the water board',
  'the school district',
  'the county hospital',
  'the harbour authority',
  'the regional transit agency',
  'the housing trust',
];
const TOPIC = ['reading scores', 'bus ridership', 'waiting times', 'rents', 'river pollution', 'youth employment', 'road accidents', 'library loans'];

/** A sentence of a feature in English: narration, figures from a study told as news, people by title, time. */
function englishSentence(r: Random): string {
  const name = pick(r, LAST);
  const title = pick(r, ['Mr', 'Mrs', 'Ms', 'Dr', 'Mr.', 'Mrs.', 'Dr.']);
  const town = pick(r, TOWN);
  const when = pick(r, [
    'last year',
    'last spring',
    'on Tuesday',
    'on Friday night',
    'two years ago',
    'earlier this month',
    'in the autumn of 1998',
    'that evening',
  ]);
  const n = int(r, 3, 85);
  return pick(r, [
    `${title} ${name} was ${int(r, 9, 17)} when the family moved to ${town}, and the mill was still the largest employer in the valley.`,
    `The study, which ${SUBJECT[int(r, 0, SUBJECT.length - 1)]} commissioned ${when}, found that ${pick(r, TOPIC)} had fallen by ${n} percent.`,
    `An analysis of ${int(r, 2, 40)} years of records showed that the decline began long before the plant closed.`,
    `The researchers interviewed ${int(r, 40, 900)} households ${when} and compared their answers with the census.`,
    `By the time the council met ${when}, the deficit had grown to $${int(r, 2, 90)} million.`,
    `The mayor had promised a new bridge in ${int(r, 1990, 2022)}; the first pile was driven ${when}.`,
    `${title} ${name} spent ${int(r, 3, 30)} years as a nurse at the county hospital before she retired ${when}.`,
    `Nobody in ${town} remembered a flood like it, and the water reached the church steps before dawn.`,
    `The superintendent informed the board ${when} that enrolment had dropped for the ${pick(r, ['third', 'fifth', 'seventh'])} year in a row.`,
    `Families who had lived on the street for generations sold their houses and moved to ${pick(r, TOWN)}.`,
    `The methodology was simple: volunteers counted every car that crossed the bridge for a week.`,
    `In the end the quality of the water, not its price, decided the vote.`,
    `${when[0].toUpperCase()}${when.slice(1)}, the minister visited the site and walked the length of the new embankment.`,
    `The figures surprised even the people who had collected them.`,
    `Her grandfather had opened the bakery in ${int(r, 1920, 1970)}, and the oven he built still stands in the back room.`,
    `The plan was approved ${when} by ${int(r, 4, 9)} votes to ${int(r, 1, 3)}, after a meeting that lasted until midnight.`,
    `Rents in the old town rose by a third between ${int(r, 2005, 2012)} and ${int(r, 2015, 2023)}, the survey showed.`,
    `${pick(r, ORG)} closed its ${pick(r, ['depot', 'warehouse', 'factory', 'call centre'])} in ${town} ${when}, and ${int(r, 40, 700)} people lost their jobs.`,
    `The report that followed ran to ${int(r, 80, 400)} pages, but few people in ${town} ever read it.`,
    `Dr ${pick(r, LAST)}, who led the research, grew up ${int(r, 2, 30)} miles away in ${pick(r, TOWN)}.`,
    `It was the first time in ${int(r, 20, 90)} years that the river had frozen from bank to bank.`,
    `Volunteers planted ${int(r, 200, 5000)} trees along the old railway line over the following winter.`,
    `Since then, ${pick(r, TOPIC)} have recovered in every district except the east.`,
    `${title} ${name} still keeps the letters in a shoebox under the stairs.`,
  ]);
}

function germanSentence(r: Random): string {
  const name = pick(r, LAST);
  const when = pick(r, ['im vergangenen Jahr', 'am Dienstag', 'vor zehn Jahren', 'letzte Woche', 'im Herbst 1998', 'am Freitagabend']);
  return pick(r, [
    `${pick(r, ['Herr', 'Frau'])} ${name} war ${int(r, 9, 17)} Jahre alt, als die Familie nach ${pick(r, TOWN)} zog.`,
    `Die Studie, die der Kreis ${when} in Auftrag gegeben hatte, zeigte einen Rückgang um ${int(r, 3, 60)} Prozent.`,
    `Die Bürgermeisterin hatte die neue Brücke schon ${int(r, 1995, 2020)} versprochen; gebaut wurde sie erst ${when}.`,
    `Eine Auswertung der Daten aus ${int(r, 5, 40)} Jahren ergab, dass der Trend lange vor der Schließung des Werks begann.`,
    `Damals arbeitete fast jeder zweite Einwohner in der Spinnerei am Fluss.`,
    `Der Gemeinderat stimmte ${when} mit ${int(r, 9, 20)} zu ${int(r, 1, 8)} Stimmen für den Plan.`,
    `Die Mieten in der Altstadt stiegen zwischen ${int(r, 2005, 2012)} und ${int(r, 2015, 2023)} um ein Drittel.`,
    `${pick(r, ['Herr', 'Frau'])} ${name} arbeitete ${int(r, 5, 35)} Jahre als Lehrerin an der Grundschule, bevor sie ${when} in den Ruhestand ging.`,
    `Niemand im Ort erinnerte sich an ein Hochwasser wie dieses.`,
    `Die Ergebnisse überraschten selbst die Forscher, die sie erhoben hatten.`,
    `Ehrenamtliche zählten eine Woche lang jedes Auto, das die Brücke überquerte.`,
  ]);
}

function frenchSentence(r: Random): string {
  const name = pick(r, LAST);
  const when = pick(r, ["l'année dernière", 'mardi soir', 'il y a 10 ans', 'la semaine dernière', "à l'automne 1998"]);
  return pick(r, [
    `${pick(r, ['M.', 'Mme'])} ${name} avait ${int(r, 9, 17)} ans lorsque sa famille s'est installée à ${pick(r, TOWN)}.`,
    `L'étude, commandée ${when} par le département, a montré une baisse de ${int(r, 3, 60)} % en dix ans.`,
    `Le maire avait promis un nouveau pont dès ${int(r, 1995, 2020)} ; les travaux n'ont commencé que ${when}.`,
    `Une analyse des registres de ${int(r, 5, 40)} années a révélé que le déclin avait commencé bien avant la fermeture de l'usine.`,
    `À l'époque, près d'un habitant sur deux travaillait à la filature.`,
    `Le conseil municipal a adopté le projet ${when} par ${int(r, 9, 20)} voix contre ${int(r, 1, 8)}.`,
    `Les loyers de la vieille ville ont augmenté d'un tiers entre ${int(r, 2005, 2012)} et ${int(r, 2015, 2023)}.`,
    `Personne au village ne se souvenait d'une crue pareille.`,
    `Les résultats ont surpris jusqu'aux chercheurs qui les avaient recueillis.`,
    `${pick(r, ['M.', 'Mme'])} ${name} a enseigné ${int(r, 5, 35)} ans à l'école du quartier avant de prendre sa retraite ${when}.`,
  ]);
}

function spanishSentence(r: Random): string {
  const name = pick(r, LAST);
  const when = pick(r, ['el año pasado', 'el martes', 'hace 10 años', 'la semana pasada', 'en el otoño de 1998']);
  return pick(r, [
    `${pick(r, ['El señor', 'La señora', 'Doña'])} ${name} tenía ${int(r, 9, 17)} años cuando su familia se mudó a ${pick(r, TOWN)}.`,
    `El estudio, encargado ${when} por la diputación, mostró una caída del ${int(r, 3, 60)} por ciento.`,
    `La alcaldesa había prometido un puente nuevo en ${int(r, 1995, 2020)}; las obras no empezaron hasta ${when}.`,
    `Un análisis de los registros de ${int(r, 5, 40)} años reveló que el declive empezó mucho antes del cierre de la fábrica.`,
    `Entonces, casi uno de cada dos vecinos trabajaba en la hilandería del río.`,
    `El pleno aprobó el plan ${when} por ${int(r, 9, 20)} votos a favor y ${int(r, 1, 8)} en contra.`,
    `Los alquileres del casco antiguo subieron un tercio entre ${int(r, 2005, 2012)} y ${int(r, 2015, 2023)}.`,
    `Nadie en el pueblo recordaba una riada como aquella.`,
    `Los resultados sorprendieron incluso a los investigadores que los habían recogido.`,
    `${pick(r, ['El señor', 'La señora'])} ${name} fue maestra durante ${int(r, 5, 35)} años antes de jubilarse ${when}.`,
  ]);
}

const SENTENCE: Record<Lang, (r: Random) => string> = { en: englishSentence, de: germanSentence, fr: frenchSentence, es: spanishSentence };

const HEADLINE: Record<Lang, readonly string[]> = {
  en: [
    'The Town That Lost Its River',
    'What Happened to the Mill Workers',
    'A Bridge Forty Years Late',
    'Counting Cars on Ferry Road',
    'The Last Bakery on Market Street',
  ],
  de: ['Die Stadt und ihr Fluss', 'Was aus den Spinnern wurde', 'Eine Brücke mit vierzig Jahren Verspätung'],
  fr: ['La ville qui a perdu sa rivière', 'Que sont devenus les ouvriers de la filature', 'Un pont avec quarante ans de retard'],
  es: ['El pueblo que perdió su río', 'Qué fue de los obreros de la hilandería', 'Un puente con cuarenta años de retraso'],
};
const DECK: Record<Lang, readonly string[]> = {
  en: ['Thirty years after the plant closed, a study shows how the valley changed', 'How one street changed over three generations'],
  de: ['Dreißig Jahre nach der Schließung zeigt eine Studie, wie sich das Tal verändert hat'],
  fr: ["Trente ans après la fermeture de l'usine, une étude montre comment la vallée a changé"],
  es: ['Treinta años después del cierre, un estudio muestra cómo cambió el valle'],
};
const KICKER: Record<Lang, readonly string[]> = {
  en: ['FEATURE', 'THE LONG READ', 'WEEKEND', 'OUR TOWN', 'SPECIAL REPORT'],
  de: ['REPORTAGE', 'WOCHENENDE', 'HINTERGRUND'],
  fr: ['GRAND FORMAT', 'ENQUÊTE', 'WEEK-END'],
  es: ['REPORTAJE', 'FIN DE SEMANA', 'EN PROFUNDIDAD'],
};
/** A cross-head: two or three words set between paragraphs of a long feature. */
const CROSSHEAD: Record<Lang, readonly string[]> = {
  en: ['After the Flood', 'Counting the Cost', 'A New Start', 'The Numbers'],
  de: ['Nach der Flut', 'Ein neuer Anfang'],
  fr: ['Après la crue', 'Un nouveau départ'],
  es: ['Después de la riada', 'Un nuevo comienzo'],
};

/** One feature story: headline, perhaps a kicker and deck, paragraphs of two to six sentences, a cross-head or two. */
function featureStory(lang: Lang, r: Random, words: number, narrow: boolean): string[] {
  const lines: string[] = [];
  if (r() < 0.4) lines.push(pick(r, KICKER[lang]));
  const headline = pick(r, HEADLINE[lang]);
  lines.push(r() < 0.4 ? headline.toUpperCase() : headline);
  if (r() < 0.5) lines.push(pick(r, DECK[lang]));
  // A minority carry a byline: most features of this kind (and the page that read as a report) do not.
  if (r() < 0.25) lines.push(`${{ en: 'By', de: 'Von', fr: 'Par', es: 'Por' }[lang]} ${pick(r, ['Ines', 'Tom', 'Lea', 'Raúl'])} ${pick(r, LAST)}`);
  const crossheads = r() < 0.5 ? some(r, CROSSHEAD[lang], 1, 2) : [];
  let count = 0;
  for (let paragraph = 0; count < words; paragraph++) {
    const text = Array.from({ length: int(r, 2, 6) }, () => SENTENCE[lang](r)).join(' ');
    count += text.split(/\s+/).length;
    if (paragraph > 0 && paragraph % int(r, 5, 8) === 0 && crossheads.length) lines.push(crossheads.shift()!);
    lines.push(...(narrow ? columns(text, r) : [text]));
  }
  return lines;
}

/** A long news feature, as print read by OCR in columns or as a web or magazine page; sometimes two stories on one page. */
export function newsFeature(r: Random): string[] {
  const lang = pick(r, ['en', 'en', 'en', 'de', 'fr', 'es'] as const);
  const narrow = r() < 0.55;
  const lines: string[] = [];
  // A page head without the press furniture of the other generators: a paper's name, perhaps its date.
  if (r() < 0.5)
    lines.push(
      `${pick(r, ['The', ''])} ${pick(r, TOWN)} ${pick(r, ['Journal', 'Times', 'Sentinel', 'Advertiser'])}`.trim() +
        (r() < 0.5 ? `  ${pick(r, MONTH)} ${int(r, 1, 28)}, ${int(r, 1950, 2025)}` : ''),
    );
  lines.push(...featureStory(lang, r, int(r, 1000, 2000), narrow));
  if (r() < 0.2) lines.push(...featureStory(lang, r, int(r, 300, 700), narrow));
  return lines;
}
