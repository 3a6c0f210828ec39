/**
 * Synthetic documents written the way each kind is laid out, for the classes
 * with few or no real examples (news articles, utility bills, certificates,
 * handwritten notes, contracts, résumés, pay stubs, statements, shipping
 * papers, cards, cheques, envelopes, court filings, registrations…). The
 * phrase-list templates (classify-synthetic.ts) teach a class's words; these
 * teach its shape: a headline, byline and paragraphs of quoted prose; a
 * meter table with a billing period; "This is to certify that" with a name
 * on its own line. Written from general knowledge of each genre with made-up
 * values, never from corpus documents. Training only, never scored.
 *
 * Some documents go through `ocrNoise` (dropped and confused characters,
 * broken words), since scans reach the classifier through OCR.
 *
 * @module
 */
import { pick, type Random } from '../lib/random.ts';
import {
  consignmentNote,
  creditNoteVariant,
  europeanHealthCard,
  europeanId,
  europeanPayslip,
  europeanStatement,
  europeanUtilityBill,
  insuranceClaim,
  purchaseOrder,
  quote,
  typedNote,
} from './classify-genres-more.ts';
import { slideDeck, straightBillOfLading, topicalSentence } from './classify-genres-layouts.ts';
import { fragmentedHandwriting, scannedIdCard } from './classify-genres-scanned.ts';
import { clinicalNote, eInvoiceRendering, shortNotice, utilitySummaryPage } from './classify-genres-titled.ts';
import { columns, meterTableBill, onlineArticle, pressPage } from './classify-genres-press.ts';
import { newsFeature } from './classify-genres-features.ts';
import { acrossColumns, generatedReport, plainNewsPage, webPrintout, wireStory } from './classify-genres-reports.ts';
import { CITY, cityLine, company, day, digits, FIRST, int, LAST, money, MONTH, ORG, person, short, some, STATE, STREET, street, year } from './classify-genre-words.ts';

/** Sentences for news-style prose, assembled from parts so no two articles repeat. */
function newsSentence(r: Random): string {
  const who = pick(r, [`${person(r)}, a spokesperson for the ${pick(r, ORG)} council`, `officials in ${pick(r, CITY)}`, `the ${pick(r, ['mayor', 'company', 'ministry', 'school board', 'police department'])}`, `${person(r)}, who has lived in the area for ${int(r, 3, 40)} years`, 'analysts']);
  return pick(r, [
    `"We expect the work to be finished by ${pick(r, MONTH)}," ${who} said on ${pick(r, ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'])}.`,
    `According to ${who}, the number of ${pick(r, ['visitors', 'applications', 'complaints', 'new jobs', 'students'])} rose by ${int(r, 2, 60)} percent last year.`,
    `The decision was announced late ${pick(r, ['Monday', 'Thursday', 'Friday'])} after a ${int(r, 2, 9)}-hour meeting.`,
    `${who[0].toUpperCase()}${who.slice(1)} told reporters that the plan would cost about $${int(r, 2, 90)} million.`,
    `Residents said they had not been consulted before the vote.`,
    `The ${pick(r, ['storm', 'strike', 'merger', 'election', 'festival', 'trial'])} is expected to affect thousands of people across the region.`,
    `Critics argue the measure does not go far enough, while supporters call it a first step.`,
    `It was not immediately clear when the ${pick(r, ['bridge', 'plant', 'school', 'line', 'hospital'])} would reopen.`,
    `${person(r)} contributed reporting.`,
    `Sessions ${pick(r, ['begin', 'resume', 'are held'])} ${pick(r, ['each evening', 'in the new hall', 'every weekend'])} and are open to ${pick(r, ['residents', 'volunteers', 'members', 'families'])} of the ${pick(r, ['county', 'district', 'valley'])}.`,
    `The ${pick(r, ['program', 'institute', 'society', 'club'])} was founded ${int(r, 2, 60)} years ago and now counts ${int(r, 20, 900)} members.`,
    `Volunteers came from ${int(r, 2, 30)} ${pick(r, ['towns', 'parishes', 'clubs'])} and will help until the end of the ${pick(r, ['month', 'season', 'harvest'])}.`,
    `The ${pick(r, ['steamer', 'mail train', 'fire brigade', 'relief party', 'delegation'])} arrived ${pick(r, ['early yesterday', 'at noon', 'late last night'])} and was met by a large crowd.`,
    `It is understood that the ${pick(r, ['committee', 'board of aldermen', 'legislature', 'commission'])} will take up the question at its next session.`,
    `Mr. ${pick(r, LAST)} declined to make any statement when seen at his ${pick(r, ['residence', 'office', 'hotel'])} last evening.`,
    `Several witnesses testified that the ${pick(r, ['fire', 'collision', 'disturbance'])} began shortly after ${int(r, 1, 11)} o'clock.`,
    `The loss is estimated at $${int(r, 2, 90)},000, partly covered by insurance.`,
    `A ${pick(r, ['bill', 'petition', 'resolution'])} to that effect was introduced by Senator ${pick(r, LAST)} of ${pick(r, CITY)}.`,
  ]);
}

/** A story's sentence: news wording, or (a third of the time) the subject matter reports share. */
const storySentence = (r: Random): string => (r() < 0.35 ? topicalSentence(r) : newsSentence(r));

function modernArticle(r: Random): string[] {
  const headline = pick(r, [`${pick(r, CITY)} council approves new ${pick(r, ['housing', 'transit', 'budget', 'park'])} plan`, `${company(r)} to cut ${int(r, 50, 900)} jobs`, `Storm leaves thousands without power in ${pick(r, CITY)}`, `Local school wins national ${pick(r, ['science', 'debate', 'robotics'])} award`, `Prices rise for ${pick(r, ['third', 'fourth', 'fifth'])} straight month`]);
  const lines = [pick(r, ['', `The ${pick(r, CITY)} ${pick(r, ['Herald', 'Times', 'Gazette', 'Post', 'Tribune', 'Courier'])}`, 'NEWS', 'LOCAL', 'BUSINESS']), r() < 0.5 ? headline.toUpperCase() : headline];
  if (r() < 0.7) lines.push(`By ${person(r)}${pick(r, ['', ', Staff Writer', ' | Reporter', ', Associated Press'])}`);
  if (r() < 0.5) lines.push(`${pick(r, ['Published', 'Updated', 'Posted'])} ${day(r)}${pick(r, ['', ` ${int(r, 1, 12)}:${int(r, 10, 59)} ${pick(r, ['a.m.', 'p.m.'])}`])}`);
  const paragraphs = int(r, 3, 9);
  // Printed in a paper, the story runs in narrow columns; online, in long lines.
  const printed = r() < 0.5;
  for (let i = 0; i < paragraphs; i++) {
    const p = Array.from({ length: int(r, 1, 3) }, () => storySentence(r)).join(' ');
    const text = i === 0 && r() < 0.5 ? `${pick(r, CITY).toUpperCase()} (${pick(r, ['AP', 'Reuters', 'staff'])}) — ${p}` : p;
    lines.push(...(printed ? columns(text, r) : [text]));
  }
  return lines.filter(Boolean);
}

/** A page of a printed (often old) newspaper: masthead, several headlines, stories set in columns. */
function newspaperPage(r: Random): string[] {
  const paper = `THE ${pick(r, CITY).toUpperCase()} ${pick(r, ['DAILY NEWS', 'EVENING STAR', 'HERALD', 'GAZETTE', 'TRIBUNE', 'COURIER', 'WEEKLY TIMES', 'JOURNAL'])}`;
  const lines = [paper, pick(r, [`VOL. ${pick(r, ['XII', 'XXIV', 'LXI', 'IX', 'CIII'])} NO. ${int(r, 1, 365)}`, `${pick(r, ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'])}, ${day(r).toUpperCase()}`, `PRICE ${pick(r, ['ONE CENT', 'TWO CENTS', 'FIVE CENTS', '10 CENTS'])}`, 'LATE EDITION', 'FINAL EDITION'])];
  if (r() < 0.5) lines.push(pick(r, ['ALL THE NEWS', 'Weather: fair and warmer', 'HOME EDITION', `${int(r, 8, 40)} PAGES`]));
  // A whole page runs long: several stories of many sentences.
  for (let story = int(r, 2, 5); story > 0; story--) {
    const headline = pick(r, [`${pick(r, ['FIRE', 'FLOOD', 'STRIKE', 'ELECTION', 'STORM', 'TRAIN WRECK', 'BANK'])} ${pick(r, ['IN', 'AT', 'NEAR'])} ${pick(r, CITY).toUpperCase()}`, `${pick(r, ['MAYOR', 'SENATOR', 'GOVERNOR', 'COUNCIL', 'JUDGE'])} ${pick(r, ['DEFENDS', 'REJECTS', 'APPROVES', 'ANNOUNCES'])} ${pick(r, ['NEW TAX', 'BRIDGE PLAN', 'SCHOOL BILL', 'RAILWAY', 'BUDGET'])}`, `${int(r, 2, 90)} ${pick(r, ['KILLED', 'HURT', 'RESCUED', 'MISSING', 'ARRESTED'])} ${pick(r, ['IN CRASH', 'IN BLAZE', 'AT SEA', 'IN RIOT'])}`]);
    lines.push(headline);
    if (r() < 0.5) lines.push(pick(r, [`${pick(r, ['Special', 'Staff'])} Correspondent Reports ${pick(r, ['Heavy Losses', 'Progress', 'Delay'])}`, `Officials Meet ${pick(r, ['Tonight', 'Tomorrow', 'in Secret'])}`, `Special to The ${pick(r, ['Herald', 'Times', 'Gazette'])}`]));
    const sentences = Array.from({ length: int(r, 5, 14) }, () => storySentence(r)).join(' ');
    const dateline = r() < 0.6 ? `${pick(r, CITY).toUpperCase()}, ${pick(r, MONTH).slice(0, 3)}. ${int(r, 1, 28)}.—` : '';
    lines.push(...columns(dateline + sentences, r));
    if (r() < 0.3) lines.push(`(Continued on Page ${int(r, 2, 20)})`);
  }
  if (r() < 0.3) lines.push(pick(r, ['ADVERTISEMENT', 'WANTED—A good cook. Apply at 12 Main St.', 'FOR SALE: Fine horses, cheap.']));
  // A page's advertisements, read by OCR as scattered short lines: shop names, hours, prices, showtimes, phone numbers.
  if (r() < 0.5) lines.push(...some(r, advertLines(r), 4, 10));
  // A clipping: the story alone, without the masthead.
  return r() < 0.4 ? lines.slice(r() < 0.5 ? 2 : 1) : lines;
}

