/**
 * OCR of small photos and clean renderings (issue 22): generated look-alikes
 * of a résumé with a grey side column and a portrait, and of an identity
 * card with a photo on a grey backdrop. Their text used to drown in the
 * page-wide ink split (no line height found, so small text was read
 * unenlarged, garbled or not at all). And a card photographed at an angle
 * on a coloured wooden table, whose grain hid its tilted text lines from
 * the skew and text-size measurement.
 */
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { ocrImage, ocrWarnings } from '../../../functions/engines/ocr/ocr-page.ts';
import { estimateSkew, inkMask, localInkMask, paperInkMask, type GrayImage, type RgbImage } from '../../../functions/engines/ocr/page-analysis.ts';
import { terminateOcr } from '../../../functions/engines/ocr/tesseract-pool.ts';
import { idCardLookalike, resumeLookalike, seeded, tiltedCardLookalike } from '../../../scripts/lib/photo-lookalikes.ts';

afterAll(() => terminateOcr());

async function gray(bytes: Buffer): Promise<GrayImage> {
  const { data, info } = await sharp(bytes).grayscale().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

async function colour(bytes: Buffer): Promise<RgbImage> {
  const { data, info } = await sharp(bytes).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

const foundShare = (text: string, words: readonly string[]) => words.filter((w) => text.includes(w)).length / words.length;

describe('local ink mask', () => {
  it('measures the text lines of a résumé with a grey column and a portrait, which the page-wide split misses', async () => {
    const image = await gray((await resumeLookalike({ width: 560, height: 713 })).bytes);
    // The page-wide split takes the grey column and the portrait for ink: no line structure.
    expect(estimateSkew(inkMask(image)).lineHeight).toBeUndefined();
    const local = localInkMask(image);
    // Only strokes: a few percent of the page, not the grey areas (a fifth of it).
    expect(local.inkRatio).toBeLessThan(0.08);
    const { lineHeight } = estimateSkew(local);
    // 9.6 px type: its ink band is about 5–9 px.
    expect(lineHeight).toBeGreaterThanOrEqual(4);
    expect(lineHeight).toBeLessThanOrEqual(10);
  });

  it('finds light text on a dark page, and no ink on flat grey', () => {
    const width = 200;
    const height = 100;
    const data = new Uint8Array(width * height).fill(30);
    for (let y = 40; y < 46; y++) for (let x = 20; x < 180; x += 4) data[y * width + x] = 230;
    const mask = localInkMask({ data, width, height });
    expect(mask.inkRatio).toBeGreaterThan(0.005);
    expect(mask.mask[42 * width + 20]).toBe(1);
    expect(localInkMask({ data: new Uint8Array(width * height).fill(128), width, height }).inkRatio).toBe(0);
  });
});

describe('paper ink mask', () => {
  it('measures the tilt and text size of a card on a coloured wooden table, which the grain hides on the local mask', async () => {
    const card = await tiltedCardLookalike();
    const image = await gray(card.bytes);
    const local = localInkMask(image);
    // On the local mask the grain (as dark as the print) sets the measurement: nowhere near the card's 13°.
    expect(Math.abs(estimateSkew(local, 20).angle - 13)).toBeGreaterThan(5);
    const onPaper = paperInkMask(await colour(card.bytes), local);
    expect(onPaper).toBeDefined();
    // Only the print is left: less ink than the grain-filled local mask, and the card's tilt found
    // beyond the ±10° an upright scan is searched in (perspective spreads its lines over 11–15°).
    expect(onPaper!.inkRatio).toBeLessThan(local.inkRatio / 2);
    const wide = estimateSkew(onPaper!, 20);
    expect(wide.angle).toBeGreaterThan(10);
    expect(wide.angle).toBeLessThan(16);
    // Small print: its ink band is about 10–16 px, not the 4 px the grain suggests.
    expect(wide.lineHeight).toBeGreaterThanOrEqual(10);
    expect(wide.lineHeight).toBeLessThanOrEqual(16);
  });

  it('is undefined for a grayscale image: no colour to tell paper from backdrop by', async () => {
    const id = await idCardLookalike({ width: 600, height: 750 });
    const image = await gray(id.bytes);
    expect(paperInkMask(await colour(id.bytes), localInkMask(image))).toBeUndefined();
  });
});

describe('OCR of small photos and renderings', () => {
  it('reads a small résumé rendering (grey column, portrait, grey backdrop, 72 dpi) word for word', async () => {
    const resume = await resumeLookalike({ width: 560, height: 713 });
    const page = await ocrImage({ image: resume.bytes, autoOrient: true });
    // Its 9.6 px type is enlarged into the size the recogniser expects.
    expect(page.scale).toBeGreaterThan(1.5);
    expect(foundShare(page.text, resume.words)).toBeGreaterThanOrEqual(0.9);
    expect(page.unread).toBeFalsy();
  });

  it('reads a small grayscale identity card with a portrait on a grey backdrop', async () => {
    const card = await idCardLookalike({ width: 600, height: 750 });
    const page = await ocrImage({ image: card.bytes });
    expect(foundShare(page.text, card.words)).toBeGreaterThanOrEqual(0.8);
  });

  it('reads a card photographed at an angle in mild perspective on a coloured wooden table', async () => {
    // Its text lines rise 11–15° and the grain hides them from the usual measurement: the page read
    // garbage (wrong skew, 4× enlarged) until the print alone was measured, in the rescue readings.
    const card = await tiltedCardLookalike();
    const page = await ocrImage({ image: card.bytes, autoOrient: true });
    expect(page.unread).toBeFalsy();
    expect(page.skew).toBeGreaterThan(10);
    expect(foundShare(page.text, card.words)).toBeGreaterThanOrEqual(0.8);
    expect(page.text).toMatch(/Marta Quillon/);
  });

  it('says so when a page shows ink but no text can be read from it', async () => {
    // A picture without text: blotches and shading.
    const random = seeded(5);
    const width = 500;
    const height = 400;
    const pixels = Buffer.alloc(width * height);
    for (let i = 0; i < pixels.length; i++) pixels[i] = 255;
    for (let k = 0; k < 25; k++) {
      const cx = random() * width;
      const cy = random() * height;
      const r = 20 + random() * 60;
      const v = Math.floor(random() * 180);
      for (let y = Math.max(0, Math.floor(cy - r)); y < Math.min(height, cy + r); y++)
        for (let x = Math.max(0, Math.floor(cx - r)); x < Math.min(width, cx + r); x++) if ((x - cx) ** 2 + (y - cy) ** 2 < r * r) pixels[y * width + x] = v;
    }
    const png = await sharp(pixels, { raw: { width, height, channels: 1 } }).png().toBuffer();
    const page = await ocrImage({ image: png });
    expect(page.blank).toBe(false);
    expect(page.unread).toBe(true);
    expect(page.text).toBe('');
    expect(ocrWarnings(page, 3)).toEqual([expect.stringMatching(/^Page 3 shows ink but no text could be read/)]);
  });
});
