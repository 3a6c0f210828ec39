/**
 * Documents generated from templates with synthetic values, so every class
 * (including those with few or no public examples: envelopes, cheques,
 * vehicle registrations, court filings) has something to learn from. Each
 * document takes its class's title and a random subset of its phrases
 * (classes.ts), fills them with made-up values, and mixes in generic lines
 * (names, addresses, dates, amounts) shared by all classes, so the model
 * learns what distinguishes a class, not that generic lines are present.
 * Page shapes follow the kind (cards and cheques are small landscape
 * pages, slides are landscape, receipts narrow). Seeded.
 *
 * @module
 */
import { BUILT_IN_CLASSES } from '../../functions/engines/classify/classes.ts';
import { DEFAULT_CLASSES } from '../../functions/contracts/schemas/classify.ts';
import type { CorpusDocument } from './classify-corpus.ts';
import { pick, seeded, type Random } from '../lib/random.ts';
import { GENRES, ocrNoise } from './classify-genres.ts';
import { invoiceCreditPair } from './classify-genres-titled.ts';
import { PAGE_BREAK } from './classify-genres-layouts.ts';

export { seeded, type Random };

const int = (random: Random, lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));

const FIRST = ['Anna', 'Peter', 'Maria', 'John', 'Li', 'Fatima', 'Carlos', 'Sofia', 'Ahmed', 'Emma', 'Lukas', 'Chloé', 'Raj', 'Olga'];
const LAST = ['Novak', 'Chen', 'García', 'Smith', 'Müller', 'Dubois', 'Rossi', 'Kowalski', 'Okafor', 'Tanaka', 'Jensen', 'Silva'];
const COMPANY = [
  'Northwind Traders',
  'Globex Ltd',
  'Initech GmbH',
  'Acme Corp',
  'Blue Harbor SARL',
  'Vega Logistics BV',
  'Sunrise Foods Sdn Bhd',
  'Orbit Media Inc',
  'Delta Clinic',
  'Pioneer Bank',
];
const STREET = ['Elm Street', 'Rue de la Paix', 'Hauptstraße', 'Main St', 'Via Roma', 'Calle Mayor', 'Oak Avenue', 'Kerkstraat'];
const CITY = [
  'Springfield, IL 62704',
  '75002 Paris',
  '10115 Berlin',
  'Austin, TX 78701',
  '00184 Roma',
  '28013 Madrid',
  '1012 Amsterdam',
  'Kuala Lumpur 50450',
];

const name = (r: Random) => `${pick(r, FIRST)} ${pick(r, LAST)}`;
const date = (r: Random) =>
  pick(r, [
    `${int(r, 1, 12)}/${int(r, 1, 28)}/20${int(r, 18, 26)}`,
    `20${int(r, 18, 26)}-0${int(r, 1, 9)}-${int(r, 10, 28)}`,
    `${int(r, 1, 28)}.${int(r, 1, 12)}.20${int(r, 18, 26)}`,
    `${pick(r, ['January', 'March', 'June', 'October'])} ${int(r, 1, 28)}, 20${int(r, 18, 26)}`,
  ]);
const amount = (r: Random) => `${int(r, 1, 9999)}.${String(int(r, 0, 99)).padStart(2, '0')}`;
const id = (r: Random) => `${pick(r, ['', 'A', 'INV-', 'NO ', '#', 'X'])}${int(r, 1000, 999999)}`;
const address = (r: Random) => [`${int(r, 1, 250)} ${pick(r, STREET)}`, pick(r, CITY)];

/** A value to follow a phrase, so "invoice number" reads "Invoice number: 48213". */
function filled(r: Random, phrase: string): string {
  const p = phrase.replace(/:$/, '');
  const cased = r() < 0.3 ? p.toUpperCase() : p.replace(/(^|\s)\p{Ll}/gu, (m) => m.toUpperCase());
  switch (int(r, 0, 4)) {
    case 0:
      return `${cased}: ${id(r)}`;
    case 1:
      return `${cased} ${amount(r)}`;
    case 2:
      return `${cased}: ${date(r)}`;
    case 3:
      return `${cased} ${name(r)}`;
    default:
      return cased;
  }
}

/**
 * The file a document of this class would arrive as: workbooks and decks
 * often as Office files, cards, cheques, notes and receipts often as photos
 * or scans, everything else mostly as PDF. Leaning, not rules: each class
 * keeps some of every kind, so the file kind nudges and never decides.
 */