const advertLines = (r: Random): string[] => [
  `${pick(r, ORG).toUpperCase()} ${pick(r, ['BAKERY', 'MOTORS', 'CINEMA', 'DINER', 'HARDWARE', 'DRUGS'])}`,
  `Open daily ${int(r, 7, 11)} to ${int(r, 5, 11)}`,
  `Now playing`,
  `${pick(r, ['Matinee', 'Two shows'])} ${pick(r, ['Sat.', 'daily', 'Sunday'])} ${int(r, 1, 4)} p.m.`,
  `Call ${digits(r, 3)}-${digits(r, 4)}`,
  `${pick(r, ['Sundaes', 'Tires', 'Suits', 'Radios'])} from ${int(r, 1, 40)}c`,
  'Free parking',
  `${int(r, 100, 999)} ${pick(r, STREET)}`,
  pick(r, ['SALE', 'NEW', 'TONIGHT', 'LAST WEEK']),
  `${pick(r, CITY)}`,
];

/** Newspaper pages, clippings, wire copy and web articles in their several layouts (classify-genres-press.ts, classify-genres-reports.ts). */
function newsArticle(r: Random): string[] {
  // A long feature without byline, dateline or quotes (classify-genres-features.ts): a report's words in a story's shape.
  if (r() < 0.25) return newsFeature(r);
  // A whole page runs long (1,000 words and more with its advertisements): a story page and a page of short news together.
  return r() < 0.2 ? [...newsLayout(r), ...plainNewsPage(r)] : newsLayout(r);
}

function newsLayout(r: Random): string[] {
  const roll = r();
  if (roll < 0.2) return newspaperPage(r);
  if (roll < 0.4) return pressPage(r);
  if (roll < 0.53) return onlineArticle(r);
  if (roll < 0.66) return modernArticle(r);
  if (roll < 0.74) return wireStory(r);
  if (roll < 0.82) return webPrintout(r);
  // Many pages tell their news plainly, without a quote or a "said": announcements, appointments, results.
  if (roll < 0.93) return plainNewsPage(r);
  const story = () => Array.from({ length: int(r, 5, 12) }, () => storySentence(r)).join(' ');
  const head = r() < 0.5 ? [`THE ${pick(r, CITY).toUpperCase()} ${pick(r, ['HERALD', 'COURIER', 'OBSERVER', 'GAZETTE'])}`] : [];
  return [...head, ...acrossColumns(r, story(), story()), ...(r() < 0.5 ? some(r, advertLines(r), 3, 7) : [])];
}

function utilityBill(r: Random): string[] {
  if (r() < 0.35) return utilitySummaryPage(r);
  const kind = pick(r, ['electric', 'gas', 'water', 'internet', 'phone']);
  const unit = { electric: 'kWh', gas: pick(r, ['therms', 'CCF', 'm3']), water: pick(r, ['gallons', 'm3', 'CCF']), internet: 'GB', phone: 'minutes' }[kind];
  const prev = int(r, 1000, 90000);
  const used = int(r, 20, 2400);
  const lines = [company(r).replace(/Logistics|Labs|Holdings/, pick(r, ['Power', 'Utilities', 'Water', 'Telecom'])), pick(r, ['Your monthly statement', 'Your bill', 'Billing statement', `${kind[0].toUpperCase()}${kind.slice(1)} service bill`, 'Statement of service'])];
  lines.push(`Account number ${digits(r, 4)}-${digits(r, 5)}-${digits(r, 2)}`, `Billing date ${short(r)}`);
  if (r() < 0.8) lines.push(`Service period ${short(r)} to ${short(r)}`, `${int(r, 28, 33)} days`);
  lines.push(`Service address`, street(r), cityLine(r));
  if (kind !== 'internet' && kind !== 'phone') {
    lines.push(`Meter ${pick(r, ['number', 'no.', '#'])} ${digits(r, 8)}`, `Previous reading ${prev} ${pick(r, ['Actual', 'Estimated'])}`, `Present reading ${prev + used} Actual`, `Usage ${used} ${unit}`);
  } else lines.push(`Plan ${pick(r, ['Unlimited', 'Basic 100', 'Fiber 500', 'Family share'])}`, `Data used ${used} ${unit}`);
  lines.push(...some(r, [`Customer charge $${money(r, 5, 20)}`, `Delivery charge $${money(r, 10, 90)}`, `Energy charge ${used} ${unit} x $0.${digits(r, 4)} $${money(r, 20, 300)}`, `Taxes and fees $${money(r, 1, 30)}`, `Previous balance $${money(r)}`, `Payment received - thank you -$${money(r)}`, `Late payment charge $${money(r, 1, 15)}`], 2, 5));
  lines.push(`Total amount due $${money(r)}`, `Due date ${short(r)}`);
  if (r() < 0.6) lines.push(pick(r, ['Your usage over the last 12 months', 'Compare your usage', 'Average daily use']), MONTH.slice(0, int(r, 3, 12)).map((m) => m.slice(0, 3)).join(' '));
  if (r() < 0.6) lines.push(pick(r, ['Please return this portion with your payment.', 'Pay online, by phone or by mail.', 'To report an outage call 1-800-' + digits(r, 3) + '-' + digits(r, 4)]));
  return lines;
}

/** Civil-status certificates: a registrar's record of a birth, marriage or death, laid out as labelled fields. */
function vitalRecord(r: Random): string[] {
  const kind = pick(r, ['birth', 'marriage', 'death'] as const);
  const title = { birth: pick(r, ['CERTIFICATE OF LIVE BIRTH', 'Birth Certificate', 'CERTIFIED COPY OF AN ENTRY OF BIRTH']), marriage: pick(r, ['CERTIFICATE OF MARRIAGE', 'Marriage Certificate', 'MARRIAGE LICENSE AND CERTIFICATE']), death: pick(r, ['CERTIFICATE OF DEATH', 'Death Certificate']) }[kind];
  const lines = [pick(r, [`STATE OF ${pick(r, ['OHIO', 'TEXAS', 'OREGON', 'VERMONT'])}`, `${pick(r, CITY)} County`, 'Department of Health - Vital Records', 'General Register Office']), title, `State file number ${digits(r, 3)}-${digits(r, 2)}-${digits(r, 6)}`];
  if (kind === 'birth') lines.push(`Child's name ${person(r)}`, `Date of birth ${day(r)}`, `Sex ${pick(r, ['Male', 'Female'])}`, `Place of birth ${pick(r, CITY)} ${pick(r, ['General Hospital', 'Medical Center'])}`, `Mother's maiden name ${person(r)}`, `Father's name ${person(r)}`);
  else if (kind === 'marriage') lines.push(`Groom / Party A ${person(r)}`, `Bride / Party B ${person(r)}`, `Date of marriage ${day(r)}`, `Place of marriage ${pick(r, CITY)}`, `Officiant ${person(r)}`, `Witnesses ${person(r)}, ${person(r)}`);
  else lines.push(`Name of deceased ${person(r)}`, `Date of death ${day(r)}`, `Age ${int(r, 40, 99)}`, `Cause of death ${pick(r, ['natural causes', 'cardiac arrest', 'pneumonia'])}`, `Informant ${person(r)}`);
  lines.push(pick(r, ['I certify that this is a true copy of the record on file.', 'This is a certified copy of a vital record.', 'Issued under the seal of the registrar.', 'CERTIFICATION OF VITAL RECORD', 'This is a true and correct copy of the official record filed with the State Registrar.']), `${pick(r, ['Registrar', 'REGISTRAR', 'Local Registrar', 'County Clerk'])} ${person(r)}`, `${pick(r, ['Date issued', 'Date recorded', 'DATE RECEIVED BY REGISTRAR', 'Date filed'])} ${short(r)}`);
  // Many are printed forms filled in by typewriter: capitalised box labels under the entries, numbered boxes.
  if (r() < 0.5) {
    const labels = kind === 'marriage' ? ['FULL NAME OF MALE (FIRST, MIDDLE, LAST)', 'FULL NAME OF FEMALE (FIRST, MIDDLE, LAST)', 'OCCUPATION', 'BIRTHPLACE (STATE OR COUNTRY)', 'NUMBER OF TIMES PREVIOUSLY MARRIED', 'RESIDENCE - CITY AND STATE', 'Date of Application', 'Record Number'] : kind === 'birth' ? ['CHILD - NAME FIRST MIDDLE LAST', 'DATE OF BIRTH (Mo., Day, Yr.)', 'HOSPITAL - NAME', 'COUNTY OF BIRTH', 'MOTHER - MAIDEN NAME', 'FATHER - NAME', 'CERTIFIER - NAME AND TITLE', 'ATTENDANT'] : ['DECEDENT - NAME', 'DATE OF DEATH', 'PLACE OF DEATH', 'USUAL OCCUPATION', 'INFORMANT - NAME', 'FUNERAL DIRECTOR', 'BURIAL OR CREMATION'];
    for (const label of some(r, labels, 3, labels.length)) lines.push(`${int(r, 1, 24)}${pick(r, ['', 'a', 'b'])} ${label}`, pick(r, [person(r).toUpperCase(), day(r).toUpperCase(), `${pick(r, CITY)}, ${pick(r, STATE)}`, pick(r, ['NONE', 'Accountant', 'Teacher', 'WHITE', '1'])]));
    lines.push(pick(r, ['Except for signature, spaces left blank must be completed by typewriter', 'TYPE OR PRINT IN PERMANENT INK', `STATE FILE NO. ${digits(r, 6)}`]));
  }
  return lines;
}

