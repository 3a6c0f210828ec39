/**
 * Invented German till receipts for training the receipt ranker (never for measuring): chains, towns, streets and items
 * made up from syllables, laid out as receipts print them — a logo OCR reads as no word, a slogan, the head line the
 * shop's web address spells, the address, items, the sum, cash and change or a card payment with its processor's web
 * address, a tax row, the till line with date and time, courtesy lines and the legal name in the footer. A chain whose
 * head prints only its logo leaves its name to the web address or the footer (so the model learns to take them over
 * a logo OCR reads as no word). The 27 German corpus receipts hold too few chains for the model to learn such evidence
 * across shops; these add chains it can learn it from. Seeded: the same seed gives the same receipts.
 *
 * @module
 */
import type { BBox, DocumentPage } from '../../functions/engines/document-model.ts';
import { seeded } from '../lib/random.ts';

const FIRST = ['Linden', 'Sonnen', 'Frisch', 'Korn', 'Wiesen', 'Berg', 'Hafen', 'Mühlen', 'Birken', 'Tannen', 'Kiesel', 'Falken'];
const SECOND = ['kauf', 'markt', 'haus', 'laden', 'hof', 'kiste', 'korb', 'eck'];
const TOWNS = ['Musterstadt', 'Beispielheim', 'Neuhafen', 'Altdorf', 'Waldau', 'Seefeld', 'Steinbach', 'Rosenthal'];
const STREETS = ['Lindenallee', 'Am Markt', 'Bahnhofstr.', 'Hauptstraße', 'Kirchweg', 'Gartenstr.', 'Mühlenweg', 'Schulstraße'];
const SLOGANS = ['FRISCH EINKAUFEN / GUT LEBEN', 'IHR MARKT FÜR JEDEN TAG', 'QUALITÄT ZUM KLEINEN PREIS', 'Alles für Haus und Garten', 'GUT UND GÜNSTIG'];
const ITEMS = ['DINKELBROT 750G', 'VOLLMILCH 1L', 'BIO ÄPFEL', 'KAFFEE GEMAHLEN', 'BUTTER 250G', 'TOMATEN', 'NUDELN 500G', 'ORANGENSAFT', 'KÄSE GOUDA', 'SPÜLMITTEL'];
const PROCESSORS = ['Quixpay', 'Zahlfix', 'Kartenblick', 'Paynordo'];
const COURTESY = ['Vielen Dank für Ihren Einkauf', 'Unsere Öffnungszeiten: Mo-Sa 8-20 Uhr', 'Bitte Bon aufbewahren'];
const LOGO_NOISE = ['E ELQ O', 'Wel ibe nell', 'LE EI.', 'O0 Om.', '| i|| ||'];

export interface SyntheticReceipt {
  readonly id: string;
  readonly page: DocumentPage;
  /** The chain's name (scored as a merchant), the total and the date. */
  readonly truth: { readonly vendor_name: string; readonly total_amount: string; readonly invoice_date: string };
}

const euro = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
const two = (n: number) => String(n).padStart(2, '0');

/** One line of a page: text, and a box down the page (a head line may be printed taller). */
function page(rows: readonly { text: string; tall?: boolean }[]): DocumentPage {
  let y = 0.04;
  const lines = rows.map(({ text, tall }) => {
    const h = tall ? 0.035 : 0.018;
    const width = Math.min(0.9, 0.1 + text.length * 0.016);
    const bbox: BBox = [0.5 - width / 2, y, 0.5 + width / 2, y + h];
    y += h + 0.006;
    return { text, bbox, wordIndexes: [] };
  });
  return { pageNumber: 1, width: 1, height: 1, words: [], blocks: [], lines, text: rows.map((r) => r.text).join('\n'), source: 'ocr' };
}

/** `count` invented receipts, seeded. */
/** Zeros as OCR reads them off thermal print. */
const ZERO_GLYPHS = ['O', 'U', 'D'];

/**
 * The sum's line as OCR may read it (`noise` draws, a stream of its own so the receipts stay as they were): as printed
 * (most), one digit of the amount misread (the payment and the tax row still print the truth), its zeros read as letters
 * or its comma as a space ("27 45", "24,UU"), or, where it says "Total", the label misread ("T0TAL", "otal").
 */