function kindOf(label: string, r: Random): string | undefined {
  const roll = r();
  const office = label === 'spreadsheet' ? 'xlsx' : label === 'presentation' ? 'pptx' : undefined;
  if (office && roll < 0.4) return office;
  const photographed = [
    'business_card',
    'health_insurance_card',
    'identity_document',
    'bank_check',
    'envelope',
    'handwritten',
    'receipt',
    'certificate',
    'vehicle_registration',
    // Newspaper pages and clippings are mostly scanned.
    'news_article',
  ].includes(label);
  // Handwriting reaches the service as a photo or a scan, never as a typed file.
  if (label === 'handwritten') return roll < 0.65 ? pick(r, ['png', 'jpeg', 'jpeg', 'tiff']) : 'pdf';
  if (roll < (photographed ? 0.65 : 0.25)) return pick(r, ['png', 'jpeg', 'jpeg', 'tiff']);
  if (roll < 0.9) return 'pdf';
  return roll < 0.95 ? pick(r, ['docx', 'txt']) : undefined;
}

/** Page shape (width, height) by kind, in points. */
function shapeOf(label: string, r: Random): { width?: number; height?: number; kind?: string } {
  const size = pageSize(label, r);
  const kind = kindOf(label, r);
  // Office files are read onto US Letter pages (engines/text/virtual-page.ts), whatever the slide or sheet shape.
  return OFFICE_KINDS.has(kind ?? '') ? { width: 612, height: 792, kind } : { ...size, kind };
}
const OFFICE_KINDS = new Set(['pptx', 'xlsx', 'docx']);

function pageSize(label: string, r: Random): { width?: number; height?: number } {
  const jitter = (v: number) => Math.round(v * (0.95 + r() * 0.1));
  // A card or cheque photographed with a phone, or scanned on a flatbed, arrives as a whole photo or page.
  const small = ['business_card', 'health_insurance_card', 'identity_document', 'bank_check'].includes(label);
  if (small && r() < 0.3)
    return pick(r, [
      { width: 4032, height: 3024 },
      { width: 3024, height: 4032 },
      { width: 612, height: 792 },
      { width: 595, height: 842 },
      { width: jitter(450), height: jitter(630) },
    ]);
  if (['business_card', 'health_insurance_card', 'identity_document'].includes(label) && r() < 0.8)
    return { width: jitter(243), height: jitter(153) };
  if (label === 'bank_check') return { width: jitter(612), height: jitter(270) };
  if (label === 'envelope') return { width: jitter(684), height: jitter(297) };
  // Notes are written on whatever paper is at hand: cards, landscape sheets, pages, photographed at any angle.
  if (label === 'handwritten' && r() < 0.6)
    return pick(r, [
      { width: 792, height: 612 },
      { width: 612, height: 396 },
      { width: 432, height: 288 },
      { width: 360, height: 216 },
      { width: 4032, height: 3024 },
      { width: 3024, height: 4032 },
      { width: 420, height: 595 },
      // A scan cropped to the written part of a page, a wide phone photo.
      { width: 792, height: jitter(400) },
      { width: 4032, height: 2268 },
    ]);
  if (label === 'presentation') return r() < 0.5 ? { width: 720, height: 405 } : { width: 720, height: 540 };
  // Résumé templates are often shared as a screen-sized preview image.
  if (label === 'resume' && r() < 0.2)
    return pick(r, [
      { width: 1200, height: 900 },
      { width: 1280, height: 720 },
      { width: 1024, height: 768 },
    ]);
  if (label === 'spreadsheet' && r() < 0.5) return { width: 792, height: 612 };
  if (label === 'receipt' && r() < 0.7) return { width: jitter(230), height: jitter(600) };
  if (r() < 0.15) return {};
  return r() < 0.5 ? { width: 595, height: 842 } : { width: 612, height: 792 };
}

/** Share of a class's synthetic documents written in its genre's layout (classify-genres.ts) rather than from its phrase list. */
export const GENRE_SHARE = 0.5;

/** How long documents of a kind run, in phrase lines (cards are short, articles long). */
const LENGTH: Partial<Record<string, [number, number]>> = {
  business_card: [3, 6],
  health_insurance_card: [4, 8],
  bank_check: [3, 6],
  envelope: [2, 5],
  identity_document: [4, 9],
  presentation: [3, 7],
  handwritten: [2, 5],
  certificate: [3, 6],
};

const PROSE = [
  'We refer to the matter discussed last week and set out the details below.',
  'The figures shown are provisional and subject to review.',
  'Please contact us with any questions.',
  'All amounts are stated in the local currency.',
  'The following items were recorded during the period.',
  'This document was generated on the date shown above.',
];