function certificate(r: Random): string[] {
  if (r() < 0.5) return vitalRecord(r);
  const what = pick(r, ['Certificate of Completion', 'Certificate of Achievement', 'Certificate of Appreciation', 'Certificate of Participation', 'Certificate of Excellence', 'Diploma', 'Certificate of Training', 'Award Certificate']);
  const lines = [pick(r, ['', company(r), `${pick(r, ORG)} ${pick(r, ['University', 'Institute', 'Academy', 'College'])}`]), r() < 0.5 ? what.toUpperCase() : what];
  lines.push(pick(r, ['This is to certify that', 'This certificate is presented to', 'is hereby awarded to', 'Presented to', 'This certifies that', 'Awarded to', 'Proudly presented to']));
  lines.push(person(r));
  lines.push(pick(r, [
    `has successfully completed the ${pick(r, ['course', 'program', 'training', 'workshop'])} ${pick(r, ['Project Management Fundamentals', 'Workplace Safety', 'Advanced Excel', 'First Aid and CPR', 'Data Analysis', 'Leadership Skills'])}`,
    `in recognition of ${pick(r, ['outstanding performance', 'dedication and hard work', 'excellent service', 'ten years of service'])}`,
    `for ${pick(r, ['completing', 'participating in'])} ${int(r, 4, 120)} hours of ${pick(r, ['professional development', 'continuing education', 'volunteer work'])}`,
    `has fulfilled the requirements for the degree of ${pick(r, ['Bachelor of Science', 'Master of Arts', 'Associate of Applied Science'])}`,
  ]));
  if (r() < 0.6) lines.push(`${pick(r, ['Given this', 'Awarded on', 'Date', 'Issued'])} ${day(r)}`);
  for (let i = int(r, 1, 2); i > 0; i--) lines.push('____________________', person(r), pick(r, ['Director', 'Instructor', 'President', 'Program Coordinator', 'Dean', 'Chief Executive Officer']));
  if (r() < 0.4) lines.push(`Certificate ${pick(r, ['No.', 'ID', 'number'])} ${pick(r, ['C', 'CERT-', ''])}${digits(r, 6)}`);
  return lines.filter(Boolean);
}

const HAND_LINES = ['thank you so much for', 'the lovely gift', 'see you on sunday', 'dont forget to call', 'the dentist at 3', 'pick up milk + bread', 'i hope you are well', 'we had a great time', 'the kids say hello', 'meeting moved to tues', 'pay the rent', 'call mom back', 'it was so good to see you', 'let me know what you think', 'back by 5pm', 'buy stamps', 'miss you lots', 'get well soon', 'happy birthday!', 'the keys are under the mat', 'water the plants', 'thanks again for dinner'];
const HAND_SENTENCES = ['I wanted to write and tell you how much we enjoyed our visit last week', 'the weather here has been cold but the garden is coming along nicely', 'we are all well and the children are growing up so fast', 'please give my love to everyone at home and write back soon', 'I have enclosed the photographs from the wedding as promised', 'the new house is small but we are very happy in it', 'I will be in town on the 14th and would love to see you', 'work has kept me busy so forgive me for not writing sooner', 'your grandmother sends her love and says to wrap up warm', 'let me know if the parcel arrives safely'];

/** How OCR reads handwriting it cannot follow: letters swapped for look-alikes, odd capitals, words run together or cut. */
function misread(word: string, r: Random, rate: number): string {
  const LOOKALIKE: Record<string, string[]> = { a: ['o', 'u', 'd'], e: ['c', 'o', 'l'], i: ['l', '1', 'j'], l: ['I', '1', 't'], m: ['rn', 'nn', 'w'], n: ['h', 'r', 'u'], o: ['a', '0', 'e'], r: ['v', 'n'], s: ['5', 'f'], t: ['f', 'l', '+'], u: ['v', 'n', 'a'], w: ['vv', 'W', 'u'], h: ['b', 'k'], d: ['cl', 'ol'], g: ['q', '9', 'y'] };
  let out = '';
  for (const ch of word) {
    const roll = r();
    if (roll < rate * 0.15) continue;
    if (roll < rate && LOOKALIKE[ch.toLowerCase()]) out += pick(r, LOOKALIKE[ch.toLowerCase()]);
    else if (roll < rate * 1.2) out += ch.toUpperCase();
    else out += ch;
  }
  // OCR also breaks a word of running hand into pieces and reads pen strokes as brackets and bars.
  if (out.length >= 4 && r() < rate * 0.35) {
    const at = int(r, 1, out.length - 2);
    out = `${out.slice(0, at)} ${out.slice(at)}`;
  }
  if (r() < rate * 0.1) {
    const at = int(r, 0, out.length);
    out = `${out.slice(0, at)}${pick(r, [')', '[', '|', '(', '{'])}${out.slice(at)}`;
  }
  return out || word;
}

function handwritten(r: Random): string[] {
  const letter = r() < 0.4;
  const lines = [pick(r, ['', `${pick(r, ['Dear', 'Hi', 'Hey', 'To', 'My dear'])} ${pick(r, FIRST)},`, day(r), pick(r, ['Notes', 'To do', 'Shopping', 'Reminder'])])];
  if (letter) {
    // A handwritten letter: long lines of running hand, broken where the paper ends.
    const words = Array.from({ length: int(r, 2, 6) }, () => pick(r, HAND_SENTENCES)).join(', ').split(' ');
    for (let i = 0; i < words.length; ) {
      const n = int(r, 4, 9);
      lines.push(words.slice(i, i + n).join(' '));
      i += n;
    }
  } else for (let i = int(r, 2, 9); i > 0; i--) lines.push(pick(r, HAND_LINES));
  lines.push(pick(r, ['', 'Love,', 'Thanks!', 'Cheers', 'xoxo', 'Best,', 'See you soon', 'With love,']), pick(r, ['', pick(r, FIRST), `- ${pick(r, FIRST)}`]));
  // Often OCR hardly follows the hand: most words come out as near-nonsense.
  if (r() < 0.5) {
    const rate = 0.25 + r() * 0.5;
    return lines.filter(Boolean).map((l) => l.split(' ').map((w) => misread(w, r, rate)).join(' '));
  }
  return lines.filter(Boolean);
}

