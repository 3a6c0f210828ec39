import { describe, expect, it } from 'vitest';
import { DocumentLoadError } from '../../../functions/contracts/errors.ts';
import { mediaTypeForFilename, mediaTypeForMime } from '../../../functions/contracts/media-types.ts';
import { buildClassSet } from '../../../functions/engines/classify/class-set.ts';
import { classifyText } from '../../../functions/engines/classify/classifier.ts';
import { resolveKind, sniffKind } from '../../../functions/engines/file-type.ts';
import { MAX_MAIL_ATTACHMENTS, MAX_MAIL_DEPTH } from '../../../functions/engines/mail/mail-message.ts';
import { MAX_HTML_DEPTH, MAX_HTML_ELEMENTS } from '../../../functions/engines/text/html.ts';
import { openDocument, type OpenHint } from '../../../functions/engines/registry.ts';
import { biffWorkbook, mimeMessage, outlookMessage } from './mail-builders.ts';
import { zipParts } from './office-builders.ts';

const text = (s: string) => new TextEncoder().encode(s);

async function read(bytes: Uint8Array, hint: OpenHint = {}, options = {}) {
  const opened = await openDocument(bytes, hint, options);
  try {
    return { opened, parsed: await opened.extract() };
  } finally {
    await opened.close();
  }
}

async function openError(bytes: Uint8Array, hint: OpenHint = {}, options = {}): Promise<DocumentLoadError> {
  const error = await read(bytes, hint, options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DocumentLoadError);
  return error as DocumentLoadError;
}

const HEADERS = {
  From: 'Rosa Invented <rosa@example.test>',
  To: 'accounts@example.test',
  Subject: 'March statement',
  Date: 'Tue, 3 Mar 2026 09:15:00 +0000',
};

describe('file types of e-mail, HTML and legacy Excel', () => {
  it.each([
    ['report.xls', 'xls'],
    ['mail.eml', 'eml'],
    ['mail.msg', 'msg'],
    ['page.htm', 'html'],
    ['page.html', 'html'],
  ])('accepts %s at upload as %s', (filename, kind) => {
    expect(mediaTypeForFilename(filename)?.kind).toBe(kind);
  });

  it.each([
    ['message/rfc822', 'eml'],
    ['text/html; charset=utf-8', 'html'],
    ['application/vnd.ms-excel', 'xls'],
    ['application/vnd.ms-outlook', 'msg'],
  ])('accepts the content type %s as %s', (mime, kind) => {
    expect(mediaTypeForMime(mime)?.kind).toBe(kind);
  });

  it('tells the formats from their bytes whatever the name says', () => {
    expect(sniffKind(biffWorkbook({ S: [['a']] }))).toBe('xls');
    expect(sniffKind(outlookMessage({ subject: 's', body: 'b', senderName: 'n', senderAddress: 'a@example.test' }))).toBe('msg');
    expect(sniffKind(mimeMessage(HEADERS, [{ type: 'text/plain', body: 'hi' }]))).toBe('eml');
    expect(resolveKind(text('<!DOCTYPE html><html><body>x</body></html>'))).toBe('html');
    expect(resolveKind(text('<!DOCTYPE html><html><body>x</body></html>'), 'pdf')).toBe('html');
    // A note that merely starts with "From:" is not an e-mail.
    expect(sniffKind(text('From: the desk of the editor\n\nSome thoughts.'))).toBe('txt');
    // A declared text kind still wins among text kinds.
    expect(resolveKind(text('<html><body>x</body></html>'), 'txt')).toBe('txt');
  });
});

describe('legacy Excel (.xls)', () => {
  it('reads every sheet as a titled table on its own page', async () => {
    // Arrange
    const book = biffWorkbook({
      Costs: [
        ['Item', 'Amount'],
        ['Paper', 12.5],
        ['Toner', 3],
      ],
      Notes: [['Remark'], ['paid in full']],
    });

    // Act
    const { opened, parsed } = await read(book, { filename: 'costs.xls' });

    // Assess
    expect(opened.kind).toBe('xls');
    expect(parsed.pages.map((p) => p.text)).toEqual([
      'Sheet: Costs\n\nItem | Amount\nPaper | 12.5\nToner | 3',
      'Sheet: Notes\n\nRemark\npaid in full',
    ]);
    expect(parsed.pages[0].tables?.[0].cells.length).toBe(6);
  });

  it('refuses damaged BIFF bytes with a JSON-able error, not a crash', async () => {
    const book = biffWorkbook({ S: [['a', 'b']] });
    const damaged = book.slice(0, 600);
    const error = await openError(damaged, { filename: 'broken.xls' });
    expect(['document_corrupt', 'unsupported_file_type']).toContain(error.code);
    expect(error.statusCode).toBeLessThan(500);
  });

  it('holds a large workbook to the page cap', async () => {
    const rows = Array.from({ length: 2000 }, (_, i) => [`row ${i}`, i]);
    const error = await openError(biffWorkbook({ Big: rows }), { filename: 'big.xls' }, { maxPages: 5 });
    expect(error.code).toBe('page_limit_exceeded');
  });
});