const BODY = [
  'Thank you for your message of last week regarding the delivery schedule.',
  'We are pleased to confirm that the changes you requested have been made.',
  'Please find enclosed a copy of the documents we discussed.',
  'I am writing to let you know that our office will move next month.',
  'Following our conversation, I would like to summarise the points we agreed.',
  'Could you please review the attached draft and send me your comments by Friday?',
  'The meeting has been moved to Thursday at 10 am in the main conference room.',
  'We regret to inform you that the item you ordered is no longer available.',
  'Should you have any questions, do not hesitate to contact me.',
  'As discussed, the new procedure applies to all departments from the first of the month.',
];

/**
 * What people write letters about besides office routine: accounts, bills, refunds, claims. Letters like these
 * carry amounts, references, account numbers and dates of birth, so the model must not read money as "a bill".
 */
const MATTERS: readonly ((r: Random) => string)[] = [
  (r) => `I am writing about my account with ${pick(r, COMPANY)} and a payment of ${amount(r)} that was taken twice.`,
  (r) => `Please refund the overpayment of ${amount(r)} ${pick(r, ['EUR', 'GBP', 'USD', ''])} to my account ${iban(r)}.`,
  (r) => `My customer reference is ${id(r)} and my date of birth is ${date(r)}.`,
  (r) => `I enclose a copy of your invoice of ${date(r)} for ${amount(r)}, which I paid in full on ${date(r)}.`,
  (r) => `Your letter of ${date(r)} asks me to pay ${amount(r)}; I believe this is a mistake and ask you to check your records.`,
  () => 'Please update my address and telephone number in your records.',
  () => 'I would be grateful if you could confirm the balance of my account in writing.',
  (r) => `The direct debit for policy ${id(r)} should be cancelled from next month.`,
  () => 'You can reach me by phone during the day, or by email at the address above.',
  (r) => `I have been a customer since ${date(r)} and have always paid on time.`,
];
const iban = (r: Random) =>
  `${pick(r, ['GB', 'DE', 'NL', 'FR', 'IE'])}${int(r, 10, 99)} ${Array.from({ length: 4 }, () => int(r, 1000, 9999)).join(' ')}`;

/** A letter's sender: an organization on letterhead, or a person with their own address and contact lines. */
function sender(r: Random): string[] {
  if (r() < 0.5) return [pick(r, COMPANY), ...address(r)];
  const who = name(r);
  const contact = [
    `Phone: +${int(r, 1, 49)} ${int(r, 10, 99)} ${int(r, 1000, 9999)} ${int(r, 1000, 9999)}`,
    `Email: ${who.toLowerCase().replace(/\s+/g, '.')}@example.net`,
  ];
  return [who, ...address(r), ...contact.filter(() => r() < 0.6)];
}

/**
 * An e-mail as the service reads an .eml or .msg file (engines/mail): From, To, Cc, Date and Subject lines, then the
 * body, which often stops without a greeting or a closing (a one-line reply, a forwarded note, an automatic message).
 */
function mailFile(r: Random, mail: (n: string) => string, body: readonly string[]): string[] {
  const weekday = pick(r, ['Mon', 'Tue', 'Wed', 'Thu', 'Fri']);
  const stamp =
    `${weekday}, ${int(r, 1, 28)} ${pick(r, ['Jan', 'Mar', 'Jun', 'Oct'])} 20${int(r, 18, 26)} ` +
    `${int(r, 7, 19)}:${int(r, 10, 59)}:${int(r, 10, 59)} ${pick(r, ['+0000', '-0500', '+0100'])}`;
  const from = name(r);
  const lines = [`From: ${from} <${mail(from)}>`, `To: ${r() < 0.5 ? `${name(r)} <${mail(name(r))}>` : mail(name(r))}`];
  if (r() < 0.3) lines.push(`Cc: ${mail(name(r))}`);
  lines.push(
    `Date: ${stamp}`,
    `Subject: ${pick(r, ['RE: ', 'Fwd: ', ''])}` +
      pick(r, ['Delivery schedule', 'Draft contract', 'Meeting Thursday', 'Question about your order', 'Test', 'Photos', 'Your request']),
    '',
  );
  if (r() < 0.5) lines.push(`${pick(r, ['Hi', 'Hello', 'Dear', 'Hallo'])} ${pick(r, FIRST)},`);
  lines.push(...body.slice(0, int(r, 1, body.length)));
  if (r() < 0.5) lines.push(pick(r, ['Thanks,', 'Best,', 'Regards,', 'Cheers,']), pick(r, FIRST));
  return lines;
}

