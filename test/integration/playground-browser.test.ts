/**
 * The Playground in a real Chromium (playwright-core driving the Chromium
 * that @sparticuz/chromium ships inside its npm package, so `npm ci` is the
 * whole installation): upload a PDF, parse it in advanced mode and see the
 * boxes layer, redact it and see the masked page beside the original.
 *
 * DOCINTEL_UPDATE_SCREENSHOTS=1 also writes docs/playground.png (the README's).
 */
import chromium from '@sparticuz/chromium';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium as playwright, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeTextPdf } from '../helpers/pdf.ts';

const ROOT = new URL('../../', import.meta.url).pathname;

// The callbacks below run in the browser; the project compiles without the DOM library.
declare const document: any;
declare const sessionStorage: any;
declare const localStorage: any;
type HTMLImageElement = any;

describe('Playground in a browser', () => {
  let browser: Browser;
  let pdfPath: string;

  beforeAll(async () => {
    browser = await playwright.launch({ executablePath: await chromium.executablePath(), args: chromium.args, headless: true });
    const dir = join(ROOT, '.tmp');
    await mkdir(dir, { recursive: true });
    pdfPath = join(dir, `playground-invoice-${process.pid}.pdf`);
    await writeFile(
      pdfPath,
      await makeTextPdf([
        [
          'INVOICE',
          'ACME Widgets Ltd, 12 High Street, London',
          'Invoice number: INV-2026-0042',
          'Date: 17/03/2026',
          'Contact: jane.doe@example.org, +44 20 7946 0958',
          'Widget, large        2    10.00    20.00',
          'Widget, small        5     4.00    20.00',
          'Total due: 40.00 GBP',
        ],
      ]),
    );
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('parses in advanced mode with boxes drawn, then redacts with the masked page beside the original', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${inject('baseUrl')}/`);
    expect(await page.title()).toBe('docintel Playground');
    await page.fill('#api-key', inject('keys').proTest);
    await page.setInputFiles('#file', pdfPath);
    await page.selectOption('#operation', 'parse');
    await page.selectOption('#parse-mode', 'advanced');
    await page.click('#run');
    await page.waitForSelector('rect.word-box', { timeout: 60_000 });
    expect(await page.locator('rect.word-box').count()).toBeGreaterThanOrEqual(20);
    expect(await page.locator('rect.region-box').count()).toBeGreaterThan(0);
    await page.waitForFunction(() => [...document.querySelectorAll('.page img')].every((i) => i.complete && i.naturalWidth > 0));
    expect(await page.textContent('#json')).toContain('"task": "parse"');
    expect(await page.textContent('#status')).toMatch(/^parse: 1 page/);
    // The boxes sit on the page image: the first word box lies inside the image's rectangle.
    const [imageBox, wordBox] = await Promise.all([page.locator('.page img').first().boundingBox(), page.locator('rect.word-box').first().boundingBox()]);
    expect(wordBox!.x).toBeGreaterThanOrEqual(imageBox!.x);
    expect(wordBox!.y + wordBox!.height).toBeLessThanOrEqual(imageBox!.y + imageBox!.height);
    // The key stays in this tab's session storage.
    expect(await page.evaluate(() => [sessionStorage.getItem('docintel.apiKey'), localStorage.length])).toEqual([inject('keys').proTest, 0]);
    if (process.env.DOCINTEL_UPDATE_SCREENSHOTS === '1') await page.screenshot({ path: join(ROOT, 'docs', 'playground.png') });

    await page.selectOption('#operation', 'redact');
    await page.click('#run');
    await page.waitForFunction(
      () => {
        const masked = document.querySelector('img.masked');
        const original = document.querySelector('img.original');
        return masked?.complete && masked.naturalWidth > 0 && original?.complete && original.naturalWidth > 0;
      },
      null,
      { timeout: 60_000 },
    );
    expect(await page.textContent('#view')).toContain('EMAIL_ADDRESS');
    expect(await page.textContent('#status')).toMatch(/^redact: 1 page/);
    // The masked page differs from the original (black boxes over the PII).
    const differ = await page.evaluate(async () => {
      const pixels = (img: HTMLImageElement) => {
        const canvas = document.createElement('canvas');
        canvas.width = 200;
        canvas.height = 283;
        const ctx = canvas.getContext('2d')!;
        ctx.drawImage(img, 0, 0, 200, 283);
        return ctx.getImageData(0, 0, 200, 283).data;
      };
      const [a, b] = [pixels(document.querySelector('img.original')!), pixels(document.querySelector('img.masked')!)];
      let dark = 0;
      for (let i = 0; i < a.length; i += 4) if (b[i] < 40 && a[i] > 200) dark++;
      return dark;
    }).catch(() => -1);
    // Cross-origin images cannot be read back when the storage host sends no CORS header; then only the load is checked.
    if (differ !== -1) expect(differ).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  }, 120_000);
});
