/**
 * The mail room's formats through the local server: e-mails (.eml, .msg),
 * HTML pages and legacy Excel workbooks are accepted at upload by name or
 * content type, parsed, and classified. All inputs are invented.
 */
import { describe, expect, inject, it } from 'vitest';
import { apiClient } from '../helpers/client.ts';
import { biffWorkbook, mimeMessage, outlookMessage } from '../unit/engines/mail-builders.ts';

const api = apiClient(inject('baseUrl'));
const keys = inject('keys');
const utf8 = (s: string) => new TextEncoder().encode(s);

const MAIL = () =>
  mimeMessage(
    {
      From: 'Rosa Invented <rosa@example.test>',
      To: 'accounts@example.test',
      Subject: 'Invoice 2291 for March',
      Date: 'Tue, 3 Mar 2026 09:15:00 +0000',
    },
    [
      { type: 'text/plain', body: 'Hi team,\r\nplease find attached our invoice for March.\r\nKind regards,\r\nRosa' },
      { type: 'text/csv', body: 'item,amount\r\nconsulting,120.00\r\n', filename: 'lines.csv' },
    ],
  );

describe('Local API: e-mail, HTML and legacy Excel', () => {
  it.each([
    ['an e-mail by name', 'march.eml', undefined, MAIL, 'eml', ['Subject: Invoice 2291 for March', 'consulting | 120.00']],
    ['an e-mail by content type', 'upload', 'message/rfc822', MAIL, 'eml', ['please find attached']],
    [
      'an Outlook message',
      'reading.msg',
      undefined,
      () =>
        outlookMessage({
          subject: 'Meter reading due',
          body: 'Please send your reading.',
          senderName: 'Invented Power',
          senderAddress: 'meters@example.test',
        }),
      'msg',
      ['Meter reading due'],
    ],
    [
      'an HTML page',
      'page.html',
      undefined,
      () => utf8('<!doctype html><html><body><h1>Opening hours</h1><p>Mon–Fri 9–17</p><script>steal()</script></body></html>'),
      'html',
      ['Opening hours'],
    ],
    [
      'a legacy workbook',
      'budget.xls',
      undefined,
      () =>
        biffWorkbook({
          Budget: [
            ['Item', 'Cost'],
            ['Paper', 12],
          ],
        }),
      'xls',
      ['Paper | 12'],
    ],
  ])('parses %s', async (_name, filename, contentType, build, fileType, phrases) => {
    const documentKey = await api.upload(keys.proTest, filename, build(), contentType);
    const res = await api.call('POST', '/v1/parse', { key: keys.proTest, form: { document_key: documentKey } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.metadata.file_type).toBe(fileType);
    for (const phrase of phrases) expect(res.body.result.ocr).toContain(phrase);
    expect(res.body.result.ocr).not.toContain('steal()');
  });

  it('reports where an e-mail’s attachments are and classifies the e-mail from its message', async () => {
    const documentKey = await api.upload(keys.proTest, 'march.eml', MAIL());
    const parsed = await api.call('POST', '/v1/parse', { key: keys.proTest, form: { document_key: documentKey } });
    expect(parsed.body.metadata.email).toMatchObject({
      subject: 'Invoice 2291 for March',
      attachments: [{ filename: 'lines.csv', page_start: 2, page_end: 2 }],
    });
    const classified = await api.call('POST', '/v1/classify', { key: keys.proTest, form: { document_key: documentKey } });
    expect(classified.status, JSON.stringify(classified.body)).toBe(200);
    expect(classified.body.result.label).toBe('email');
    expect(classified.body.metadata.pages_read).toEqual([1]);
  });
});
