/**
 * A machine-readable zone whose OCR dropped a line: the lines read say where
 * the others are (same edges, one pitch away), and those are masked without
 * text. Every zone here is invented for these tests (the issuing state
 * `UTO` is ICAO's specimen code).
 */
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import type { BBox } from '../../../functions/engines/document-model.ts';
import { terminateOcr } from '../../../functions/engines/ocr/tesseract-pool.ts';
import { redactedFirstPage } from './redact-plan.ts';
import { pixelsOf } from '../../helpers/png-pixels.ts';
import { unreadZoneLineMasks } from '../../../functions/engines/redact/mrz-zone-masks.ts';
import type { IndexedWord, TextIndex } from '../../../functions/engines/redact/text-index.ts';

afterAll(() => terminateOcr());

const PASSPORT_NAME = 'P<UTOBRACKWELL<<ODALYS<MAE<<<<<<<<<<<<<<<<<<';
const PASSPORT_NUMBER = 'Q7L2204K81UTO9107228F3302146<<<<<<<<<<<<<<04';
const CARD_NUMBER = 'I<UTOK48R2291C5<<<<<<<<<<<<<<<';
const CARD_DATES = '9107228F3302146UTO<<<<<<<<<<<6';
const CARD_NAME = 'BRACKWELL<<ODALYS<MAE<<<<<<<<<';
/** A page's text: a printed line, then the given zone lines, one word a line, each 0.03 high at a pitch of 0.06 from `top`. */
function indexOf(zoneLines: readonly string[], top = 0.8): TextIndex {
  const lines = ['Specimen document, invented', ...zoneLines];
  const words: IndexedWord[] = [];
  let offset = 0;
  lines.forEach((text, i) => {
    const y = i === 0 ? 0.1 : top + 0.06 * (i - 1);
    const bbox: BBox = [0.05, y, 0.05 + 0.0145 * text.length, y + 0.03];
    words.push({ pageIndex: 0, pageNumber: 1, text, bbox, start: offset, end: offset + text.length });
    offset += text.length + 1;
  });
  return { text: lines.join('\n'), words };
}

describe('unreadZoneLineMasks', () => {
  it.each([
    ['a passport zone read in full', [PASSPORT_NAME, PASSPORT_NUMBER], 0],
    ['an identity card zone read in full', [CARD_NUMBER, CARD_DATES, CARD_NAME], 0],
    ['no zone at all', [], 0],
  ])('%s → no mask', (_name, zone, expected) => {
    expect(unreadZoneLineMasks(indexOf(zone))).toHaveLength(expected);
  });

  it("masks a passport zone's number line below its name line when OCR read only the name line", () => {
    // Act
    const [mask, ...rest] = unreadZoneLineMasks(indexOf([PASSPORT_NAME]));
    // Assess: one uncounted mask, starting at the name line's foot and reaching past the next line's place (0.86–0.89).
    expect(rest).toEqual([]);
    expect(mask).toMatchObject({ type: 'PASSPORT_NUMBER', counted: false, pageIndex: 0 });
    const [left, top, right, bottom] = mask.bbox;
    expect(top).toBeCloseTo(0.83, 5);
    expect(bottom).toBeGreaterThan(0.89);
    expect(left).toBeLessThan(0.05);
    expect(right).toBeGreaterThan(0.05 + 0.0145 * PASSPORT_NAME.length);
  });

  it("masks an identity card's first two lines above its name line, at the pitch of the lines read", () => {
    // Prepare: the card's name line alone, and its dates and name lines (pitch 0.06).
    const nameOnly = unreadZoneLineMasks(indexOf([CARD_NAME], 0.9));
    const twoLines = unreadZoneLineMasks(indexOf([CARD_DATES, CARD_NAME], 0.84));
    // Assess: the missing lines lie above what was read (the name closes a three-line zone).
    expect(nameOnly).toHaveLength(1);
    expect(nameOnly[0].bbox[3]).toBeCloseTo(0.9, 5);
    expect(nameOnly[0].bbox[1]).toBeLessThan(0.9 - 2 * 0.06);
    expect(nameOnly[0].type).toBe('NATIONAL_ID');
    expect(twoLines).toHaveLength(1);
    expect(twoLines[0].bbox[3]).toBeCloseTo(0.84, 5);
    expect(twoLines[0].bbox[1]).toBeLessThanOrEqual(0.78);
  });
});

describe('Redacting a passport data page whose zone OCR half read', () => {
  /** A specimen's zone, as printed: this layout's second line is one the reader drops. */
  const ZONE = ['P<UTOQUARRINGTON<<MIRABEL<ANNE<<<<<<<<<<<<<<', 'X4R8815Q27UTO8603041F3105129<<<<<<<<<<<<<<08'];

  /** A data page: fields under bilingual labels, and the two-line zone in a monospaced face at the foot. */
  function dataPage(): Buffer {
    const canvas = createCanvas(1500, 1050);
    const g = canvas.getContext('2d');
    g.fillStyle = '#eef0e6';
    g.fillRect(0, 0, 1500, 1050);
    g.fillStyle = '#222222';
    const field = (label: string, value: string, x: number, y: number) => {
      g.font = '20px DejaVu Sans';
      g.fillText(label, x, y);
      g.font = 'bold 30px DejaVu Sans';
      g.fillText(value, x, y + 40);
    };
    g.font = '24px DejaVu Sans';
    g.fillText('PASSPORT', 500, 80);
    field('Surname / Nom', 'QUARRINGTON', 500, 170);
    field('Given names / Prénoms', 'MIRABEL ANNE', 500, 270);
    field('Date of birth / Date de naissance', '04 MAR 1986', 500, 370);
    field('Passport No. / No. du passeport', 'X4R8815Q2', 1000, 80);
    g.font = '38px DejaVu Sans Mono';
    g.fillText(ZONE[0], 60, 900);
    g.fillText(ZONE[1], 60, 960);
    return canvas.toBuffer('image/png');
  }

  it('leaves no ink of either zone line on the masked page', async () => {
    // Prepare
    const page = dataPage();
    // Act
    const { masked } = await redactedFirstPage(page, 'passport.png');
    // Assess: in the zone's rows (glyphs from about y 870 to 970 of 1050) every pixel of the original's ink is under a mask's black.
    const image = await pixelsOf(masked.format === 'png' ? masked.png : new Uint8Array());
    const original = await pixelsOf(page);
    expect([original.width, original.height]).toEqual([image.width, image.height]);
    let ink = 0;
    for (let y = Math.round((860 / 1050) * image.height); y < Math.round((975 / 1050) * image.height); y++) {
      for (let x = Math.round((50 / 1500) * image.width); x < Math.round((1070 / 1500) * image.width); x++) {
        const red = image.data[(y * image.width + x) * 4];
        if (original.data[(y * image.width + x) * 4] < 160 && red > 8) ink++;
      }
    }
    expect(ink).toBe(0);
  });
});
