/**
 * OCR languages: the `languages` option's parsing, the language guess from
 * a page's text, and pages read with the right model (accents kept) whether
 * the language is given or found.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ocrLanguageOf } from '../../../functions/contracts/ocr-languages.ts';
import { ParseQuery } from '../../../functions/contracts/schemas/parse.ts';
import { guessLanguage } from '../../../functions/engines/ocr/language-detect.ts';
import { ocrImage } from '../../../functions/engines/ocr/ocr-page.ts';
import { terminateOcr } from '../../../functions/engines/ocr/tesseract-pool.ts';
import { cer, textImage } from './ocr-fixtures.ts';

afterAll(() => terminateOcr());

const FRENCH = [
  'Le conseil municipal a décidé de rénover la place',
  "du marché avant la fin de l'été. Les travaux",
  'commenceront dès que les entreprises auront été',
  'choisies, et la circulation sera déviée pendant',
  "trois semaines près de l'église et du théâtre.",
];
const GERMAN = [
  'Die Rechnung ist bis zum 15. März ohne Abzug zu',
  'zahlen. Für Rückfragen stehen wir Ihnen gerne zur',
  'Verfügung. Bitte geben Sie bei der Überweisung die',
  'Rechnungsnummer an, damit wir Ihre Zahlung schnell',
  'zuordnen können. Vielen Dank für Ihren Auftrag.',
];

describe('languages option', () => {
  it('accepts two- and three-letter codes, in any case, without repeats', () => {
    expect(ParseQuery.parse({ languages: 'de, FRA,de' }).languages).toEqual(['de', 'fr']);
    expect(ParseQuery.parse({}).languages).toBeUndefined();
    expect(ocrLanguageOf('por')).toBe('pt');
    expect(ocrLanguageOf('xx')).toBeUndefined();
  });

  it('refuses unknown languages and too many, naming what OCR reads', () => {
    const unknown = ParseQuery.safeParse({ languages: 'de,klingon' });
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues[0].message).toMatch(/unknown language 'klingon'.*en, de, fr, es, it, nl, pt/);
    expect(ParseQuery.safeParse({ languages: 'de,fr,es,it' }).success).toBe(false);
    expect(ParseQuery.safeParse({ languages: ' , ' }).success).toBe(false);
  });
});

describe('language guess', () => {
  it('tells the seven OCR languages apart from a few lines, also as read by the English model', () => {
    expect(guessLanguage(FRENCH.join(' ')).language).toBe('fr');
    expect(guessLanguage(GERMAN.join(' ')).language).toBe('de');
    // Accents lost, as the English model reads them.
    expect(guessLanguage(GERMAN.join(' ').replace(/ü/g, 'u').replace(/ä/g, 'a')).language).toBe('de');
    expect(guessLanguage('El ayuntamiento ha decidido renovar la plaza del mercado antes del final del verano y los trabajos empezarán pronto para todos los vecinos').language).toBe('es');
    expect(guessLanguage('Il consiglio comunale ha deciso di rinnovare la piazza del mercato prima della fine della estate e i lavori non sono ancora iniziati').language).toBe('it');
    expect(guessLanguage('De gemeenteraad heeft besloten het marktplein te vernieuwen voor het einde van de zomer en de werken worden snel uitgevoerd door een bedrijf uit de stad').language).toBe('nl');
    expect(guessLanguage('A câmara municipal decidiu renovar a praça do mercado antes do fim do verão e as obras não vão demorar para os moradores da cidade').language).toBe('pt');
    expect(guessLanguage('The council has decided to renovate the market square before the end of the summer and the work will start as soon as a company is chosen').language).toBe('en');
  });

  it('does not take an English receipt full of "No." and specks read as one letter for Portuguese', () => {
    // Invented: "No" on every other line, a tick read as "a", "e-mail" split into "e", a logo read as "o".
    const receipt = [
      'KEDAI RUNCIT MAJU SDN BHD', 'Co. Reg No: 123456-X', 'GST Reg No: 000123456789', 'No 12, Jalan Mawar 3', 'Tel No: 03-1234 5678',
      'e-mail: kedai@example.com', 'Invoice No: 99881', 'Table No: 4', 'Cashier: a', 'o', 'MILO ICE 2 x 3.50 7.00 a',
      'NASI LEMAK 1 x 6.00 6.00 e', 'Bill No: 7781', 'TOTAL 13.00', 'CASH 20.00', 'CHANGE 7.00', 'Thank you, please come again',
    ].join('\n');
    expect(guessLanguage(receipt).language).toBe('en');
    // Portuguese prose still reads as Portuguese with its one-letter words left out.
    expect(guessLanguage('O cliente pagou a conta no balcão e o recibo foi enviado para o endereço de e-mail que não estava correto').language).toBe('pt');
  });

  it('takes a German till receipt with no function words for German, from the words of shops and tills', () => {
    // Invented, as the English model reads one: umlauts lost, no "der", "die", "und".
    const receipt = [
      'BACKHAUS KORNFELD', 'Lindenallee 17', '40210 Beispielstadt', 'EUR', 'Roggenbrot 750g 3,49 A', 'Butterbrezel 2 x 0,95 1,90 A',
      'Kaffee Crema 2,80 B', 'Summe 8,19', 'Bar 10,00', 'Ruckgeld 1,81', 'MwSt% MwSt Netto Brutto', 'A 7% 0,35 5,04 5,39',
      'Datum 14.03.2025 Uhr 08:12', 'Kasse 2 Beleg 4471', 'Vielen Dank',
    ].join('\n');
    const guess = guessLanguage(receipt);
    expect(guess.language).toBe('de');
    expect(guess.sure).toBe(true);
  });

  it('keeps English for text too short or too poor in words to tell (receipts, numbers)', () => {
    const receipt = guessLanguage('TOTAL 12.50\nCASH 20.00\nCHANGE 7.50\nGST 0.71\nTHANK YOU');
    expect(receipt.sure).toBe(false);
    expect(receipt.language).toBe('en');
  });
});

describe('OCR with language models', () => {
  it('reads a French page with its accents when no language is given', async () => {
    const page = textImage(FRENCH, { width: 1400, height: 600, fontSize: 30, x: 40, y: 40 });
    const result = await ocrImage({ image: page.png });
    expect(result.languages).toEqual(['fr']);
    expect(result.text).toContain('été');
    expect(cer(result.text, page.text)).toBeLessThan(0.03);
  });

  it('reads a German page with the German model when asked to', async () => {
    const page = textImage(GERMAN, { width: 1400, height: 600, fontSize: 30, x: 40, y: 40 });
    const result = await ocrImage({ image: page.png }, { languages: ['de'] });
    expect(result.languages).toEqual(['de']);
    expect(result.text).toMatch(/Überweisung|Rückfragen/);
    expect(cer(result.text, page.text)).toBeLessThan(0.03);
  });
});

describe('parse metadata', () => {
  it('lists the languages pages were read with or are written in, and the warnings of unread pages', async () => {
    const { documentLanguages, documentWarnings } = await import('../../../functions/operations/parse.ts');
    const page = (n: number, extra: object) => ({ pageNumber: n, width: 1, height: 1, words: [], lines: [], blocks: [], text: '', source: 'ocr' as const, ...extra });
    const doc = {
      kind: 'pdf' as const,
      engines: [],
      pages: [
        page(1, { languages: ['de'], text: 'Rechnung' }),
        page(2, { languages: ['de'] }),
        page(3, { source: 'text-layer', text: 'The council has decided to renovate the market square before the end of the summer and the work will start' }),
        page(4, { warnings: ['Page 4 shows ink but no text could be read from it.'] }),
      ],
    };
    expect(documentLanguages(doc)).toEqual(['de', 'en']);
    expect(documentWarnings(doc)).toEqual({ warnings: ['Page 4 shows ink but no text could be read from it.'] });
    expect(documentWarnings({ ...doc, pages: doc.pages.slice(0, 3) })).toEqual({});
  });
});