/** Correspondence is prose around a few header lines: generated as such, not as phrase lists. */
function correspondence(label: string, r: Random): string[] {
  const body = Array.from({ length: int(r, 2, 5) }, () => pick(r, BODY));
  if (label === 'letter') {
    // About half the letters are about money or personal matters rather than office routine.
    const matters = Array.from({ length: r() < 0.5 ? int(r, 1, 4) : 0 }, () => pick(r, MATTERS)(r));
    const dated =
      r() < 0.3
        ? `${pick(r, CITY)
            .replace(/[\d\s]+$/u, '')
            .replace(/^\d+\s/u, '')}, ${date(r)}`
        : date(r);
    const recipient = r() < 0.7 ? [name(r), ...address(r)] : [];
    return [
      ...sender(r),
      dated,
      ...recipient,
      // Business letters often name their matter in a reference line before the greeting.
      ...(r() < 0.3
        ? [
            pick(r, ['Re: ', 'RE: ', 'Subject: ', 'Betreff: ', 'Objet : ']) +
              `${pick(r, ['Your account ', 'Claim ', 'Order ', 'Policy ', 'Reference '])}${id(r)}`,
          ]
        : []),
      pick(r, ['Dear ', 'Dear Mr. ', 'Dear Ms. ', 'Dear Mr ', 'Dear Dr ', 'Sehr geehrte Frau ', 'Madame, ', 'Estimado ']) + pick(r, LAST) + ',',
      ...matters,
      ...body.slice(matters.length ? 2 : 0),
      pick(r, ['Sincerely,', 'Yours sincerely,', 'Yours faithfully,', 'Kind regards,', 'Best regards,', 'Mit freundlichen Grüßen', 'Atentamente,']),
      name(r),
    ];
  }
  if (label === 'memo') {
    return [
      pick(r, ['MEMORANDUM', 'MEMO', 'Interoffice Memo', 'Internal memorandum']),
      `To: ${name(r)}`,
      `From: ${name(r)}`,
      `Date: ${date(r)}`,
      `Subject: ${pick(r, ['Office move', 'Budget review', 'New procedure', 'Meeting schedule'])}`,
      ...body,
    ];
  }
  const mail = (n: string) => `${n.toLowerCase().replace(/\s+/g, '.')}@${pick(r, ['example.com', 'mail.example', 'corp.example'])}`;
  if (r() < 0.5) return mailFile(r, mail, body);
  return [
    `From: ${name(r)} <${mail(name(r))}>`,
    `Sent: ${date(r)} 10:${int(r, 10, 59)}`,
    `To: ${mail(name(r))}`,
    `Subject: ${pick(r, ['RE: ', 'FW: ', ''])}${pick(r, ['Delivery schedule', 'Draft contract', 'Meeting Thursday', 'Question about your order'])}`,
    '',
    `Hi ${pick(r, FIRST)},`,
    ...body,
    pick(r, ['Thanks,', 'Best,', 'Regards,']),
    pick(r, FIRST),
  ];
}

/** Share of genre documents that are template previews, their running text still placeholder Latin. */
const PLACEHOLDER_SHARE = 0.08;
const LOREM =
  'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris nisi aliquip ex ea commodo consequat duis aute irure in reprehenderit voluptate velit esse cillum fugiat nulla pariatur'.split(
    ' ',
  );

/**
 * A template preview: lines of running text (seven words or more) become placeholder Latin of the same length;
 * headings, labels, dates and amounts stay. Templates of every kind ship like this (résumés, letters, reports,
 * slides), so the model learns their structure, not the placeholder's words.
 */
function withPlaceholderText(lines: readonly string[], r: Random): string[] {
  return lines.map((line) => {
    const n = line.split(/\s+/).length;
    if (n < 7) return line;
    const start = int(r, 0, LOREM.length - 1);
    const words = Array.from({ length: n }, (_, i) => LOREM[(start + i) % LOREM.length]);
    return `${words[0][0].toUpperCase()}${words.join(' ').slice(1)}${r() < 0.7 ? '.' : ','}`;
  });
}

