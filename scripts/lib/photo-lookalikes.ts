/**
 * Generated look-alikes of the small photos and clean renderings OCR used to
 * return empty on (issue 22): a résumé with a grey side column and a
 * portrait on a grey backdrop, a business card photographed on a textured
 * table, an identity card in grayscale with a photo, a health-insurance
 * card on a wooden desk. Drawn with @napi-rs/canvas in the Liberation fonts
 * shipped inside pdfjs-dist (no machine fonts), seeded, so every run draws
 * the same pixels. Shared by the OCR unit tests and `npm run eval -- parse`
 * (photo set); never corpus documents.
 *
 * @module
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import sharp from 'sharp';
import { seeded } from './random.ts';

const require = createRequire(import.meta.url);
let registered = false;

/** Font families registered from pdfjs-dist's standard fonts. */
export const FONTS = { sans: 'LookalikeSans', sansBold: 'LookalikeSansBold', sansItalic: 'LookalikeSansItalic' } as const;

export function registerFonts(): void {
  if (registered) return;
  const dir = join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts');
  GlobalFonts.registerFromPath(join(dir, 'LiberationSans-Regular.ttf'), FONTS.sans);
  GlobalFonts.registerFromPath(join(dir, 'LiberationSans-Bold.ttf'), FONTS.sansBold);
  GlobalFonts.registerFromPath(join(dir, 'LiberationSans-Italic.ttf'), FONTS.sansItalic);
  registered = true;
}

export { seeded };

export interface Lookalike {
  readonly name: string;
  /** Encoded image as a user would upload it. */
  readonly bytes: Buffer;
  /** Words drawn legibly (dark on light, at least 9 px): what a reading must find some of. */
  readonly words: readonly string[];
}

const grey = (v: number) => `rgb(${v},${v},${v})`;

