/**
 * Generated documents whose layout, more than their words, sets them apart
 * from a look-alike class (issue 41, round two):
 *
 * - a carrier's straight bill of lading laid out as a form: pickup and
 *   delivery blocks side by side, carrier, freight terms, a pieces / weight /
 *   class table header, a driver line and the carrier's liability terms. A
 *   form has labelled fields too; a waybill's fields name parties and freight;
 * - a slide deck as the service reads one: one page per slide, a title and a
 *   few short lines, a table slide, a chart slide that is a title alone,
 *   speaker notes.
 *
 * Every value is invented.
 *
 * @module
 */
import { pick, type Random } from '../lib/random.ts';
import { CITY, cityLine, company, digits, int, money, person, short, some, STATE, street } from './classify-genre-words.ts';

/** A page break inside a generated document's lines: the document is split into pages there. */
export const PAGE_BREAK = '\f';

const CARRIERS = ['Northline Freight', 'Swift Haul', 'Blue Arrow Express', 'Prairie Motor Lines', 'Coastal Carriers', 'Redline Transport'];
const GOODS = [
  'Pallets of bottled water',
  'Cartons of paper towels',
  'Crated machine parts',
  'Drums of lubricant',
  'Boxes of ceramic tile',
  'Bundles of steel pipe',
];

/** Two blocks printed side by side and read by OCR as one line each row ("PICKUP FROM … ADDITIONAL INFORMATION"). */
const sideBySide = (left: readonly string[], right: readonly string[]): string[] =>
  Array.from({ length: Math.max(left.length, right.length) }, (_, i) => [left[i] ?? '', right[i] ?? ''].join(' ').trim()).filter(Boolean);