describe('HTML pages', () => {
  it('keeps the visible text and tables and drops scripts and styles', async () => {
    // Arrange
    const page = text(`<!doctype html><html><head><title>Delivery note 7</title><style>p{color:red}</style>
      <script>document.write('secret')</script></head><body><h1>Parcel &amp; contents</h1><p>Packed by<br>the night shift</p>
      <table><tr><th>Item</th><th>Qty</th></tr><tr><td>Bolts</td><td>40</td></tr></table>
      <img src="https://example.test/track.gif" alt="Company logo"></body></html>`);

    // Act
    const { opened, parsed } = await read(page, { filename: 'note.html' });

    // Assess
    const pageText = parsed.pages[0].text;
    expect(opened.kind).toBe('html');
    expect(pageText).toContain('Delivery note 7');
    expect(pageText).toContain('Parcel & contents');
    expect(pageText).toContain('Packed by\nthe night shift');
    expect(pageText).toContain('Item | Qty\nBolts | 40');
    expect(pageText).toContain('Company logo');
    expect(pageText).not.toMatch(/secret|color:red/);
    expect(parsed.pages[0].tables?.[0].cells.map((c) => c.text)).toEqual(['Item', 'Qty', 'Bolts', '40']);
  });

  it('reads a page nested a thousand elements deep', async () => {
    const deep = `<html><body>${'<div>'.repeat(1_000)}bottom${'</div>'.repeat(1_000)}<p>after</p></body></html>`;
    const { parsed } = await read(text(deep), { filename: 'deep.html' });
    expect(parsed.pages[0].text).toMatch(/^bottom\n+after$/);
  });

  it('refuses a page nested deeper than a browser nests, closed or not, as damaged', async () => {
    const closed = `<html><body>${'<div>'.repeat(100_000)}bottom${'</div>'.repeat(100_000)}</body></html>`;
    expect((await openError(text(closed), { filename: 'deep.html' })).code).toBe('document_corrupt');
    const unclosed = `<html><body>${'<span>x'.repeat(MAX_HTML_DEPTH + 1)}</body></html>`;
    expect((await openError(text(unclosed), { filename: 'open.html' })).code).toBe('document_corrupt');
  });

  it('counts elements closed by the next one (list items, paragraphs, cells) as closed', async () => {
    const list = `<html><body><ul>${'<li>item'.repeat(MAX_HTML_DEPTH * 2)}</ul><table>${'<tr><td>a<td>b'.repeat(MAX_HTML_DEPTH)}</table></body></html>`;
    const { parsed } = await read(text(list), { filename: 'list.html' });
    expect(parsed.pages[0].text).toMatch(/^item\n+item/);
  });

  it('refuses a page with too many elements', async () => {
    const huge = `<html><body>${'<span>x</span>'.repeat(MAX_HTML_ELEMENTS + 1)}</body></html>`;
    const error = await openError(text(huge), { filename: 'huge.html' });
    expect(error.code).toBe('file_too_large');
  });
});

