/**
 * Orientation decisions when tesseract's orientation detector (OSD) is
 * wrong. OSD is replaced by a stub so each case is deterministic: on noisy
 * forms and receipts it really does call upright pages upside down (and
 * the reverse) with confidences it also gives real turns.
 */
import sharp from 'sharp';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ocrImage } from '../../../functions/engines/ocr/ocr-page.ts';
import { detectOrientation, terminateOcr } from '../../../functions/engines/ocr/tesseract-pool.ts';
import { cer, SAMPLE_LINES, textImage } from './ocr-fixtures.ts';

vi.mock('../../../functions/engines/ocr/tesseract-pool.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../functions/engines/ocr/tesseract-pool.ts')>()),
  detectOrientation: vi.fn(),
}));

const osd = vi.mocked(detectOrientation);

afterAll(() => terminateOcr());

beforeEach(() => osd.mockReset());

const SMALL = { width: 1100, height: 420, fontSize: 34, x: 60, y: 60 } as const;

describe('OCR orientation when OSD is wrong', () => {
  it('reads an upright page upright although OSD calls it upside down', async () => {
    osd.mockResolvedValue({ rotate: 180, confidence: 8 });
    const page = textImage(SAMPLE_LINES, SMALL);
    const result = await ocrImage({ image: page.png });
    expect(result.rotation).toBe(0);
    expect(cer(result.text, page.text)).toBeLessThan(0.03);
  });

  it('turns an upside-down page although OSD calls it upright', async () => {
    osd.mockResolvedValue({ rotate: 0, confidence: 8 });
    const page = textImage(SAMPLE_LINES, SMALL);
    const result = await ocrImage({ image: await sharp(page.png).rotate(180).png().toBuffer() });
    expect(result.rotation).toBe(180);
    expect(cer(result.text, page.text)).toBeLessThan(0.03);
  });

  it('checks a quarter turn proposed by OSD against the opposite one', async () => {
    osd.mockResolvedValue({ rotate: 90, confidence: 8 });
    const page = textImage(SAMPLE_LINES, SMALL);
    const result = await ocrImage({ image: await sharp(page.png).rotate(90).png().toBuffer() });
    expect(result.rotation).toBe(270);
    expect(cer(result.text, page.text)).toBeLessThan(0.03);
  });

  it('applies a quarter turn OSD proposes when it reads better', async () => {
    osd.mockResolvedValue({ rotate: 90, confidence: 8 });
    const page = textImage(SAMPLE_LINES, SMALL);
    const result = await ocrImage({ image: await sharp(page.png).rotate(270).png().toBuffer() });
    expect(result.rotation).toBe(90);
    expect(cer(result.text, page.text)).toBeLessThan(0.03);
  });
});
