/**
 * maskPages on a real PDF: masks are painted on the canvas pdf.js lends
 * (withPageCanvas), so a page is encoded once and never decoded. These
 * tests prove that path gives exactly the pixels of the former one (the
 * page rendered to PNG, decoded, painted), in both output formats, and that
 * the paint stays on the lent canvas (a later render of the page is clean).
 */
import { inflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentPage, PageRenderer } from '../../../functions/engines/document-model.ts';
import type { DetectionConfig } from '../../../functions/engines/redact/detect.ts';
import { pngMayBeTransparent, type MaskBox } from '../../../functions/engines/redact/mask.ts';
import { maskPages } from '../../../functions/engines/redact/mask-pages.ts';
import { planRedaction } from '../../../functions/engines/redact/redact.ts';
import { warmRedact } from '../../../functions/engines/redact/warm-up.ts';
import { openDocument, type OpenedDocument } from '../../../functions/engines/registry.ts';
import { makeTextPdf } from '../../helpers/pdf.ts';
import { pixelsOf } from '../../helpers/png-pixels.ts';

const BUILT_INS: DetectionConfig = { mode: 'extend', types: [] };
const DPI = 100;


/** Share of pixels whose RGB differ by more than 8 in any channel. */
function differing(a: Uint8ClampedArray, b: Uint8ClampedArray | Buffer, bStride: 3 | 4 = 4): number {
  let diff = 0;
  const pixels = a.length / 4;
  for (let p = 0; p < pixels; p++) {
    for (let c = 0; c < 3; c++) {
      if (Math.abs(a[p * 4 + c] - b[p * bStride + c]) > 8) {
        diff++;
        break;
      }
    }
  }
  return diff / pixels;
}

/** Mean brightness (0–255) inside a normalised box of an RGBA image. */
function meanInside(image: { data: Uint8ClampedArray; width: number; height: number }, [l, t, r, b]: readonly number[]): number {
  let sum = 0;
  let n = 0;
  for (let y = Math.ceil(t * image.height); y < Math.floor(b * image.height); y++) {
    for (let x = Math.ceil(l * image.width); x < Math.floor(r * image.width); x++) {
      const i = (y * image.width + x) * 4;
      sum += (image.data[i] + image.data[i + 1] + image.data[i + 2]) / 3;
      n++;
    }
  }
  return n ? sum / n : NaN;
}

describe('maskPages on a PDF (masks painted on the canvas pdf.js lends)', () => {
  let document: OpenedDocument;
  let pages: readonly DocumentPage[];
  let boxes: ReadonlyMap<number, readonly MaskBox[]>;

  beforeAll(async () => {
    const pdf = await makeTextPdf([
      ['Member file', 'Email: r.vandersloot@example.net', 'SSN: 536-22-8145', 'Thank you for your membership.'],
      ['Second page without anything personal', 'Opening hours are nine to five.'],
    ]);
    document = await openDocument(pdf, { filename: 'member.pdf' });
    pages = (await document.extract()).pages;
    const plan = await planRedaction(pages, { mode: 'redact', config: BUILT_INS });
    boxes = plan.boxes;
  });
  afterAll(() => document.close());

  const options = () => ({ dpi: DPI, boxesFor: (i: number) => boxes.get(i) ?? [] });

  it('has a renderer that lends its canvas, and something to mask on page 1 only', () => {
    expect(document.renderer?.withPageCanvas).toBeTypeOf('function');
    expect(boxes.get(0)?.length).toBeGreaterThanOrEqual(2);
    expect(boxes.get(1) ?? []).toHaveLength(0);
  });

  it('paints the same pixels as the PNG path (render to PNG, decode, paint), and black where the masks are', async () => {
    // Prepare: the same renderer without the canvas it lends, i.e. the former path.
    const pngOnly: PageRenderer = { renderPng: (n, o) => document.renderer!.renderPng(n, o) };
    // Act
    const lent = await maskPages(pages, { ...options(), renderer: document.renderer, format: 'png' });
    const decoded = await maskPages(pages, { ...options(), renderer: pngOnly, format: 'png' });
    // Assess
    expect(lent.map((p) => p.format)).toEqual(['png', 'png']);
    for (const [i, page] of lent.entries()) {
      expect([page.width, page.height, page.dpi]).toEqual([decoded[i].width, decoded[i].height, DPI]);
      expect(page.width).toBe(Math.floor((612 * DPI) / 72));
      const a = await pixelsOf(page.png);
      const b = await pixelsOf(decoded[i].png);
      expect(differing(a.data, b.data)).toBeLessThan(0.001);
    }
    const first = await pixelsOf(lent[0].png);
    for (const box of boxes.get(0)!) expect(meanInside(first, box.bbox)).toBeLessThan(10);
    // Text left unmasked is still drawn (dark ink on a white page, not one black sheet).
    expect(meanInside(first, [0, 0, 1, 1])).toBeGreaterThan(200);
  });

  it('gives the redacted PDF the very pixels of the PNG, as deflated RGB', async () => {
    const png = await maskPages(pages, { ...options(), renderer: document.renderer, format: 'png' });
    const flate = await maskPages(pages, { ...options(), renderer: document.renderer, format: 'flate-rgb' });
    for (const [i, page] of flate.entries()) {
      expect(page.format).toBe('flate-rgb');
      const rgb = inflateSync(page.flateRgb);
      expect(rgb.length).toBe(page.width * page.height * 3);
      const painted = await pixelsOf(png[i].png);
      expect(differing(painted.data, rgb, 3)).toBe(0);
    }
  });

  it('leaves no paint behind: the page rendered again afterwards is unmasked', async () => {
    await maskPages(pages, { ...options(), renderer: document.renderer, format: 'png' });
    const again = await pixelsOf((await document.renderer!.renderPng(1, { dpi: DPI })).png);
    for (const box of boxes.get(0)!) expect(meanInside(again, box.bbox)).toBeGreaterThan(150);
  });

  it('stops at the next page once the signal aborts', async () => {
    const controller = new AbortController();
    controller.abort(new Error('deadline'));
    await expect(maskPages(pages, { ...options(), renderer: document.renderer, format: 'png', signal: controller.signal })).rejects.toThrow('deadline');
  });
});