/** A carrier's straight bill of lading: a form of shipping parties, freight terms and a pieces table, with the carrier's terms below. */
export function straightBillOfLading(r: Random): string[] {
  const carrier = pick(r, CARRIERS);
  const lines = [
    company(r),
    `${int(r, 100, 9999)} ${pick(r, ['NW', 'SE', 'E', 'W'])} ${int(r, 2, 99)} ${pick(r, ['AVE', 'ST', 'BLVD'])}`,
    cityLine(r),
  ];
  if (r() < 0.7) lines.push(`Phone: (${digits(r, 3)}) ${digits(r, 3)}-${digits(r, 4)} Fax: (${digits(r, 3)}) ${digits(r, 3)}-${digits(r, 4)}`);
  lines.push(
    pick(r, [
      'STRAIGHT BILL OF LADING',
      'BILL OF LADING - SHORT FORM',
      'UNIFORM STRAIGHT BILL OF LADING',
      'STRAIGHT BILL OF LADING - NOT NEGOTIABLE',
    ]),
  );
  if (r() < 0.5)
    lines.push(`${pick(r, ['BOL #', 'B/L No.', 'Shipment ID'])} ${pick(r, ['', 'BL', 'SH'])}${digits(r, 6)}`, `Page 1 of ${int(r, 1, 3)}`);
  const pickup = [pick(r, ['PICKUP FROM', 'SHIP FROM', 'SHIPPER']), company(r), street(r).toUpperCase(), cityLine(r)];
  const info = [
    pick(r, ['ADDITIONAL INFORMATION', 'SHIPMENT DETAILS']),
    `PICKUP: ${short(r)} ${int(r, 1, 12)}:00 ${pick(r, ['AM', 'PM'])}`,
    `DELIVERY: ${short(r)} ${int(r, 1, 12)}:00 ${pick(r, ['AM', 'PM'])}`,
    `${pick(r, ['PO#', 'REF #', 'ORDER #'])}: ${digits(r, 6)}`,
    `MODE: ${pick(r, ['Flat Bed', 'Dry Van', 'LTL', 'Reefer'])}`,
  ];
  lines.push(...sideBySide(pickup, info));
  lines.push(
    `CARRIER: ${carrier}`,
    `${pick(r, ['PRO#', 'PRO NUMBER', 'TRAILER #'])}: ${digits(r, 7)} ${pick(r, ['TRACKING #', 'SEAL #', 'SCAC'])}: ${digits(r, 9)}`,
  );
  const deliver = [
    pick(r, ['DELIVER TO', 'CONSIGNEE', 'SHIP TO']),
    company(r),
    street(r).toUpperCase(),
    `${pick(r, CITY)}, ${pick(r, STATE)} ${digits(r, 5)}`,
  ];
  const terms = [
    pick(r, ['FREIGHT CHARGE TERMS', 'FREIGHT CHARGES', 'TERMS']),
    pick(r, ['PREPAID COLLECT 3rd PARTY', 'Prepaid [ ] Collect [ ] Third party [ ]', 'PREPAID']),
    ...(r() < 0.5 ? [`COD Amount: $ ${money(r, 50, 900)}`] : []),
  ];
  lines.push(...sideBySide(deliver, terms));
  lines.push(
    ...some(
      r,
      [
        `INSTRUCTIONS: ${pick(r, ['Call before delivery', 'Dock 4 only', 'Liftgate required', 'Do not stack'])}`,
        `DRIVER: ${person(r)}`,
        `TRUCK #: ${digits(r, 4)}`,
        'NOTES',
        `SPECIAL HANDLING: ${pick(r, ['Fragile', 'Keep dry', 'None'])}`,
      ],
      2,
      4,
    ),
  );
  lines.push(
    pick(r, [
      'PIECES | PACKAGE TYPE | DESCRIPTION | WEIGHT | CLASS',
      'HANDLING UNITS QTY TYPE WEIGHT HM COMMODITY DESCRIPTION NMFC# CLASS',
      'QTY | PKG | ITEM / DESCRIPTION | WEIGHT | VOLUME',
    ]),
  );
  for (let i = int(r, 0, 4); i > 0; i--)
    lines.push(
      `${int(r, 1, 40)} ${pick(r, ['PLT', 'CTN', 'CRT', 'DRM'])} ${pick(r, GOODS)} ${int(r, 50, 4000)} ${pick(r, ['lbs', 'kg'])} ${pick(r, ['50', '55', '70', '85', '100'])}`,
    );
  if (r() < 0.6) lines.push(`TOTAL PIECES ${int(r, 1, 80)} TOTAL WEIGHT ${int(r, 100, 20000)} lbs`);
  lines.push(
    ...some(
      r,
      [
        'Where the rate depends on value, shippers must state in writing the agreed or declared value of the goods.',
        `RECEIVED, subject to the classifications and tariffs in effect on the date of issue of this bill of lading, the goods described above in apparent good order.`,
        'The carrier shall not make delivery of this shipment without payment of freight and all other lawful charges.',
        'Liability for loss or damage in this shipment may be limited by the carrier’s published terms.',
        'This is to certify that the above named materials are properly classified, packaged, marked and labeled.',
        'SHIPPER SIGNATURE / DATE CARRIER SIGNATURE / PICKUP DATE',
        'Trailer loaded: By shipper By driver Freight counted: By shipper By driver',
      ],
      2,
      5,
    ),
  );
  return lines;
}

const SLIDE_TITLES = [
  'Agenda',
  'Overview',
  'Quarterly revenue',
  'Market Opportunity',
  'Next Steps',
  'Key Takeaways',
  'Roadmap',
  'Questions?',
  'Thank You',
  'Team',
  'Timeline',
  'Results',
  'Customer Survey',
  'How it works',
  'Pricing',
  'Lessons learned',
];
const BULLETS = [
  'Grow revenue in new regions',
  'Customer feedback is positive',
  'Launch the pilot in spring',
  'Hire two more engineers',
  'Reduce onboarding time',
  'Partner with local shops',
  'Review the budget monthly',
  'Ship the beta to ten users',
  'Measure weekly active users',
  'Keep the scope small',
];

