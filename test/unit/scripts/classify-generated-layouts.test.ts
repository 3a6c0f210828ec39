/**
 * Generated documents of issue 41's round two (scripts/train/classify-genres-layouts.ts): decks read one
 * page per slide on the US Letter pages the service reads office files onto, and bills of lading that carry
 * the shipping cues a form does not.
 */
import { describe, expect, it } from 'vitest';
import { shippingToken } from '../../../functions/engines/classify/structure.ts';
import { seeded } from '../../../scripts/lib/random.ts';
import { PAGE_BREAK, slideDeck, straightBillOfLading } from '../../../scripts/train/classify-genres-layouts.ts';
import { syntheticDocument } from '../../../scripts/train/classify-synthetic.ts';

describe('Generated layouts (classify training)', () => {
  it('splits a generated deck into one page per slide, none of them holding the break mark', () => {
    // Prepare
    const r = seeded(41);
    const decks = Array.from({ length: 40 }, () => syntheticDocument('presentation', r, 1));
    // Assess
    expect(decks.some((d) => d.pages.length > 1)).toBe(true);
    expect(decks.every((d) => d.pages.every((p) => !p.text.includes(PAGE_BREAK)))).toBe(true);
  });

  // Generated workbooks printed as "Sheet: …" keep their drawn page shape for now (the committed model was trained so).
  it('puts every generated deck and word-processor file on a US Letter page', () => {
    const r = seeded(7);
    const docs = ['presentation', 'spreadsheet', 'report', 'letter'].flatMap((label) =>
      Array.from({ length: 60 }, () => syntheticDocument(label, r)),
    );
    const office = docs.flatMap((d) => d.pages).filter((p) => ['pptx', 'docx'].includes(p.kind ?? ''));
    expect(office.length).toBeGreaterThan(10);
    expect(office.every((p) => p.width === 612 && p.height === 792)).toBe(true);
  });

  it('gives a bill of lading several kinds of shipping labels and a deck slides of a few lines', () => {
    const r = seeded(3);
    for (let i = 0; i < 20; i++) {
      expect(shippingToken(straightBillOfLading(r))).toBe('#ship-labels:3');
      const pages = slideDeck(r).join('\n').split(`\n${PAGE_BREAK}\n`);
      expect(Math.max(...pages.map((p) => p.split('\n').length))).toBeLessThanOrEqual(8);
    }
  });
});