export function syntheticDocument(label: string, r: Random, genreShare = GENRE_SHARE): CorpusDocument {
  const genre = GENRES[label];
  if (genre && r() < genreShare) {
    // Handwriting always reaches the model through rough OCR; other kinds sometimes do (scans, photos).
    const noisy = label === 'handwritten' ? 0.06 + r() * 0.14 : r() < 0.3 ? 0.02 + r() * 0.08 : 0;
    const lines = r() < PLACEHOLDER_SHARE ? withPlaceholderText(genre(r), r) : genre(r);
    const shape = shapeOf(label, r);
    // A workbook printed the way the service reads one ("Sheet: name", cells joined by " | ") came as a workbook.
    if (lines[0]?.startsWith('Sheet: '))
      return { source: `synthetic/${label}`, label, pages: [{ text: lines.join('\n'), ...shape, kind: 'xlsx' }], origin: 'synthetic' };
    // A generated deck marks its slides' pages (PAGE_BREAK): each becomes a page, as the service reads one.
    const pages: string[][] = [[]];
    for (const line of lines)
      if (line === PAGE_BREAK) pages.push([]);
      else pages[pages.length - 1].push(line);
    return {
      source: `synthetic/${label}`,
      label,
      pages: pages.map((page) => ({ text: (noisy ? ocrNoise(page, r, noisy) : page).join('\n'), ...shape })),
      origin: 'synthetic',
    };
  }
  if (['letter', 'memo', 'email'].includes(label) && r() < 0.7) {
    const lines = correspondence(label, r);
    // A message read from a mail file is text without a page shape, as the service reports an .eml.
    const shape = lines[0].startsWith('From: ') && lines.some((l) => l.startsWith('Date: ')) ? { kind: 'eml' } : shapeOf(label, r);
    return { source: `synthetic/${label}`, label, pages: [{ text: lines.join('\n'), ...shape }], origin: 'synthetic' };
  }
  const cls = BUILT_IN_CLASSES[label as keyof typeof BUILT_IN_CLASSES];
  const phrases = Object.keys(cls.phrases);
  const [lo, hi] = LENGTH[label] ?? [5, 14];
  const lines: string[] = [];
  if (r() < 0.5) lines.push(pick(r, COMPANY));
  if (cls.titles.length && r() < 0.75) lines.push(r() < 0.5 ? pick(r, cls.titles).toUpperCase() : pick(r, cls.titles));
  const count = int(r, lo, hi);
  for (let i = 0; i < count; i++) {
    const roll = r();
    if (roll < 0.6) lines.push(filled(r, pick(r, phrases)));
    else if (roll < 0.72) lines.push(...address(r));
    else if (roll < 0.82) lines.push(name(r));
    else if (roll < 0.9 && !LENGTH[label]) lines.push(pick(r, PROSE));
    else lines.push(`${pick(r, ['Date', 'Ref', 'Total', 'Page', 'No'])} ${pick(r, [date(r), amount(r), id(r)])}`);
  }
  return { source: `synthetic/${label}`, label, pages: [{ text: lines.join('\n'), ...shapeOf(label, r) }], origin: 'synthetic' };
}

/**
 * `perClass` synthetic documents for every built-in class, and `extra` more
 * for each class in `unseen` (classes with no real document to learn from:
 * their synthetic ones are all the model sees of them, so they get more
 * variety). The extras come from their own seeded stream, so the base set
 * does not change with them.
 */
export function syntheticSet(perClass: number, seed: number, genreShare = GENRE_SHARE, unseen: readonly string[] = [], extra = 0): CorpusDocument[] {
  const r = seeded(seed);
  const base = DEFAULT_CLASSES.flatMap((label) => Array.from({ length: perClass }, () => syntheticDocument(label, r, genreShare)));
  const more = seeded(seed + 1);
  return [
    ...base,
    ...DEFAULT_CLASSES.filter((l) => unseen.includes(l)).flatMap((label) =>
      Array.from({ length: extra }, () => syntheticDocument(label, more, genreShare)),
    ),
    ...contrastPairs(CONTRAST_PAIRS, seeded(seed + 2)),
  ];
}

/** Invoice and credit-note renderings of one template each (see `invoiceCreditPair`). */
export const CONTRAST_PAIRS = 120;

function contrastPairs(n: number, r: Random): CorpusDocument[] {
  return Array.from({ length: n }, () => invoiceCreditPair(r)).flatMap(([invoice, credit]) => {
    const shape = r() < 0.5 ? { width: 595, height: 842, kind: 'pdf' } : { width: 612, height: 792, kind: 'pdf' };
    return [
      { source: 'synthetic/invoice', label: 'invoice', pages: [{ text: invoice.join('\n'), ...shape }], origin: 'synthetic' },
      { source: 'synthetic/credit_note', label: 'credit_note', pages: [{ text: credit.join('\n'), ...shape }], origin: 'synthetic' },
    ];
  });
}