describe('redact warm-up (local server start)', () => {
  it('runs the whole path on a page it makes itself: detect, mask, write the PDF, open, render, mask', async () => {
    await expect(warmRedact()).resolves.toBeUndefined();
  });
});

describe('maskPages on a page image that can be transparent (a PNG-only renderer, nothing to mask)', () => {
  const WIDTH = 240;
  const HEIGHT = 80;

  /** An RGBA PNG: black "ink" rows in its RGB everywhere, its top half fully transparent (alpha 0), its bottom half opaque. */
  async function hiddenInkPng(): Promise<Uint8Array> {
    const rgba = Buffer.alloc(WIDTH * HEIGHT * 4, 255);
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++) {
        const i = (y * WIDTH + x) * 4;
        // Dark strokes every fourth row and column: ink in the colour channels.
        if (y % 4 === 0 || x % 4 === 0) rgba.fill(0, i, i + 3);
        rgba[i + 3] = y < HEIGHT / 2 ? 0 : 255;
      }
    }
    return new Uint8Array(await sharp(rgba, { raw: { width: WIDTH, height: HEIGHT, channels: 4 } }).png().toBuffer());
  }

  /** The darkest colour sample of a PNG's RGB with its alpha dropped (what a tool that ignores transparency shows). */
  async function darkestWithoutAlpha(png: Uint8Array, rows: [number, number]): Promise<number> {
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const rowBytes = info.width * info.channels;
    return Math.min(...data.subarray(rows[0] * rowBytes, rows[1] * rowBytes));
  }

  it('draws it on white: ink hidden under the alpha does not reach the output, visible ink stays', async () => {
    // Prepare
    const source = await hiddenInkPng();
    expect(pngMayBeTransparent(source)).toBe(true);
    expect(await darkestWithoutAlpha(source, [0, HEIGHT / 2])).toBe(0);
    const renderer: PageRenderer = { renderPng: async () => ({ png: source, width: WIDTH, height: HEIGHT }) };
    const page: DocumentPage = { pageNumber: 1, width: WIDTH, height: HEIGHT, text: '', words: [], lines: [], blocks: [], source: 'ocr' };
    // Act
    const [masked] = await maskPages([page], { renderer, dpi: 150, format: 'png', boxesFor: () => [] });
    // Assess
    expect(masked.format).toBe('png');
    const png = masked.format === 'png' ? masked.png : new Uint8Array();
    expect(await darkestWithoutAlpha(png, [0, HEIGHT / 2 - 1])).toBeGreaterThan(250);
    expect(await darkestWithoutAlpha(png, [HEIGHT / 2, HEIGHT])).toBeLessThan(10);
  });

  it('tells opaque PNGs from ones that can be transparent by their header and chunks', async () => {
    const opaque = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).png().toBuffer();
    const alpha = await sharp({ create: { width: 8, height: 8, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    const palette = await sharp({ create: { width: 8, height: 8, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png({ palette: true }).toBuffer();
    expect(pngMayBeTransparent(new Uint8Array(opaque))).toBe(false);
    expect(pngMayBeTransparent(new Uint8Array(alpha))).toBe(true);
    expect(pngMayBeTransparent(new Uint8Array(palette))).toBe(true);
    expect(pngMayBeTransparent(new Uint8Array(4))).toBe(true);
  });
});
