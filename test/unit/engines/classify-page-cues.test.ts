/**
 * Round three's page cues (functions/engines/classify/page-cues.ts): ordinary-language share, lines broken into
 * pieces, identity-document fields and OCR'd machine-readable lines, the shape of correspondence, bylines and
 * datelines. Texts are made-up look-alikes.
 */
import { describe, expect, it } from 'vitest';
import {
  brokenLinesToken,
  commonWordToken,
  correspondenceToken,
  signOffToken,
  idFieldsToken,
  isMrzLike,
  newsTokens,
  pageCueTokens,
} from '../../../functions/engines/classify/page-cues.ts';
import { layoutTokens } from '../../../functions/engines/classify/features.ts';

const lines = (text: string) => text.split('\n').filter((l) => l.trim());

const SCRAWL = 'Bo tn Rea Ls, Hi 12d\n\nol wit) pu [0 7 kk ME Ctr\n\nI ev TR ana Vl a mid 1 oL\n\nNe 0 tou fle Sa';
const NOTE = 'Hugo,\nthe keys for the storage room are with reception and the van is back on Monday.\nThanks';
const LICENCE =
  'COASTAL STATE\nDRIVER LICENSE\n4a ISS 4d NUMBER\n02/11/2024 512KX4471\nDOB 07/04/1991\nEXP 07/04/2032\nCLASS D REST NONE\nSEX F HGT 5-06 EYES GRN';
const CARTE = "CARTE D'IDENTITÉ / IDENTITY CARD\nNom / Surname\nVALMONT\nDate de naiss / Date of birth\n02 05 1987\nSexe / Sex F";

describe('Function: commonWordToken', () => {
  it.each([
    ['typed prose', NOTE, '#common:4'],
    ['OCR of handwriting', SCRAWL, '#common:1'],
    ['too few tokens to judge', 'Total 12.00', '#common:none'],
  ])('reads %s', (_name, text, expected) => {
    expect(commonWordToken(text)).toBe(expected);
  });
});

describe('Function: brokenLinesToken', () => {
  it('finds most lines of OCR handwriting broken into pieces, none of a typed note (0: no short line to judge)', () => {
    expect(brokenLinesToken(lines(SCRAWL))).toBe('#broken-lines:4');
    expect(brokenLinesToken(lines(`${NOTE}\nsee you on Monday`))).toBe('#broken-lines:1');
    expect(brokenLinesToken(lines(NOTE))).toBe('#broken-lines:0');
  });
});

describe('Function: idFieldsToken and isMrzLike', () => {
  it.each([
    ['a US-style licence', LICENCE, '#id-fields:3'],
    ['a bilingual ID card', CARTE, '#id-fields:2'],
    ['a letter', NOTE, '#id-fields:0'],
  ])('counts the field kinds of %s', (_name, text, expected) => {
    expect(idFieldsToken(text)).toBe(expected);
  });

  it.each([
    ['fillers kept', 'P<UTOVALMONT<<ELISE<<<<<<<<<<<<<<<<<<<<<<<', true],
    ['fillers read as letters, a space inside', '8705024F3105027UTO LLKLLLLLLLLT', true],
    ['an IBAN', 'GB29 NWBK 6016 1331 9268 19', false],
    ['a heading', 'STATEMENT OF ACCOUNT FOR THE PERIOD', false],
  ])('tells a machine-readable line (%s)', (_name, line, expected) => {
    expect(isMrzLike(line)).toBe(expected);
  });
});

describe('Function: signOffToken', () => {
  it.each([
    ['a letter signed with a full name', 'Dear Ms Roux,\nThank you for your order.\nKind regards,\nTom Hale\nSales Manager', '#signoff:full'],
    ['a notice signed with a first name', 'To all staff:\nThe car park is closed on Friday.\nBest regards,\nIda', '#signoff:first'],
    ['an e-mail thanked and signed', 'Hi Ola,\nthe draft is attached.\nThanks,\nBirk', '#signoff:first'],
    ['an invoice without a closing', 'INVOICE 2041\nConsulting 3 120.00\nTotal 360.00', '#signoff:none'],
  ])('reads %s', (_name, text, expected) => {
    expect(signOffToken(lines(text))).toBe(expected);
  });
});

describe('Function: correspondenceToken', () => {
  it.each([
    ['a letter', 'Kestrel Ltd\n4 Mill Lane\nDear Ms Roux,\nThank you for your order.\nKind regards,\nTom Hale', '#corr:1:1:0'],
    ['a notice to staff', 'May 3, 2026\nTo all staff:\nThe car park is closed on Friday.\nBest regards,\nIda', '#corr:0:1:1'],
    ['a notice to whoever reads it', 'June 2, 2026\nTo whom it may concern:\nThe lift is serviced on Monday.\nKind regards,\nOla', '#corr:1:1:1'],
    ['a memo block', 'MEMORANDUM\nTo: Sales team\nFrom: Ida Berg\nRe: Price list', '#corr:0:0:1'],
    ['an invoice', 'INVOICE 2041\nConsulting 3 120.00\nTotal 360.00', '#corr:0:0:0'],
  ])('reads %s', (_name, text, expected) => {
    expect(correspondenceToken(lines(text))).toBe(expected);
  });
});

describe('Function: newsTokens', () => {
  it('finds a byline and a dateline in a story, neither on a receipt', () => {
    const story = 'Harbour bridge to close for repairs\nBy Lena Hartmann, Staff Writer\nPORTVALE, March 4 (Reuters) — The council voted on Tuesday';
    expect(newsTokens(lines(story))).toEqual(['#byline', '#dateline']);
    expect(newsTokens(lines('CAFE SOLMAR - TAX INVOICE\nCOFFEE 3.50\nTOTAL 3.50'))).toEqual([]);
  });
});

describe('Function: layoutTokens (round three)', () => {
  it('adds the page cues and the fragments-by-language pair, and reads a tilde line end as a broken word', () => {
    const t = layoutTokens([{ text: SCRAWL }]);
    expect(t).toEqual(expect.arrayContaining(pageCueTokens(lines(SCRAWL), SCRAWL)));
    expect(t.find((x) => x.startsWith('#hand:'))).toMatch(/^#hand:[34]:1$/);
    const column =
      'The school opened its doors last week to the be~\nginning of a new program of study~\nin the town, and the teach~\ners met every morn~\ning.';
    expect(layoutTokens([{ text: column }])).not.toContain('#hyphen-wrap:1');
  });
});