function contract(r: Random): string[] {
  const kind = pick(r, ['Service Agreement', 'Lease Agreement', 'Employment Agreement', 'Non-Disclosure Agreement', 'Consulting Agreement', 'Purchase Agreement', 'Master Services Agreement', 'Contract for Services']);
  const a = company(r);
  const b = r() < 0.5 ? company(r) : person(r);
  const lines = [kind.toUpperCase(), `This ${kind} (the "Agreement") is entered into as of ${day(r)} (the "Effective Date") by and between ${a} ("${pick(r, ['Company', 'Landlord', 'Employer', 'Provider'])}") and ${b} ("${pick(r, ['Client', 'Tenant', 'Employee', 'Consultant'])}"), together the "Parties".`];
  if (r() < 0.6) lines.push('WHEREAS, the parties wish to set out the terms on which the services will be provided;', 'NOW, THEREFORE, in consideration of the mutual covenants herein, the parties agree as follows:');
  const clauses = ['Term. This Agreement shall commence on the Effective Date and continue for a period of twelve (12) months unless terminated earlier.', 'Payment. Client shall pay the fees set out in Schedule A within thirty (30) days of receipt of each invoice.', 'Confidentiality. Each party shall keep confidential all information disclosed by the other party.', 'Termination. Either party may terminate this Agreement upon thirty (30) days written notice.', 'Governing Law. This Agreement shall be governed by the laws of the State of ' + pick(r, ['New York', 'Delaware', 'California', 'Texas']) + '.', 'Indemnification. Each party shall indemnify and hold harmless the other party from any claims arising out of its breach.', 'Entire Agreement. This Agreement constitutes the entire agreement between the parties.', 'Rent. Tenant shall pay monthly rent of $' + money(r, 500, 4000) + ' on the first day of each month.', 'Notices. All notices shall be in writing and delivered to the addresses above.', 'Assignment. Neither party may assign this Agreement without the prior written consent of the other.'];
  some(r, clauses, 3, 7).forEach((c, i) => lines.push(`${pick(r, [`${i + 1}.`, `Section ${i + 1}.`, `${i + 1}.1`, `Article ${i + 1}`])} ${c}`));
  if (r() < 0.6) lines.push('IN WITNESS WHEREOF, the parties have executed this Agreement as of the date first written above.');
  lines.push(`${a}`, 'By: ____________________', `Name: ${person(r)}`, `Title: ${pick(r, ['CEO', 'Director', 'Manager'])}`);
  return lines;
}

const JOBS = ['Software Engineer', 'Accountant', 'Sales Manager', 'Registered Nurse', 'Project Manager', 'Data Analyst', 'Marketing Coordinator', 'Teacher', 'Graphic Designer', 'Mechanical Engineer', 'Customer Service Representative', 'Financial Analyst', 'Office Administrator', 'Chef', 'Electrician'];
const SKILLS = ['Python', 'Excel', 'SQL', 'negotiation', 'public speaking', 'SAP', 'project planning', 'customer service', 'Java', 'Adobe Photoshop', 'budgeting', 'team leadership', 'AutoCAD', 'bookkeeping', 'social media', 'Salesforce', 'scheduling', 'first aid'];

/** Text broken into lines of at most `width` characters, as a column of a page prints it. */
const wrap = (text: string, width: number): string[] => text.match(new RegExp(`.{1,${width}}(?:\\s|$)`, 'g'))!.map((l) => l.trim()).filter(Boolean);

/** A résumé: contact header, then sections. Image résumés reach the classifier through OCR, often with a sidebar column read in among the main one. */
function resume(r: Random): string[] {
  const name = person(r);
  const title = pick(r, JOBS);
  const contact = some(r, [`${name.split(' ')[0].toLowerCase()}.${name.split(' ')[1].toLowerCase()}@${pick(r, ['example.com', 'mail.example', 'inbox.example'])}`, `(${digits(r, 3)}) ${digits(r, 3)}-${digits(r, 4)}`, `+${int(r, 1, 49)} ${digits(r, 3)} ${digits(r, 3)} ${digits(r, 4)}`, `${street(r)}, ${cityLine(r)}`, `${pick(r, CITY)}, ${pick(r, STATE)}`, `linkedin.com/in/${name.toLowerCase().replace(' ', '-')}`, `www.${name.split(' ')[1].toLowerCase()}.dev`], 2, 4);
  const span = () => pick(r, [`${pick(r, MONTH).slice(0, 3)} ${year(r, 5, 19)} – ${pick(r, ['Present', `${pick(r, MONTH).slice(0, 3)} ${year(r, 18, 25)}`])}`, `${year(r, 5, 15)} - ${year(r, 16, 25)}`, `${year(r, 10, 20)} – present`, `${String(int(r, 1, 12)).padStart(2, '0')}/${year(r, 8, 16)} - ${String(int(r, 1, 12)).padStart(2, '0')}/${year(r, 17, 25)}`]);
  const main: string[] = [];
  const side: string[] = [];
  const headings = some(r, ['Summary', 'Profile', 'Professional Experience', 'Work Experience', 'Experience', 'Employment History', 'Education', 'Skills', 'Certifications', 'Languages', 'Projects', 'Objective', 'Interests', 'References', 'Volunteer Work', 'Awards'], 3, 7);
  if (!headings.some((h) => /Experience|Employment/.test(h))) headings.unshift(pick(r, ['Experience', 'Work Experience']));
  for (const h of headings) {
    const heading = r() < 0.5 ? h.toUpperCase() : h;
    if (/Experience|Employment|Volunteer/.test(h)) {
      main.push(heading);
      for (let i = int(r, 1, 4); i > 0; i--) {
        main.push(`${pick(r, ['Senior ', 'Junior ', 'Lead ', 'Assistant ', ''])}${pick(r, JOBS)}${pick(r, [', ', ' | ', ' at ', ' — '])}${company(r)}`, span());
        const duties = Array.from({ length: int(r, 1, 4) }, () => `${pick(r, ['Led a team of', 'Managed', 'Built', 'Improved', 'Reduced costs by', 'Trained', 'Handled', 'Increased sales by', 'Coordinated'])} ${int(r, 3, 40)} ${pick(r, ['people', 'accounts', 'percent', 'projects', 'clients', 'events'])}${pick(r, ['', ' per month', ' across three regions', ' within budget'])}`);
        // Bullets, or (many templates) a paragraph wrapped at the column's width.
        if (r() < 0.6) for (const duty of duties) main.push(`${pick(r, ['•', '-', '●', '', '>'])} ${duty}`.trim());
        else main.push(...wrap(`${duties.join('. ')}. ${pick(r, ['Worked closely with the sales and support teams.', 'Reported to the regional director.', 'Responsible for planning, budgets and hiring.', ''])}`, int(r, 45, 65)));
      }
    } else if (h === 'Education') {
      main.push(heading, `${pick(r, ['B.Sc.', 'M.A.', 'Bachelor of Arts', 'MBA', 'Master of Science', 'High School Diploma', 'Associate Degree', 'Ph.D.'])} ${pick(r, ['in ', ', '])}${pick(r, ['Computer Science', 'Economics', 'Nursing', 'Marketing', 'Mechanical Engineering', 'Education', 'Business Administration'])}`, `${pick(r, ORG)} ${pick(r, ['University', 'College', 'Institute of Technology', 'State University'])}${pick(r, ['', `, ${span()}`, `, ${year(r, 5, 20)}`, ` GPA 3.${int(r, 0, 9)}`])}`);
    } else if (/Skills|Languages|Interests|Certifications|Awards/.test(h)) {
      const items = h === 'Languages' ? some(r, ['English (native)', 'Spanish (fluent)', 'French (intermediate)', 'German (basic)', 'Mandarin'], 2, 4) : h === 'Certifications' ? some(r, ['PMP', 'CPA', 'Certified Scrum Master', 'AWS Certified', 'CPR certified', 'Six Sigma Green Belt'], 1, 3) : h === 'Interests' ? some(r, ['hiking', 'chess', 'photography', 'running', 'cooking'], 2, 4) : h === 'Awards' ? [`Employee of the Year ${year(r, 10, 24)}`] : some(r, SKILLS, 3, 8);
      (r() < 0.6 ? side : main).push(heading, ...(r() < 0.5 ? items : [items.join(pick(r, [', ', ' • ', ' | ']))]));
    } else if (h === 'References') main.push(heading, pick(r, ['Available upon request', 'References available on request', `${person(r)}, ${pick(r, JOBS)}, ${company(r)}`]));
    else
      main.push(
        heading,
        ...wrap(
          some(r, ['Results-driven professional with ' + int(r, 2, 20) + ' years of experience in fast-paced environments.', 'Seeking a position where I can grow my skills and contribute to a team.', `Detail-oriented ${title.toLowerCase()} with a track record of delivering on time.`, 'Built a mobile app used by 5,000 students.', 'Known for clear communication and calm under pressure.', 'Enjoys mentoring new colleagues and improving processes.'], 1, 3).join(' '),
          int(r, 45, 65),
        ),
      );
  }
  const header = [r() < 0.4 ? name.toUpperCase() : name, ...(r() < 0.7 ? [title] : []), ...contact];
  if (!side.length || r() < 0.5) return [...header, ...main, ...side];
  // Two columns read by OCR: sidebar lines interleaved with the main column's.
  const merged: string[] = [];
  while (main.length || side.length) {
    if (main.length) merged.push(...main.splice(0, int(r, 1, 3)));
    if (side.length && r() < 0.6) merged.push(side.shift()!);
  }
  return [...header, ...merged];
}