function sumLine(cents: number, noise: () => number): string {
  const draw = noise();
  const label = noise() < 0.25 ? (noise() < 0.5 ? ['T0TAL EUR', 'otal EUR', 'Tota1 EUR', 'TOTAI EUR'][Math.floor(noise() * 4)] : 'TOTAL EUR') : 'SUMME EUR';
  const amount = euro(cents);
  if (draw < 0.12) {
    const digits = [...amount].map((c, k) => (/\d/.test(c) ? k : -1)).filter((k) => k >= 0);
    const at = digits[Math.floor(noise() * digits.length)];
    const wrong = String((Number(amount[at]) + 1 + Math.floor(noise() * 8)) % 10);
    return `${label} ${amount.slice(0, at)}${wrong}${amount.slice(at + 1)}`;
  }
  if (draw < 0.22) {
    const glyph = ZERO_GLYPHS[Math.floor(noise() * ZERO_GLYPHS.length)];
    return `${label} ${/0/.test(amount) ? amount.replace(/0/g, glyph) : amount.replace(',', ' ')}`;
  }
  return `${label} ${amount}`;
}

export function syntheticReceipts(count: number, seed: number): SyntheticReceipt[] {
  const random = seeded(seed);
  const noise = seeded(seed + 1);
  const pickOne = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const chance = (p: number) => random() < p;
  return Array.from({ length: count }, (_, n) => {
    const chain = pickOne(FIRST) + pickOne(SECOND);
    const town = pickOne(TOWNS);
    const rows: { text: string; tall?: boolean }[] = [];
    const [logo, slogan, headPrinted] = [chance(0.5), chance(0.6), chance(0.8)];
    // A chain that prints its name only as a logo: OCR reads the logo as no word, and the name is left to the web
    // address or the footer's legal name (or to both: then each is a right answer, and the logo never).
    if (logo || !headPrinted) rows.push({ text: pickOne(LOGO_NOISE), tall: true });
    if (slogan) rows.push({ text: pickOne(SLOGANS) });
    if (headPrinted) rows.push({ text: chance(0.5) ? `${chain} ${town}` : chain, tall: chance(0.5) });
    rows.push({ text: `${pickOne(STREETS)} ${1 + Math.floor(random() * 80)}` }, { text: `${10000 + Math.floor(random() * 89999)} ${town}` });
    if (chance(0.6)) rows.push({ text: `Tel. 0${Math.floor(1000 + random() * 8999)} ${Math.floor(10000 + random() * 89999)}` });
    let total = 0;
    for (let k = 0, items = 2 + Math.floor(random() * 7); k < items; k++) {
      const cents = 49 + Math.floor(random() * 1500);
      total += cents;
      rows.push({ text: `${pickOne(ITEMS)} ${euro(cents)} A` });
    }
    rows.push({ text: sumLine(total, noise), tall: chance(0.5) });
    const card = chance(0.4);
    if (card) {
      rows.push({ text: 'Kartenzahlung girocard' }, { text: `EUR ${euro(total)}` });
      if (chance(0.7)) {
        const processor = pickOne(PROCESSORS);
        rows.push({ text: 'Datenverarbeitung durch' }, { text: `${processor} Payment` }, { text: `Services www.${processor.toLowerCase()}.de` });
      }
    } else {
      const tendered = Math.ceil(total / 1000) * 1000 + (chance(0.5) ? 1000 : 0);
      rows.push({ text: `BAR EUR ${euro(tendered)}` }, { text: `RÜCKGELD EUR ${euro(tendered - total)}` });
    }
    const net = Math.round(total / 1.07);
    rows.push({ text: 'MwSt Netto MwSt Brutto' }, { text: `A 7% ${euro(net)} ${euro(total - net)} ${euro(total)}` });
    const [day, month, year] = [1 + Math.floor(random() * 28), 1 + Math.floor(random() * 12), 2031 + Math.floor(random() * 4)];
    const date = `${two(day)}.${two(month)}.${year}`;
    rows.push({ text: `${date} ${two(Math.floor(random() * 24))}:${two(Math.floor(random() * 60))} Bon ${Math.floor(random() * 9999)} Kasse ${1 + Math.floor(random() * 9)}` });
    if (chance(0.7)) rows.push({ text: `www.${chain.toLowerCase()}${chance(0.5) ? `-${town.toLowerCase()}` : ''}.de` });
    if (chance(0.7)) rows.push({ text: pickOne(COURTESY) });
    if (chance(headPrinted ? 0.4 : 0.5)) rows.push({ text: `${chain} GmbH & Co. KG, ${town}` });
    return {
      id: `syn:${n}`,
      page: page(rows),
      truth: { vendor_name: chain.toLowerCase(), total_amount: (total / 100).toFixed(2), invoice_date: `${year}-${two(month)}-${two(day)}` },
    };
  });
}