describe('e-mails (.eml)', () => {
  it('puts the headers and body first and each attachment on the pages after', async () => {
    // Arrange
    const mail = mimeMessage(HEADERS, [
      { type: 'text/plain; charset=utf-8', body: 'Hello,\r\nthe statement is attached.' },
      { type: 'text/csv', body: 'date,amount\r\n2026-03-01,10.00\r\n', filename: 'lines.csv' },
      { type: 'application/vnd.ms-excel', body: biffWorkbook({ A: [['x']], B: [['y']] }), filename: 'book.xls' },
    ]);

    // Act
    const { opened, parsed } = await read(mail, { filename: 'statement.eml' });

    // Assess
    expect(opened.kind).toBe('eml');
    expect(opened.pageCount).toBe(4);
    expect(parsed.pages[0].text).toMatch(
      /^From: Rosa Invented <rosa@example.test>\nTo: accounts@example.test\nDate: 2026-03-03T09:15:00.000Z\nSubject: March statement/,
    );
    expect(parsed.pages[0].text).toContain('the statement is attached.');
    expect(parsed.pages[0].text).toContain('- lines.csv (text/csv');
    expect(parsed.pages[1].text).toBe('date | amount\n2026-03-01 | 10.00');
    expect(parsed.pages.map((p) => p.pageNumber)).toEqual([1, 2, 3, 4]);
    expect(parsed.email).toMatchObject({
      subject: 'March statement',
      message_pages: { page_start: 1, page_end: 1 },
      attachments: [
        { filename: 'lines.csv', file_type: 'csv', page_start: 2, page_end: 2 },
        { filename: 'book.xls', file_type: 'xls', page_start: 3, page_end: 4 },
      ],
    });
  });

  it('extracts only the pages asked for, mapped back to the e-mail’s numbering', async () => {
    const mail = mimeMessage(HEADERS, [
      { type: 'text/plain', body: 'body' },
      { type: 'text/csv', body: 'a,b\r\n1,2\r\n', filename: 'x.csv' },
    ]);
    const opened = await openDocument(mail, {});
    try {
      const parsed = await opened.extract([2]);
      expect(parsed.pages.map((p) => [p.pageNumber, p.text])).toEqual([[2, 'a | b\n1 | 2']]);
    } finally {
      await opened.close();
    }
  });

  it('renders an HTML-only body as text', async () => {
    const mail = mimeMessage(HEADERS, [{ type: 'text/html', body: '<p>Your <b>payslip</b> for March</p><script>x()</script>' }]);
    const { parsed } = await read(mail);
    expect(parsed.pages[0].text).toContain('Your payslip for March');
    expect(parsed.pages[0].text).not.toContain('x()');
  });

  it('lists an attachment it cannot read with the reason instead of failing', async () => {
    const mail = mimeMessage(HEADERS, [
      { type: 'text/plain', body: 'see file' },
      { type: 'application/octet-stream', body: new Uint8Array(64).fill(7), filename: 'tool.exe' },
    ]);
    const { parsed } = await read(mail);
    expect(parsed.pages[0].text).toMatch(/tool\.exe \(application\/octet-stream, 64 bytes\) — not read: file type not supported/);
    expect(parsed.email?.attachments[0]).toMatchObject({ filename: 'tool.exe', skipped: 'file type not supported' });
  });

  it('lists a zip bomb attached as a Word file as not read, and reads the rest', async () => {
    // Arrange: 64 MB of one letter deflates to about 64 KB.
    const bomb = zipParts({ '[Content_Types].xml': '<Types/>', 'word/document.xml': new Uint8Array(64 * 1024 * 1024).fill(0x61) });
    const mail = mimeMessage(HEADERS, [
      { type: 'text/plain', body: 'two files' },
      { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', body: bomb, filename: 'report.docx' },
      { type: 'text/plain', body: 'still here', filename: 'after.txt' },
    ]);

    // Act
    const { opened, parsed } = await read(mail);

    // Assess
    expect(opened.pageCount).toBe(2);
    expect(parsed.email?.attachments[0]).toMatchObject({ filename: 'report.docx', file_type: 'docx' });
    expect(parsed.email?.attachments[0].skipped).toMatch(/zip bomb/);
    expect(parsed.pages[1].text).toBe('still here');
  });

  it(`follows attached e-mails at most ${MAX_MAIL_DEPTH} deep`, async () => {
    let mail = mimeMessage({ ...HEADERS, Subject: 'level 0' }, [{ type: 'text/plain', body: 'innermost' }]);
    for (let level = 1; level <= MAX_MAIL_DEPTH + 2; level++) {
      mail = mimeMessage(
        { ...HEADERS, Subject: `level ${level}` },
        [
          { type: 'text/plain', body: `wrapper ${level}` },
          { type: 'application/octet-stream', body: mail, filename: `inner-${level}.eml` },
        ],
        `b-${level}`,
      );
    }
    const { opened, parsed } = await read(mail);
    expect(opened.pageCount).toBe(MAX_MAIL_DEPTH + 1);
    expect(parsed.pages.at(-1)!.text).toMatch(/not read: messages nested more than 3 deep/);
  });

  it(`reads at most ${MAX_MAIL_ATTACHMENTS} attachments`, async () => {
    const parts = Array.from({ length: MAX_MAIL_ATTACHMENTS + 5 }, (_, i) => ({ type: 'text/plain', body: `note ${i}`, filename: `n${i}.txt` }));
    const { opened, parsed } = await read(mimeMessage(HEADERS, [{ type: 'text/plain', body: 'many' }, ...parts]));
    expect(opened.pageCount).toBe(1 + MAX_MAIL_ATTACHMENTS);
    expect(parsed.email?.attachments.filter((a) => a.skipped).length).toBe(5);
  });

  it('counts the attachments’ pages against the page cap', async () => {
    const long = Array.from({ length: 400 }, (_, i) => `line ${i}`).join('\r\n');
    const mail = mimeMessage(HEADERS, [
      { type: 'text/plain', body: 'x' },
      { type: 'text/plain', body: long, filename: 'long.txt' },
    ]);
    const error = await openError(mail, {}, { maxPages: 3 });
    expect(error.code).toBe('page_limit_exceeded');
    expect(error.message).toMatch(/e-mail and its attachments/);
  });

  it('refuses MIME nested past the limit as damaged', async () => {
    let body = 'Content-Type: text/plain\r\n\r\ndeep';
    for (let i = 0; i < 120; i++) body = `Content-Type: multipart/mixed; boundary="n${i}"\r\n\r\n--n${i}\r\n${body}\r\n--n${i}--`;
    const mail = text(`From: a@example.test\r\nTo: b@example.test\r\nSubject: nest\r\nMIME-Version: 1.0\r\n${body}\r\n`);
    const error = await openError(mail, { filename: 'nest.eml' });
    expect(error.code).toBe('document_corrupt');
  });
});

describe('Outlook messages (.msg)', () => {
  it('reads sender, subject and body', async () => {
    const message = outlookMessage({
      subject: 'Meter reading due',
      body: 'Dear customer,\r\nplease send your reading.',
      senderName: 'Invented Power',
      senderAddress: 'meters@example.test',
    });
    const { opened, parsed } = await read(message, { filename: 'reading.msg' });
    expect(opened.kind).toBe('msg');
    expect(parsed.pages[0].text).toBe(
      'From: Invented Power <meters@example.test>\nSubject: Meter reading due\n\nDear customer,\nplease send your reading.',
    );
  });

  it('refuses a damaged message with a clear error', async () => {
    const message = outlookMessage({ subject: 's', body: 'b', senderName: 'n', senderAddress: 'a@example.test' });
    const error = await openError(message.slice(0, 700), { filename: 'broken.msg' });
    expect(['document_corrupt', 'unsupported_file_type']).toContain(error.code);
  });
});

describe('classifying the new formats', () => {
  const classes = buildClassSet({ type: 'default' });
  const asPages = (pages: readonly { pageNumber: number; text: string; width: number; height: number }[], kind: string) =>
    pages.map((p) => ({ pageNumber: p.pageNumber, text: p.text, width: p.width, height: p.height, kind }));

  it('calls an e-mail with an invoice attached an e-mail, from its message pages', async () => {
    // Arrange
    const mail = mimeMessage({ ...HEADERS, Subject: 'Invoice 2291 for March' }, [
      { type: 'text/plain', body: 'Hi team,\r\nplease find attached our invoice for March. Payment is due in 30 days.\r\nKind regards,\r\nRosa' },
      {
        type: 'text/plain',
        body: 'INVOICE\r\nInvoice number 2291\r\nBill to: Example Ltd\r\nSubtotal 100.00\r\nVAT 20.00\r\nTotal due 120.00',
        filename: 'invoice.txt',
      },
    ]);
    const { parsed } = await read(mail);
    const message = parsed.pages.filter((p) => p.pageNumber <= parsed.email!.message_pages.page_end);

    // Act
    const result = classifyText(asPages(message, 'eml'), { classes, depth: 'balanced', nonDomainLabel: 'other' });

    // Assess
    expect(message.length).toBe(1);
    expect(result.label).toBe('email');
  });

  it('calls a legacy workbook of figures a spreadsheet', async () => {
    const book = biffWorkbook({
      Budget: [
        ['Department', 'Q1', 'Q2', 'Q3', 'Q4'],
        ['Sales', 100, 120, 130, 150],
        ['Ops', 80, 85, 90, 95],
        ['Total', 180, 205, 220, 245],
      ],
    });
    const { parsed } = await read(book, { filename: 'budget.xls' });
    expect(classifyText(asPages(parsed.pages, 'xls'), { classes, depth: 'balanced', nonDomainLabel: 'other' }).label).toBe('spreadsheet');
  });
});