function payStub(r: Random): string[] {
  const gross = int(r, 800, 9000);
  const lines = [company(r), pick(r, ['Earnings Statement', 'PAY STUB', 'Payslip', 'Pay Statement', 'Statement of Earnings and Deductions']), `Employee ${person(r)}`, `Employee ID ${digits(r, 6)}`, `Pay period ${short(r)} - ${short(r)}`, `Pay date ${short(r)}`];
  lines.push(pick(r, ['Earnings Rate Hours Current YTD', 'Description Hours Rate Amount Year to date']), `Regular ${money(r, 15, 90)} ${int(r, 30, 86)}.00 ${gross}.00 ${gross * int(r, 2, 20)}.00`);
  if (r() < 0.5) lines.push(`Overtime ${money(r, 20, 120)} ${int(r, 1, 12)}.00 ${money(r, 30, 600)}`);
  lines.push(pick(r, ['Deductions', 'Taxes and deductions']), ...some(r, [`Federal income tax ${money(r, 50, 900)}`, `Social Security ${money(r, 40, 500)}`, `Medicare ${money(r, 10, 150)}`, `State tax ${money(r, 10, 300)}`, `401(k) ${money(r, 20, 400)}`, `Health insurance ${money(r, 20, 300)}`], 2, 6));
  lines.push(`Gross pay ${gross}.00`, `Net pay ${money(r, 600, gross)}`);
  if (r() < 0.5) lines.push(`Direct deposit account ****${digits(r, 4)}`);
  // A direct-deposit advice says it is no cheque: the earnings table, not that line, makes it a pay stub.
  if (r() < 0.2) lines.push(pick(r, ['NON-NEGOTIABLE', 'THIS IS NOT A CHECK', 'Direct deposit advice - non-negotiable']));
  return lines;
}

function bankStatement(r: Random): string[] {
  let balance = int(r, 100, 20000);
  const lines = [`${pick(r, ORG)} ${pick(r, ['Bank', 'Savings Bank', 'Credit Union', 'National Bank'])}`, pick(r, ['Account Statement', 'Statement of Account', 'Checking Account Statement', 'Monthly Statement']), person(r), street(r), cityLine(r), `Account number ****${digits(r, 4)}`, `Statement period ${short(r)} to ${short(r)}`, `Beginning balance $${balance.toLocaleString('en-US')}.00`];
  lines.push(pick(r, ['Date Description Withdrawals Deposits Balance', 'Date Transaction Amount Balance', 'Posting date Details Debit Credit Balance']));
  for (let i = int(r, 4, 16); i > 0; i--) {
    const amt = int(r, 5, 2500);
    balance += r() < 0.35 ? amt : -amt;
    lines.push(`${String(int(r, 1, 12)).padStart(2, '0')}/${String(int(r, 1, 28)).padStart(2, '0')} ${pick(r, ['POS PURCHASE', 'ATM WITHDRAWAL', 'DIRECT DEPOSIT PAYROLL', 'ONLINE TRANSFER', 'CHECK #' + digits(r, 4), 'CARD PAYMENT', 'INTEREST PAID', 'MONTHLY FEE'])} ${pick(r, ORG).toUpperCase()} ${amt}.${digits(r, 2)} ${balance}.${digits(r, 2)}`);
  }
  lines.push(`Ending balance $${balance.toLocaleString('en-US')}.00`);
  if (r() < 0.5) lines.push(`Total deposits $${money(r, 100, 9000)}`, `Total withdrawals $${money(r, 100, 9000)}`);
  return lines;
}

function shipping(r: Random): string[] {
  const title = pick(r, ['BILL OF LADING', 'Packing List', 'DELIVERY NOTE', 'Packing Slip', 'Air Waybill', 'Commercial Shipment']);
  const lines = [company(r), title, `${pick(r, ['B/L No', 'Shipment No', 'Delivery No', 'Order #'])} ${pick(r, ['', 'SH', 'DN'])}${digits(r, 7)}`, `Ship date ${short(r)}`, 'Shipper', company(r), street(r), cityLine(r), pick(r, ['Consignee', 'Ship To', 'Deliver to']), company(r), street(r), cityLine(r)];
  if (r() < 0.6) lines.push(`Carrier ${pick(r, ['UPS', 'FedEx', 'DHL', 'Maersk', 'XPO'])}`, `Tracking number 1Z${digits(r, 16)}`);
  lines.push(pick(r, ['Item Description Qty Weight', 'SKU Description Ordered Shipped', 'Marks Packages Description Gross weight']));
  for (let i = int(r, 2, 8); i > 0; i--) lines.push(`${digits(r, 5)} ${pick(r, ['Cartons of', 'Pallet', 'Box', 'Crate'])} ${pick(r, ['steel bolts', 'office chairs', 'printer paper', 'auto parts', 'apparel'])} ${int(r, 1, 40)} ${int(r, 2, 900)} ${pick(r, ['kg', 'lbs'])}`);
  lines.push(`Total packages ${int(r, 1, 60)}`, `Gross weight ${int(r, 10, 9000)} ${pick(r, ['kg', 'lbs'])}`, pick(r, ['Received in good condition by ________', 'Signature of receiver', 'Port of loading ' + pick(r, CITY)]));
  return lines;
}

function card(r: Random, kind: 'health_insurance_card' | 'business_card' | 'identity_document'): string[] {
  if (kind === 'business_card') {
    const n = person(r);
    const [first, last] = n.split(' ');
    const org = company(r);
    const domain = `${pick(r, ORG).toLowerCase().replace(/\s/g, '')}.${pick(r, ['com', 'net', 'co', 'io', 'de', 'co.uk'])}`;
    const phone = () => pick(r, [`${digits(r, 3)}.${digits(r, 3)}.${digits(r, 4)}`, `(${digits(r, 3)}) ${digits(r, 3)}-${digits(r, 4)}`, `+${int(r, 1, 49)} ${digits(r, 2)} ${digits(r, 4)} ${digits(r, 4)}`, `${digits(r, 3)}-${digits(r, 3)}-${digits(r, 4)}`]);
    const label = () => pick(r, ['T ', 'M ', 'F ', 'Tel: ', 'Phone: ', 'Mobile: ', 'Cell ', 'Office: ', 'Direct: ', 'Fax: ', 'Tel. ', 'Mob. ', 'P: ', '']);
    const lines = [
      r() < 0.3 ? n.toUpperCase() : n,
      pick(r, ['Sales Director', 'Senior Consultant', 'Founder & CEO', 'Account Manager', 'Attorney at Law', 'Software Engineer', 'Head of Marketing', 'Real Estate Agent', 'Managing Partner', 'Dentist', 'Photographer', 'Regional Sales Representative', 'Chief Financial Officer', 'Architect']),
      r() < 0.3 ? org.toUpperCase() : org,
      ...Array.from({ length: int(r, 1, 3) }, () => `${label()}${phone()}`),
      ...some(r, [`${pick(r, [first.toLowerCase(), `${first[0].toLowerCase()}${last.toLowerCase()}`, `${first.toLowerCase()}.${last.toLowerCase()}`, 'info', 'hello'])}@${domain}`, `www.${domain}`, `${street(r)}${pick(r, ['', `, Suite ${int(r, 100, 900)}`])}`, cityLine(r), pick(r, ['Quality you can trust', 'Since 1987', 'Licensed & insured', 'Innovation for tomorrow', '']), `@${first.toLowerCase()}${last.toLowerCase()}`], 1, 5),
    ].filter(Boolean);
    // The order on the card varies (logo and company first, contact block on the left or right).
    return r() < 0.4 ? [lines[2], ...lines.slice(0, 2), ...lines.slice(3)] : lines;
  }
  if (kind === 'health_insurance_card') {
    return some(r, [`${pick(r, ORG)} ${pick(r, ['Health', 'Health Plan', 'Care', 'HealthCare'])}`, pick(r, ['PPO', 'HMO', 'EPO', 'POS']), `Member: ${person(r)}`, `Member ID ${pick(r, ['XYZ', 'W', 'ABC'])}${digits(r, 9)}`, `Group No. ${digits(r, 6)}`, `RxBIN ${digits(r, 6)}`, `RxPCN ${pick(r, ['ADV', 'CN', 'RX'])}${digits(r, 2)}`, `RxGrp ${digits(r, 4)}`, `Copay PCP $${int(r, 5, 40)} Specialist $${int(r, 20, 80)} ER $${int(r, 100, 300)}`, `Effective ${short(r)}`, `Dependents 0${int(r, 1, 4)}`, `Customer Service 1-800-${digits(r, 3)}-${digits(r, 4)}`], 5, 10);
  }
  return some(r, [pick(r, ['DRIVER LICENSE', 'IDENTIFICATION CARD', 'PASSPORT', 'RESIDENT PERMIT']), `${pick(r, STATE)} USA`, `DL ${pick(r, ['', 'D', 'S'])}${digits(r, 8)}`, `DOB ${short(r)}`, `EXP ${short(r)}`, `ISS ${short(r)}`, pick(r, LAST).toUpperCase(), pick(r, FIRST).toUpperCase(), street(r), cityLine(r), `SEX ${pick(r, ['M', 'F'])} HGT 5-${int(r, 0, 11)} EYES ${pick(r, ['BRN', 'BLU', 'GRN'])}`, `CLASS ${pick(r, ['C', 'D', 'A'])}`, `P<USA${pick(r, LAST).toUpperCase()}<<${pick(r, FIRST).toUpperCase()}<<<<<<<<<<<<`], 5, 10);
}