/** One slide as the service reads a deck page: a title, then nothing, a few bullets, a small table or a note. */
function slide(r: Random): string[] {
  const title = pick(r, SLIDE_TITLES);
  const roll = r();
  // A chart or picture slide: its title is all the text there is.
  if (roll < 0.2) return [title];
  if (roll < 0.35) {
    const cols = int(r, 2, 4);
    const cell = () =>
      pick(r, ['North', 'South', 'Q1', 'Q2', 'Yes', 'No', 'True', 'False', `${int(r, 1, 99)}%`, `${int(r, 10, 900)}`, 'Red', 'Blue']);
    return [
      title,
      Array.from({ length: cols }, (_, i) => `Column ${i + 1}`).join(' | '),
      ...Array.from({ length: int(r, 2, 5) }, () => Array.from({ length: cols }, cell).join(' | ')),
    ];
  }
  const out = [title, ...some(r, BULLETS, 1, 5).map((b) => `${pick(r, ['• ', '- ', '● ', '', ''])}${b}`)];
  if (r() < 0.2) out.push(pick(r, ['With a sub-point', 'And one more detail', 'A short note set in a box']));
  if (r() < 0.15) out.push(`Notes: ${pick(r, ['Mention the pilot results.', 'Keep this slide short.', 'Pause for questions here.'])}`);
  return out;
}

/** A deck: a title slide (title, maybe a subtitle or presenter), then slides, each on its own page. */
export function slideDeck(r: Random): string[] {
  const first = [
    pick(r, ['Quarterly Business Review', 'Product Update', 'Project Kickoff', 'Training Session', 'Annual Survey Results', 'Title Slide']),
  ];
  if (r() < 0.6) first.push(pick(r, [company(r), person(r), 'With a subtitle', `${pick(r, ['Spring', 'Autumn'])} ${int(r, 2019, 2026)}`]));
  const slides = [first, ...Array.from({ length: int(r, 0, 4) }, () => slide(r))];
  // Some decks arrive as one slide only.
  return (r() < 0.25 ? [slide(r)] : slides).flatMap((s, i) => (i ? [PAGE_BREAK, ...s] : s));
}

/**
 * Sentences on the subjects reports and articles share (schools, budgets, research, health): a newspaper story
 * is about anything, so generated stories borrow them, and what tells a news page from a report is its
 * columns, dateline and byline more than its words.
 */
export function topicalSentence(r: Random): string {
  return pick(r, [
    `The ${pick(r, ['department', 'institute', 'faculty', 'agency'])} said its analysis of the ${pick(r, ['program', 'budget', 'survey', 'trial'])} would be published in ${pick(r, ['spring', 'the autumn', 'two parts'])}.`,
    `Nurses from ${int(r, 3, 40)} clinics took part in the ${pick(r, ['training days', 'workshop', 'pilot'])}, which covered triage, records and patient safety.`,
    `Revenue for the quarter was ${pick(r, ['up', 'down'])} ${int(r, 2, 30)} percent, the ${pick(r, ['company', 'board', 'firm'])} reported, citing ${pick(r, ['higher costs', 'strong demand', 'the weather'])}.`,
    `Researchers at the ${pick(r, ['university', 'state laboratory', 'hospital'])} found that ${pick(r, ['the new method', 'the treatment', 'the survey'])} improved results in most of the cases studied.`,
    `The ${pick(r, ['project', 'scheme', 'plan'])} aims to ${pick(r, ['cut waiting times', 'widen access', 'lower costs'])} for ${pick(r, ['patients', 'commuters', 'small firms'])} and to improve the ${pick(r, ['quality', 'reach', 'safety'])} of ${pick(r, ['care', 'transport', 'advice'])}.`,
    `Members of the ${pick(r, ['committee', 'staff', 'faculty'])} will meet ${pick(r, ['each morning', 'every Tuesday', 'twice a month'])} to review progress and plan the next steps.`,
    `The report recommends ${int(r, 2, 12)} changes, including ${pick(r, ['longer hours', 'a new office', 'more staff', 'lower fees'])} and a review in ${int(r, 2, 5)} years.`,
    `Officials expect ${pick(r, ['enrolment', 'traffic', 'demand', 'attendance'])} to grow by about ${int(r, 2, 40)} percent over the coming year.`,
  ]);
}
