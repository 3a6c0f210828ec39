/**
 * Light text on a dark ground on a scan: a letterhead's band in white on
 * navy, which the page's reading binarises away. The band is found, read
 * inverted, and its personal data masked like the rest of the page. Every
 * page and value here is invented for these tests.
 */
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import type { GrayImage } from '../../../functions/engines/ocr/page-analysis.ts';
import { terminateOcr } from '../../../functions/engines/ocr/tesseract-pool.ts';
import { darkTextRegions } from '../../../functions/engines/redact/dark-region-text.ts';
import { redactedFirstPage } from './redact-plan.ts';
import { pixelsOf } from '../../helpers/png-pixels.ts';

afterAll(() => terminateOcr());
const WIDTH = 1700;
const HEIGHT = 2200;
const BAND_HEIGHT = 220;

/** A statement scanned at 200 dpi: a dark header band with a client's name, e-mail and phone in white, body text in black. */
function bandedStatement(): Buffer {
  const canvas = createCanvas(WIDTH, HEIGHT);
  const g = canvas.getContext('2d');
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, WIDTH, HEIGHT);
  g.fillStyle = '#1f2833';
  g.fillRect(0, 0, WIDTH, BAND_HEIGHT);
  g.fillStyle = '#ffffff';
  g.font = 'bold 44px DejaVu Sans';
  g.fillText('Prepared for Marisol Quenneville', 100, 100);
  g.font = '32px DejaVu Sans';
  g.fillText('m.quenneville@examplemail.com  |  (503) 555-0139', 100, 170);
  g.fillStyle = '#111111';
  ['Annual account summary', 'Balances are shown in the currency of the account.', 'Questions are answered at any branch.'].forEach((line, i) =>
    g.fillText(line, 100, 420 + 60 * i),
  );
  return canvas.toBuffer('image/png');
}

/** A grey page: white, with dark rectangles [left, top, right, bottom] (pixels), each with a light stroke inside or not. */
function grayPage(width: number, height: number, rectangles: readonly (readonly [number, number, number, number, boolean])[]): GrayImage {
  const data = new Uint8Array(width * height).fill(255);
  for (const [l, t, r, b, lettered] of rectangles) {
    for (let y = t; y < b; y++) {
      for (let x = l; x < r; x++) {
        // Light strokes: every seventh column of the middle third of the rectangle's height.
        const stroke = lettered && x % 7 === 0 && y > t + (b - t) / 3 && y < b - (b - t) / 3;
        data[y * width + x] = stroke ? 250 : 30;
      }
    }
  }
  return { data, width, height };
}

describe('darkTextRegions', () => {
  it.each([
    ['a full-width band holding light strokes', [[0, 0, 612, 60, true]] as const, 1],
    ['a dark band without light ink (a rule, a bar)', [[0, 0, 612, 60, false]] as const, 0],
    ['a dark box too small for a line of text (a bullet)', [[100, 100, 120, 110, true]] as const, 0],
    ['a page that is dark all over (the reader inverts it itself)', [[0, 0, 612, 792, true]] as const, 0],
  ])('%s → %i region(s)', (_name, rectangles, expected) => {
    // Prepare: a letter page drawn at 72 dpi.
    const gray = grayPage(612, 792, rectangles);
    // Act
    const regions = darkTextRegions(gray, 72);
    // Assess
    expect(regions).toHaveLength(expected);
    for (const region of regions) expect(region.every((v) => v >= 0 && v <= 1)).toBe(true);
  });
});

describe('Redacting light text on a dark band of a scan', () => {
  it('reads the band, masks the name, e-mail and phone on it, and leaves the body text readable', async () => {
    // Prepare
    // Act
    const { plan, masked } = await redactedFirstPage(bandedStatement(), 'statement.png');
    // Assess: the three values were found, and are masked on the band.
    expect(plan.summary).toMatchObject({ PERSON: 1, EMAIL_ADDRESS: 1, PHONE_NUMBER: 1 });
    expect(plan.updatedText).toContain('Annual account summary');
    expect(plan.updatedText).not.toMatch(/Quenneville|555-0139/);
    const bandBoxes = (plan.boxes.get(0) ?? []).filter((box) => box.bbox[3] <= BAND_HEIGHT / HEIGHT + 0.01);
    expect(bandBoxes.length).toBeGreaterThanOrEqual(3);
    // No white glyph pixel is left inside any mask on the band.
    const image = await pixelsOf(masked.format === 'png' ? masked.png : new Uint8Array());
    for (const { bbox } of bandBoxes) {
      let light = 0;
      for (let y = Math.ceil(bbox[1] * image.height); y < Math.floor(bbox[3] * image.height); y++) {
        for (let x = Math.ceil(bbox[0] * image.width); x < Math.floor(bbox[2] * image.width); x++)
          if (image.data[(y * image.width + x) * 4] > 128) light++;
      }
      expect(light).toBe(0);
    }
  });
});