/** Amount in words as cheques write it: "Two hundred ninety-one and 90/100 dollars". */
function amountInWords(r: Random): string {
  const ones = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
  const tens = ['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
  const parts: string[] = [];
  if (r() < 0.5) parts.push(`${pick(r, ones)} thousand`);
  if (r() < 0.8) parts.push(`${pick(r, ones)} hundred`);
  parts.push(r() < 0.6 ? `${pick(r, tens)}-${pick(r, ones)}` : pick(r, [...tens, 'ten', 'twelve', 'fifteen']));
  const words = `${parts.join(' ')} and ${String(int(r, 0, 99)).padStart(2, '0')}/100 ${pick(r, ['dollars', 'DOLLARS', 'Dollars', ''])}`.trim();
  return pick(r, [words.toUpperCase(), words[0].toUpperCase() + words.slice(1), `*** ${words.toUpperCase()} ***`]);
}

/** The magnetic-ink line along a cheque's bottom, as printed or as OCR reads its symbols (colons, quotes, bars). */
function micrLine(r: Random): string {
  const [a, b, c] = [digits(r, 9), digits(r, int(r, 8, 12)), digits(r, int(r, 4, 7))];
  return pick(r, [`⑆${a}⑆ ${b}⑈ ${c}`, `⑈${c}⑈ ⑆${a}⑆ ${b}⑈`, `"${c}" :${a}: ${b}"`, `#${c}# ${a}: ${b}#`, `${c} |:${a}|: ${b}|'`, `'${c}' 1:${a}1: ${b}'`]);
}

/**
 * Cheques: personal, business, payroll (an employer's cheque with pay date and employee number — not a
 * pay stub: no earnings table) and cashier's. Scans of cheques often lose the small print to OCR, so each
 * keeps a random subset of its lines.
 */
function bankCheck(r: Random): string[] {
  const kind = pick(r, ['personal', 'business', 'payroll', 'payroll', 'cashier'] as const);
  const payee = pick(r, [person(r), company(r), person(r).toUpperCase()]);
  const payTo = pick(r, ['Pay to the order of', 'PAY TO THE ORDER OF', 'Pay to the\norder of:', 'Pay', 'PAY EXACTLY', 'Pay to']);
  const figures = `${pick(r, ['$', '$ ', '$**', 'USD '])}${money(r, 10, 9000)}`;
  const bank = `${pick(r, ORG)} ${pick(r, ['Bank', 'Savings Bank', 'Credit Union', 'National Bank', 'Bank, N.A.'])}`;
  const number = digits(r, int(r, 3, 10));
  const head: string[] = kind === 'personal' ? [person(r), street(r), cityLine(r)] : kind === 'cashier' ? [bank, pick(r, ["CASHIER'S CHECK", 'OFFICIAL CHECK', 'Cashier Check']), `Remitter ${person(r)}`] : [company(r).toUpperCase(), street(r).toUpperCase(), cityLine(r).toUpperCase()];
  const fields: string[] =
    kind === 'payroll'
      ? [pick(r, [`Payroll check number: ${number}`, `Check No. ${number}`, `PAYROLL CHECK ${number}`, `Payroll check ${number}`]), `${pick(r, ['Pay date', 'Date', 'Pay date:'])} ${short(r)}`, pick(r, [`Social Security No. ${digits(r, 3)}-${digits(r, 2)}-${digits(r, 4)}`, `Employee No. ${digits(r, 5)}`, `Emp ID ${digits(r, 6)}`, `SSN XXX-XX-${digits(r, 4)}`])]
      : [number, `${pick(r, ['Date', 'DATE', 'Date:'])} ${short(r)}`];
  const lines = [
    ...head,
    ...fields,
    ...payTo.split('\n'),
    payee,
    `${pick(r, ['', 'This amount: ', 'The sum of '])}${amountInWords(r)}`,
    figures,
    ...(kind === 'cashier' ? [] : [bank]),
    ...(kind === 'personal' ? [`${pick(r, ['Memo', 'MEMO', 'For'])} ${pick(r, ['rent', `invoice ${digits(r, 4)}`, 'birthday', 'deposit', ''])}`.trim()] : []),
    pick(r, ['Authorized signature', 'AUTHORIZED SIGNATURE', 'Signature', '__________________', 'Two signatures required over $5,000']),
    micrLine(r),
    ...some(r, ['VOID AFTER 90 DAYS', 'NON-NEGOTIABLE', 'VOID VOID VOID', 'SAMPLE', 'Security features included. Details on back.', 'Original document has a colored background', 'Dollars', 'Not valid without signature'], 0, 3),
  ];
  // OCR of a photographed or scanned cheque: the fine print and parts of the fields often go missing.
  const kept = lines.filter(() => r() < 0.7 + r() * 0.3);
  return kept.length >= 3 ? kept : lines;
}

function envelope(r: Random): string[] {
  const lines = r() < 0.7 ? [pick(r, [company(r), person(r)]), street(r), cityLine(r)] : [];
  if (r() < 0.6) lines.push(pick(r, ['PRESORTED FIRST-CLASS MAIL', 'FIRST CLASS', 'US POSTAGE PAID', 'PRIORITY MAIL', 'POSTAGE PAID PERMIT NO ' + int(r, 10, 999), 'RETURN SERVICE REQUESTED', 'ADDRESS SERVICE REQUESTED', 'AIR MAIL', 'Postage $0.' + int(r, 40, 99)]));
  if (r() < 0.5) lines.push(pick(r, ['IMPORTANT TAX DOCUMENT ENCLOSED', 'Time-sensitive material', 'DO NOT BEND', 'Personal and confidential']));
  lines.push(pick(r, [person(r).toUpperCase(), person(r)]), street(r).toUpperCase(), cityLine(r).toUpperCase());
  if (r() < 0.4) lines.push(`||${'|'.repeat(int(r, 5, 20))}`);
  return lines;
}

function courtFiling(r: Random): string[] {
  const court = pick(r, [`IN THE UNITED STATES DISTRICT COURT FOR THE ${pick(r, ['NORTHERN', 'SOUTHERN', 'EASTERN', 'WESTERN'])} DISTRICT OF ${pick(r, ['TEXAS', 'OHIO', 'NEW YORK', 'CALIFORNIA'])}`, `IN THE SUPERIOR COURT OF THE STATE OF ${pick(r, ['CALIFORNIA', 'WASHINGTON', 'ARIZONA'])}`, `IN THE CIRCUIT COURT OF ${pick(r, CITY).toUpperCase()} COUNTY`]);
  const lines = [court, `${person(r).toUpperCase()},`, pick(r, ['Plaintiff,', 'Petitioner,']), 'v.', `${company(r).toUpperCase()},`, pick(r, ['Defendant.', 'Respondent.']), `Case No. ${int(r, 1, 9)}:${int(r, 10, 26)}-cv-${digits(r, 5)}`];
  lines.push(pick(r, ['COMPLAINT FOR DAMAGES', 'MOTION TO DISMISS', 'ORDER GRANTING MOTION FOR SUMMARY JUDGMENT', 'DEPOSITION OF ' + person(r).toUpperCase(), 'AFFIDAVIT OF ' + person(r).toUpperCase(), 'NOTICE OF APPEAL', 'JURY TRIAL DEMANDED']));
  for (let i = int(r, 2, 6); i > 0; i--) lines.push(pick(r, [`${i}. Plaintiff is an individual residing in ${pick(r, CITY)}.`, `${i}. This Court has jurisdiction pursuant to 28 U.S.C. § ${int(r, 1300, 1400)}.`, 'Q. Please state your name for the record.', 'A. Yes.', `Defendant respectfully moves the Court for an order dismissing the complaint pursuant to Rule 12(b)(6).`, 'IT IS SO ORDERED.', 'WHEREFORE, Plaintiff prays for judgment against Defendant as follows:', 'I declare under penalty of perjury that the foregoing is true and correct.']));
  lines.push(`Dated: ${day(r)}`, `${person(r)}, ${pick(r, ['Attorney for Plaintiff', 'Counsel for Defendant', 'United States District Judge'])}`);
  return lines;
}

function vehicleRegistration(r: Random): string[] {
  return some(r, [pick(r, ['VEHICLE REGISTRATION', 'CERTIFICATE OF REGISTRATION', 'CERTIFICATE OF TITLE', 'Registration Card']), `${pick(r, STATE)} Department of Motor Vehicles`, `Plate ${digits(r, 1)}${pick(r, ['ABC', 'KLM', 'XYZ'])}${digits(r, 3)}`, `VIN 1${pick(r, ['HG', 'FT', 'GC'])}${digits(r, 14)}`, `Make ${pick(r, ['TOYT', 'FORD', 'HOND', 'CHEV'])} Model ${pick(r, ['CAMRY', 'F150', 'CIVIC', 'MALIBU'])}`, `Year ${int(r, 2000, 2025)}`, `Body type ${pick(r, ['4D SEDAN', 'PICKUP', 'SUV', 'WAGON'])}`, `Registered owner ${person(r).toUpperCase()}`, street(r), cityLine(r), `Expires ${short(r)}`, `Fees paid $${money(r, 30, 400)}`, `Odometer ${int(r, 100, 200000)}`, `Weight ${int(r, 2500, 7000)} lbs`], 6, 11);
}

function mortgage(r: Random): string[] {
  return [pick(r, ['Loan Estimate', 'Closing Disclosure', 'PROMISSORY NOTE', 'Uniform Residential Loan Application', 'Mortgage Pre-Approval Letter', 'DEED OF TRUST']), `${pick(r, ORG)} ${pick(r, ['Mortgage', 'Home Loans', 'Bank'])}`, `Borrower ${person(r)}`, ...(r() < 0.4 ? [`Co-Borrower ${person(r)}`] : []), `Property ${street(r)}, ${cityLine(r)}`, `Loan amount $${int(r, 80, 900)},000`, `Interest rate ${int(r, 2, 8)}.${int(r, 0, 9)}${int(r, 0, 9)}%`, `Loan term ${pick(r, ['30 years', '15 years', '20 years'])}`, `Monthly principal & interest $${money(r, 500, 5000)}`, ...some(r, [`Estimated escrow $${money(r, 100, 900)}`, `Closing costs $${money(r, 2000, 20000)}`, `Cash to close $${money(r, 5000, 90000)}`, `Prepayment penalty NO`, `Balloon payment NO`, `Loan ID ${digits(r, 10)}`, `NMLS ID ${digits(r, 6)}`, 'Lender ' + company(r), `Annual Percentage Rate (APR) ${int(r, 3, 9)}.${digits(r, 3)}%`], 3, 7)];
}

function budgetTable(r: Random): string[] {
  const months = MONTH.slice(0, int(r, 3, 12)).map((m) => m.slice(0, 3));
  const lines = [pick(r, ['Budget', `FY20${int(r, 18, 26)} Budget`, 'Expense Report', 'Sales by Region', 'Forecast', 'Sheet1', 'Cash flow']), `${pick(r, ['Category', 'Item', 'Region', 'Account'])} ${months.join(' ')} Total`];
  for (let i = int(r, 4, 14); i > 0; i--) lines.push(`${pick(r, ['Rent', 'Salaries', 'Marketing', 'Travel', 'North', 'South', 'Supplies', 'Utilities', 'Software', 'Revenue', 'COGS'])} ${months.map(() => int(r, 0, 9999)).join(' ')} ${int(r, 1000, 99999)}`);
  lines.push(`Total ${months.map(() => int(r, 1000, 99999)).join(' ')}`);
  return lines;
}

/** Small lists kept in a workbook: text columns (names, places, codes) beside a few numbers. */
const LIST_TABLES: readonly (readonly [string, readonly string[], (r: Random) => string[]])[] = [
  ['Team roster', ['Name', 'Position', 'Number'], (r) => [person(r), pick(r, ['Forward', 'Guard', 'Keeper', 'Defender']), String(int(r, 1, 99))]],
  ['Inventory', ['SKU', 'Item', 'Qty', 'Location'], (r) => [`SK${digits(r, 4)}`, pick(r, ['Bolts', 'Gloves', 'Paper', 'Cable', 'Tape']), String(int(r, 0, 500)), pick(r, ['A1', 'B3', 'C2', 'Shelf 4'])]],
  ['Contacts', ['Name', 'City', 'State'], (r) => [person(r), pick(r, CITY), pick(r, STATE)]],
  ['Results', ['Team', 'City', 'Wins', 'Losses'], (r) => [pick(r, ['Hawks', 'Bears', 'Lions', 'Comets', 'Rangers', 'Sharks']), pick(r, STATE), String(int(r, 0, 40)), String(int(r, 0, 40))]],
  ['Schedule', ['Date', 'Task', 'Owner', 'Status'], (r) => [short(r), pick(r, ['Review', 'Order parts', 'Call client', 'Deploy']), pick(r, FIRST), pick(r, ['Done', 'Open', 'Late'])]],
  ['Grades', ['Student', 'Test 1', 'Test 2', 'Final'], (r) => [person(r), String(int(r, 50, 100)), String(int(r, 50, 100)), String(int(r, 50, 100))]],
];

/** A workbook as the service reads it: "Sheet: name", then rows with cells joined by " | ". */
function workbook(r: Random): string[] {
  const lines: string[] = [];
  for (let sheet = int(r, 1, 3); sheet > 0; sheet--) {
    const [title, header, row] = pick(r, LIST_TABLES);
    const name = pick(r, [title, 'Sheet1', `${title} ${year(r, 18, 26)}`, 'Data']);
    lines.push(`Sheet: ${name}`, '', ...(r() < 0.5 ? [name] : []), header.join(' | '));
    for (let i = int(r, 2, 15); i > 0; i--) lines.push(row(r).join(' | '));
  }
  return lines;
}

function spreadsheet(r: Random): string[] {
  if (r() < 0.4) return workbook(r);
  const lines = budgetTable(r);
  return r() < 0.3 ? [`Sheet: ${lines[0]}`, '', ...lines.map((l) => l.replace(/ (?=\S)/g, ' | '))] : lines;
}

function presentation(r: Random): string[] {
  const slide = () => [pick(r, ['Agenda', 'Overview', 'Our Mission', 'Market Opportunity', 'Q3 Results', 'Next Steps', 'Key Takeaways', 'Roadmap', 'Questions?', 'Thank You', 'The Problem', 'Our Solution']), ...Array.from({ length: int(r, 0, 5) }, () => `${pick(r, ['•', '-', '▪', ''])} ${pick(r, ['Grow revenue', 'Expand to new markets', 'Customer feedback', 'Launch in Q2', 'Hire 10 engineers', 'Reduce churn', 'Improve onboarding', 'Partnerships'])}`.trim())];
  return [...(r() < 0.5 ? [`${company(r)}`, pick(r, ['Investor Update', 'Quarterly Business Review', 'Product Roadmap', 'Training Session'])] : []), ...Array.from({ length: int(r, 1, 4) }, slide).flat()];
}

function scientificArticle(r: Random): string[] {
  return [pick(r, ['Effects of', 'A study of', 'On the', 'Towards']) + ` ${pick(r, ['temperature', 'sleep', 'soil nitrogen', 'deep learning', 'protein folding'])} ${pick(r, ['in mice', 'on crop yield', 'for image segmentation', 'in adolescents'])}`, `${person(r)}¹, ${person(r)}², ${person(r)}¹`, `¹Department of ${pick(r, ['Biology', 'Physics', 'Computer Science'])}, ${pick(r, ORG)} University`, 'Abstract', `We investigate ${pick(r, ['the relationship between', 'the effect of'])} ${pick(r, ['X and Y', 'dosage and response'])}. Results show a significant increase (p < 0.0${int(r, 1, 5)}).`, `Keywords: ${some(r, ['modeling', 'regression', 'genomics', 'neural networks', 'climate'], 2, 4).join(', ')}`, '1. Introduction', `Previous work (${pick(r, LAST)} et al., 20${int(r, 10, 22)}) has shown that ...`, ...some(r, ['2. Materials and Methods', '3. Results', '4. Discussion', 'Fig. 2 shows the distribution of', 'Table 1. Summary statistics', 'Acknowledgments', 'References', `[1] ${pick(r, LAST)}, A. et al. J. ${pick(r, ['Biol.', 'Phys.', 'Appl.'])} ${int(r, 10, 99)}, ${int(r, 100, 999)} (20${int(r, 10, 22)}). doi:10.${digits(r, 4)}/${digits(r, 6)}`], 2, 6)];
}

function medicalRecord(r: Random): string[] {
  return [pick(r, ['Discharge Summary', 'Progress Note', 'Patient Visit Summary', 'Laboratory Report', 'Clinic Note']), `Patient: ${person(r)}`, `DOB ${short(r)}`, `MRN ${digits(r, 8)}`, `Date of service ${short(r)}`, ...some(r, [`Chief complaint: ${pick(r, ['chest pain', 'cough for 2 weeks', 'headache', 'back pain'])}`, `BP ${int(r, 100, 160)}/${int(r, 60, 100)} HR ${int(r, 55, 110)} Temp ${int(r, 97, 101)}.${int(r, 0, 9)} F`, `Allergies: ${pick(r, ['NKDA', 'penicillin', 'none known'])}`, `Medications: ${pick(r, ['lisinopril 10 mg daily', 'metformin 500 mg BID', 'atorvastatin 20 mg'])}`, `Assessment: ${pick(r, ['hypertension', 'type 2 diabetes', 'acute bronchitis'])} (ICD-10 ${pick(r, ['I10', 'E11.9', 'J20.9'])})`, 'Plan: follow up in 2 weeks', `Physician: ${person(r)}, MD`, `Hemoglobin ${int(r, 10, 17)}.${int(r, 0, 9)} g/dL`, 'History of present illness:'], 4, 8)];
}

function taxForm(r: Random): string[] {
  return [pick(r, ['Form W-2 Wage and Tax Statement', 'Form 1099-DIV Dividends and Distributions', 'Form 1040 U.S. Individual Income Tax Return', 'Form W-9 Request for Taxpayer Identification Number', 'Form 1099-MISC', 'Form 1099-INT Interest Income']), `20${int(r, 15, 25)}`, 'Department of the Treasury - Internal Revenue Service', `OMB No. 1545-${digits(r, 4)}`, ...some(r, [`a Employee's social security number XXX-XX-${digits(r, 4)}`, `b Employer identification number (EIN) ${digits(r, 2)}-${digits(r, 7)}`, `1 Wages, tips, other compensation ${money(r, 1000, 90000)}`, `2 Federal income tax withheld ${money(r, 100, 9000)}`, `PAYER'S TIN ${digits(r, 2)}-${digits(r, 7)}`, `RECIPIENT'S name ${person(r)}`, `1a Total ordinary dividends $ ${money(r)}`, 'Filing status Single Married filing jointly', 'Copy B For Recipient', 'Adjusted gross income'], 3, 7)];
}

function creditNote(r: Random): string[] {
  return [company(r), pick(r, ['CREDIT NOTE', 'Credit Memo', 'Credit note']), `Credit note no. CN-${digits(r, 5)}`, `Date ${short(r)}`, `Original invoice ${pick(r, ['INV-', ''])}${digits(r, 5)}`, `Customer ${company(r)}`, `Reason: ${pick(r, ['returned goods', 'pricing error', 'damaged in transit', 'duplicate billing'])}`, ...Array.from({ length: int(r, 1, 4) }, () => `${pick(r, ['Widget', 'Service fee', 'Cable set', 'Consulting hours'])} -${int(r, 1, 9)} ${money(r)} -${money(r)}`), `Total credit -${money(r)}`, pick(r, ['This amount will be refunded to your account.', 'The credit will be applied to your next invoice.'])];
}

function report(r: Random): string[] {
  return [pick(r, ['Annual Report', 'Quarterly Status Report', 'Project Progress Report', 'Inspection Report', 'Audit Report', 'Market Analysis']), `Prepared by ${person(r)}`, `${pick(r, MONTH)} 20${int(r, 15, 26)}`, ...some(r, ['Executive Summary', 'Table of Contents', '1. Introduction', '2. Background', '3. Findings', '4. Recommendations', '5. Conclusion', 'Appendix A'], 3, 6), `Revenue increased ${int(r, 1, 40)}% compared to the previous fiscal year, driven by ${pick(r, ['new customers', 'higher prices', 'cost savings'])}.`, `The review found ${int(r, 2, 15)} issues, of which ${int(r, 1, 4)} are rated high priority.`, `Figure ${int(r, 1, 9)}: ${pick(r, ['Sales by quarter', 'Incidents per month', 'Budget vs actual'])}`];
}

function memo(r: Random): string[] {
  return [pick(r, ['MEMORANDUM', 'MEMO', 'Inter-Office Memorandum']), `TO: ${pick(r, ['All Staff', person(r), 'Department Heads'])}`, `FROM: ${person(r)}`, `DATE: ${day(r)}`, `RE: ${pick(r, ['Holiday schedule', 'New expense policy', 'Parking changes', 'System upgrade'])}`, ...Array.from({ length: int(r, 1, 4) }, () => pick(r, ['Please be advised that the new policy takes effect next month.', 'All employees must submit timesheets by Friday noon.', 'The office will be closed on Monday for maintenance.', 'Questions should be directed to Human Resources.']))];
}

function invoiceLike(r: Random, kind: 'invoice' | 'receipt'): string[] {
  if (kind === 'receipt') return [company(r).toUpperCase(), street(r), `TEL ${digits(r, 3)}-${digits(r, 7)}`, `${short(r)} ${int(r, 10, 23)}:${int(r, 10, 59)}`, ...Array.from({ length: int(r, 1, 8) }, () => `${pick(r, ['COFFEE', 'BREAD', 'MILK', 'CHICKEN RICE', 'NOTEBOOK', 'SODA'])} ${int(r, 1, 3)} ${money(r, 1, 30)}`), `TOTAL ${money(r, 5, 200)}`, pick(r, ['CASH', 'VISA ****' + digits(r, 4), 'MASTERCARD']), `CHANGE ${money(r, 0, 20)}`, pick(r, ['THANK YOU', 'PLEASE COME AGAIN', 'Thank you for shopping with us'])];
  return [company(r), 'INVOICE', `Invoice # ${digits(r, 5)}`, `Date ${short(r)}`, 'Bill To', company(r), street(r), cityLine(r), 'Description Qty Unit price Amount', ...Array.from({ length: int(r, 1, 8) }, () => `${pick(r, ['Consulting', 'Hosting', 'Design work', 'Licence', 'Support'])} ${int(r, 1, 20)} ${money(r)} ${money(r)}`), `Subtotal ${money(r)}`, `Tax ${money(r, 1, 90)}`, `Total due ${money(r)}`, `Payment terms Net ${pick(r, ['15', '30', '45'])}`];
}

/** A generator per class: only classes listed here get genre-shaped documents. */
/** One of two layouts of a kind, half the time each. */
const either =
  (a: (r: Random) => string[], b: (r: Random) => string[]) =>
  (r: Random): string[] =>
    r() < 0.5 ? a(r) : b(r);

/** A receipt photographed in part: a few consecutive lines of it (the total, the card slip, the thanks). */
function receiptPart(r: Random): string[] {
  const lines = invoiceLike(r, 'receipt');
  const n = int(r, 3, 6);
  const start = int(r, 0, Math.max(0, lines.length - n));
  return lines.slice(start, start + n);
}

export const GENRES: Readonly<Record<string, (r: Random) => string[]>> = {
  news_article: newsArticle,
  utility_bill: (r) => (r() < 0.35 ? meterTableBill(r) : either(utilityBill, europeanUtilityBill)(r)),
  certificate,
  // A third of the notes OCR could hardly follow at all: pieces, not misread words.
  handwritten: (r) => (r() < 0.35 ? fragmentedHandwriting(r) : handwritten(r)),
  contract,
  resume,
  pay_stub: either(payStub, europeanPayslip),
  bank_statement: either(bankStatement, europeanStatement),
  shipping_document: (r) => (r() < 0.34 ? straightBillOfLading(r) : either(shipping, consignmentNote)(r)),
  health_insurance_card: either((r) => card(r, 'health_insurance_card'), europeanHealthCard),
  business_card: (r) => card(r, 'business_card'),
  identity_document: (r) => (r() < 0.35 ? scannedIdCard(r) : either((r2) => card(r2, 'identity_document'), europeanId)(r)),
  bank_check: bankCheck,
  envelope,
  court_filing: courtFiling,
  vehicle_registration: vehicleRegistration,
  mortgage_document: mortgage,
  spreadsheet,
  presentation: (r) => (r() < 0.6 ? slideDeck(r) : presentation(r)),
  scientific_article: scientificArticle,
  medical_record: either(medicalRecord, clinicalNote),
  tax_form: taxForm,
  // Half the credit notes come from an invoice's template with a credit title: the title, not the template, tells them apart.
  credit_note: either((r) => eInvoiceRendering(r, 'credit_note'), either(creditNote, creditNoteVariant)),
  // Reports of several kinds and languages (classify-genres-reports.ts), and the short older template.
  report: (r) => (r() < 0.75 ? generatedReport(r) : report(r)),
  // Many memos carry no MEMORANDUM title or header block: a date, who it is for, a few facts, a first name.
  memo: (r) => (r() < 0.2 ? typedNote(r) : r() < 0.6 ? shortNotice(r) : memo(r)),
  quote,
  purchase_order: purchaseOrder,
  insurance_claim: insuranceClaim,
  invoice: either((r) => invoiceLike(r, 'invoice'), (r) => eInvoiceRendering(r, 'invoice')),
  receipt: (r) => (r() < 0.3 ? receiptPart(r) : invoiceLike(r, 'receipt')),
};

const CONFUSABLE: Readonly<Record<string, string>> = { l: '1', I: 'l', O: '0', o: '0', e: 'c', a: 'o', S: '5', rn: 'm', m: 'rn', i: 'i', B: '8', h: 'b' };

/** Text as OCR of a scan or photo reads it: some characters confused or dropped, some words split or run together. */
export function ocrNoise(lines: readonly string[], r: Random, rate: number): string[] {
  return lines.map((line) => {
    let out = '';
    for (let i = 0; i < line.length; i++) {
      const ch = line[i];
      const roll = r();
      if (roll < rate * 0.3) continue;
      if (roll < rate * 0.8 && CONFUSABLE[ch]) out += CONFUSABLE[ch];
      else if (roll < rate && ch === ' ') out += '';
      else if (roll < rate * 1.1 && /\p{L}/u.test(ch)) out += `${ch} `;
      else out += ch;
    }
    return out;
  }).filter((l) => r() > rate * 0.5 || !l.trim());
}