/** A photo-like block: smooth shading with blotches (a portrait, a logo picture). */
function photoBlock(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, random: () => number): void {
  ctx.save();
  ctx.beginPath();
  ctx.rect(x, y, w, h);
  ctx.clip();
  const gradient = ctx.createLinearGradient(x, y, x + w, y + h);
  gradient.addColorStop(0, grey(70));
  gradient.addColorStop(1, grey(150));
  ctx.fillStyle = gradient;
  ctx.fillRect(x, y, w, h);
  for (let i = 0; i < 40; i++) {
    ctx.fillStyle = grey(40 + Math.floor(random() * 160));
    ctx.beginPath();
    ctx.ellipse(x + random() * w, y + random() * h, 4 + random() * w * 0.2, 4 + random() * h * 0.2, random() * 3, 0, Math.PI * 2);
    ctx.fill();
  }
  // A head-and-shoulders silhouette.
  ctx.fillStyle = grey(45);
  ctx.beginPath();
  ctx.ellipse(x + w / 2, y + h * 0.38, w * 0.2, h * 0.2, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.beginPath();
  ctx.ellipse(x + w / 2, y + h * 1.0, w * 0.42, h * 0.35, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}

/** Wood-like table: streaks of brown-grey with grain noise. */
function texturedBackdrop(ctx: SKRSContext2D, width: number, height: number, random: () => number, base = 150): void {
  ctx.fillStyle = `rgb(${base + 20},${base},${base - 30})`;
  ctx.fillRect(0, 0, width, height);
  for (let i = 0; i < 160; i++) {
    const v = base - 40 + Math.floor(random() * 70);
    ctx.strokeStyle = `rgb(${v + 15},${v},${v - 25})`;
    ctx.lineWidth = 1 + random() * 5;
    ctx.beginPath();
    const y0 = random() * height;
    ctx.moveTo(0, y0);
    ctx.bezierCurveTo(width * 0.3, y0 + (random() - 0.5) * 60, width * 0.6, y0 + (random() - 0.5) * 60, width, y0 + (random() - 0.5) * 80);
    ctx.stroke();
  }
}

function writeLines(ctx: SKRSContext2D, lines: readonly string[], x: number, y: number, size: number, leading: number, font: string = FONTS.sans): void {
  ctx.font = `${size}px ${font}`;
  lines.forEach((line, i) => ctx.fillText(line, x, y + size + i * size * leading));
}

const wordsOf = (lines: readonly string[]) => lines.flatMap((l) => l.split(/\s+/)).filter((w) => /[A-Za-z]{3,}/.test(w));

/**
 * A clean rendering of a résumé: dark text on a white column beside a grey
 * column holding a portrait, the whole on a grey backdrop; JPEG at 72 dpi.
 */
export async function resumeLookalike(options: { width?: number; height?: number; seed?: number } = {}): Promise<Lookalike> {
  registerFonts();
  const { width = 700, height = 891, seed = 7 } = options;
  const random = seeded(seed);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const u = width / 700;
  ctx.fillStyle = grey(128);
  ctx.fillRect(0, 0, width, height);
  // The sheet, its grey side column and the portrait on it.
  const sheet = { x: 30 * u, y: 24 * u, w: width - 60 * u, h: height - 48 * u };
  ctx.fillStyle = grey(252);
  ctx.fillRect(sheet.x, sheet.y, sheet.w, sheet.h);
  const side = 220 * u;
  ctx.fillStyle = grey(196);
  ctx.fillRect(sheet.x, sheet.y, side, sheet.h);
  photoBlock(ctx, sheet.x + 30 * u, sheet.y + 30 * u, side - 60 * u, 170 * u, random);
  ctx.fillStyle = grey(40);
  const contact = ['Contact', 'Phone 555 0142', 'Email lena.moss', 'Portland, Oregon', '', 'Skills', 'Planning', 'Negotiation', 'Reporting'];
  writeLines(ctx, contact, sheet.x + 20 * u, sheet.y + 230 * u, 12 * u, 1.6);
  ctx.fillStyle = grey(25);
  const x = sheet.x + side + 24 * u;
  writeLines(ctx, ['LENA MOSS'], x, sheet.y + 28 * u, 26 * u, 1.2, FONTS.sansBold);
  writeLines(ctx, ['Operations Manager'], x, sheet.y + 64 * u, 14 * u, 1.2, FONTS.sansItalic);
  const summary = [
    'Summary',
    'Operations manager with ten years of experience',
    'running warehouses and delivery teams across the',
    'north west. Known for calm planning, careful budgets',
    'and training new staff to work safely and quickly.',
    '',
    'Experience',
    'Harbour Freight Company, 2019 to present',
    'Led a team of forty people in two warehouses and',
    'cut late deliveries by a third in the first year.',
    'Riverside Supplies, 2014 to 2019',
    'Planned routes, schedules and stock for the region.',
    '',
    'Education',
    'Bachelor of Business, Portland State University',
  ];
  writeLines(ctx, summary, x, sheet.y + 110 * u, 12 * u, 1.55);
  const bytes = await sharp(canvas.toBuffer('image/png')).jpeg({ quality: 88 }).withMetadata({ density: 72 }).toBuffer();
  return { name: `resume-${width}x${height}`, bytes, words: wordsOf(summary) };
}

/**
 * A business card photographed on a wooden table: a white card turned a
 * few degrees, with a logo, a name and contact lines; JPEG at 72 dpi.
 */
export async function businessCardLookalike(options: { width?: number; height?: number; angle?: number; seed?: number } = {}): Promise<Lookalike> {
  registerFonts();
  const { width = 1350, height = 900, angle = -4, seed = 11 } = options;
  const random = seeded(seed);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  texturedBackdrop(ctx, width, height, random);
  const cw = width * 0.62;
  const ch = cw * 0.58;
  ctx.save();
  ctx.translate(width / 2, height / 2);
  ctx.rotate((angle * Math.PI) / 180);
  ctx.translate(-cw / 2, -ch / 2);
  ctx.fillStyle = 'rgba(0,0,0,0.35)';
  ctx.fillRect(8, 10, cw, ch);
  ctx.fillStyle = grey(238);
  ctx.fillRect(0, 0, cw, ch);
  const s = cw / 840;
  ctx.fillStyle = 'rgb(40,110,100)';
  ctx.beginPath();
  ctx.arc(110 * s, 380 * s, 60 * s, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = grey(30);
  writeLines(ctx, ['Dr. Nora Whitfield'], 60 * s, 50 * s, 40 * s, 1.2);
  const role = ['Principal Engineer', 'Water Systems Group'];
  writeLines(ctx, role, 60 * s, 110 * s, 24 * s, 1.3, FONTS.sansBold);
  const contact = ['nora.whitfield@example.org', 'phone +1 555 0199 204', 'fax +1 555 0199 205'];
  writeLines(ctx, contact, 480 * s, 60 * s, 20 * s, 1.4);
  writeLines(ctx, ['Northwind'], 200 * s, 300 * s, 64 * s, 1.2, FONTS.sansBold);
  const address = ['14 Harbour Street', 'Bristol, BS1 5TT'];
  writeLines(ctx, address, 200 * s, 380 * s, 24 * s, 1.3);
  ctx.restore();
  const bytes = await sharp(canvas.toBuffer('image/png')).jpeg({ quality: 85 }).withMetadata({ density: 72 }).toBuffer();
  return { name: `business-card-${width}x${height}`, bytes, words: wordsOf([...role, ...address, 'Dr. Nora Whitfield']) };
}

/** A wooden table in strong colour: light brown boards with thin dark-brown grain lines as dark as small print. */
function colouredWoodBackdrop(ctx: SKRSContext2D, width: number, height: number, random: () => number): void {
  ctx.fillStyle = 'rgb(200,160,112)';
  ctx.fillRect(0, 0, width, height);
  for (let i = 0; i < 220; i++) {
    const dark = random() < 0.5;
    const v = dark ? 70 + Math.floor(random() * 60) : 150 + Math.floor(random() * 60);
    ctx.strokeStyle = `rgb(${v + 50},${v + 10},${Math.max(0, v - 40)})`;
    ctx.lineWidth = dark ? 0.8 + random() * 1.6 : 2 + random() * 6;
    ctx.beginPath();
    const y0 = random() * height * 1.2 - height * 0.1;
    ctx.moveTo(0, y0);
    ctx.bezierCurveTo(width * 0.3, y0 + (random() - 0.5) * 40, width * 0.6, y0 + (random() - 0.5) * 40, width, y0 + height * 0.08 + (random() - 0.5) * 50);
    ctx.stroke();
  }
}

/**
 * A business card photographed at an angle on a coloured wooden table: a
 * white card with small print (x-height about 8–9 px), turned `angle`
 * degrees counter-clockwise and in mild perspective (its far, right end
 * smaller), so its text lines rise left to right by more than an upright
 * scan's skew; the table's grain is as dark by local contrast as the
 * print. PNG, as a screenshot of the photo would be.
 */
export async function tiltedCardLookalike(options: { width?: number; height?: number; angle?: number; seed?: number } = {}): Promise<Lookalike> {
  registerFonts();
  const { width = 680, height = 460, angle = 13, seed = 41 } = options;
  const random = seeded(seed);
  // The card, drawn flat on a canvas of its own.
  const cw = Math.round(width * 0.78);
  const ch = Math.round(cw * 0.56);
  const card = createCanvas(cw, ch);
  const c = card.getContext('2d');
  c.fillStyle = 'rgb(246,246,244)';
  c.fillRect(0, 0, cw, ch);
  const s = cw / 530;
  c.fillStyle = 'rgb(40,120,150)';
  c.beginPath();
  c.arc(70 * s, 220 * s, 34 * s, 0, Math.PI * 2);
  c.fill();
  c.fillStyle = grey(30);
  const name = ['Marta Quillon'];
  writeLines(c, name, 36 * s, 40 * s, 25 * s, 1.2);
  const role = ['Lead Hydrologist', 'River Basin Studies'];
  writeLines(c, role, 36 * s, 76 * s, 15 * s, 1.3, FONTS.sansBold);
  const contact = ['marta@fernhollow.example', 'tel +1 555 0147 388'];
  writeLines(c, contact, 300 * s, 40 * s, 13 * s, 1.4);
  writeLines(c, ['Fernhollow'], 120 * s, 180 * s, 34 * s, 1.2, FONTS.sansBold);
  const address = ['9 Willow Lane', 'Riverton, Oakshire'];
  writeLines(c, address, 120 * s, 222 * s, 15 * s, 1.35);

  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  colouredWoodBackdrop(ctx, width, height, random);
  // Mild perspective: the card drawn in thin vertical strips, each a little shorter than the one
  // before (the far end 12% smaller), all turned by the same angle about the image centre.
  ctx.save();
  ctx.translate(width / 2, height / 2);
  ctx.rotate((-angle * Math.PI) / 180);
  const strip = 2;
  for (let x = 0; x < cw; x += strip) {
    const shrink = 1 - 0.12 * (x / cw);
    const dh = ch * shrink;
    ctx.drawImage(card, x, 0, strip, ch, x - cw / 2, -dh / 2, strip + 0.5, dh);
  }
  ctx.restore();
  const bytes = await sharp(canvas.toBuffer('image/png')).png().toBuffer();
  return { name: `tilted-card-${width}x${height}`, bytes, words: wordsOf([...name, ...role, ...address]) };
}

/** An identity card on a grey backdrop, grayscale, with a portrait and labelled fields; PNG at 300 dpi. */
export async function idCardLookalike(options: { width?: number; height?: number; seed?: number } = {}): Promise<Lookalike> {
  registerFonts();
  const { width = 800, height = 1000, seed = 23 } = options;
  const random = seeded(seed);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = grey(90);
  ctx.fillRect(0, 0, width, height);
  const cw = width * 0.86;
  const ch = cw * 0.63;
  const cx = (width - cw) / 2;
  const cy = height * 0.3;
  ctx.fillStyle = grey(225);
  ctx.fillRect(cx, cy, cw, ch);
  ctx.fillStyle = grey(175);
  ctx.fillRect(cx, cy, cw, ch * 0.16);
  const s = cw / 690;
  ctx.fillStyle = grey(20);
  writeLines(ctx, ['REPUBLIC OF ESTERLAND'], cx + 20 * s, cy + 14 * s, 26 * s, 1.2, FONTS.sansBold);
  photoBlock(ctx, cx + 20 * s, cy + 90 * s, 170 * s, 220 * s, random);
  const fields = ['Surname', 'HARTLEY', 'Given names', 'SAMUEL JAMES', 'Date of birth', '12 MAR 1984', 'Card number', 'ES 4471 0925'];
  ctx.fillStyle = grey(30);
  fields.forEach((text, i) => {
    const label = i % 2 === 0;
    ctx.font = `${(label ? 15 : 22) * s}px ${label ? FONTS.sans : FONTS.sansBold}`;
    ctx.fillText(text, cx + 220 * s, cy + (110 + Math.floor(i / 2) * 58 + (label ? 0 : 24)) * s);
  });
  const png = await sharp(canvas.toBuffer('image/png')).grayscale().png().withMetadata({ density: 300 }).toBuffer();
  return { name: `id-card-${width}x${height}`, bytes: png, words: wordsOf(fields) };
}

/** A health-insurance card on a wooden desk, photographed small; JPEG. */
export async function insuranceCardLookalike(options: { width?: number; height?: number; seed?: number } = {}): Promise<Lookalike> {
  registerFonts();
  const { width = 800, height = 505, seed = 31 } = options;
  const random = seeded(seed);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  texturedBackdrop(ctx, width, height, random, 165);
  const cw = width * 0.7;
  const ch = cw * 0.6;
  const cx = (width - cw) / 2;
  const cy = (height - ch) / 2;
  ctx.fillStyle = grey(245);
  ctx.fillRect(cx, cy, cw, ch);
  const s = cw / 560;
  ctx.fillStyle = 'rgb(30,70,140)';
  ctx.fillRect(cx + 16 * s, cy + 16 * s, 200 * s, 34 * s);
  ctx.fillStyle = grey(255);
  writeLines(ctx, ['MERIDIAN HEALTH'], cx + 22 * s, cy + 18 * s, 20 * s, 1.2, FONTS.sansBold);
  ctx.fillStyle = grey(25);
  const lines = ['Member', 'JORDAN PRICE', 'Member ID 88412 5510', 'Group 0042117', 'Plan Silver Family', 'Copay Office 25.00'];
  writeLines(ctx, lines, cx + 20 * s, cy + 70 * s, 17 * s, 1.45);
  const bytes = await sharp(canvas.toBuffer('image/png')).jpeg({ quality: 82 }).withMetadata({ density: 72 }).toBuffer();
  return { name: `insurance-card-${width}x${height}`, bytes, words: wordsOf(lines) };
}

/** The photo set: every look-alike at its issue size and smaller. */
export async function photoSet(): Promise<Lookalike[]> {
  return [
    await resumeLookalike(),
    await resumeLookalike({ width: 560, height: 713, seed: 8 }),
    await businessCardLookalike(),
    await businessCardLookalike({ width: 900, height: 600, angle: 3, seed: 12 }),
    await idCardLookalike(),
    await idCardLookalike({ width: 600, height: 750, seed: 24 }),
    await insuranceCardLookalike(),
    await insuranceCardLookalike({ width: 640, height: 404, seed: 32 }),
    await tiltedCardLookalike(),
  ];
}
