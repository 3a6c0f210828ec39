/**
 * People an e-mail names in its address headers, and the redact response's
 * `metadata.email`: the display names are masked on the message page in
 * every form mail programs write them, and the header fields and attachment
 * names the response repeats are redacted like the text. Every name and
 * address here is invented (`.test` domains).
 */
import { describe, expect, it } from 'vitest';
import { createHandler as createRedact } from '../../../functions/handlers/redact.ts';
import { detectPii, type DetectionConfig } from '../../../functions/engines/redact/detect.ts';
import { redactedEmailSummary } from '../../../functions/engines/redact/email-metadata.ts';
import { mailHeaderNames } from '../../../functions/engines/redact/mail-header-names.ts';
import { personResources } from '../../../functions/engines/redact/name-lexicon.ts';
import { inferenceEvent, testContext } from '../../helpers/events.ts';
import { fakeDeps, putDocument, seedKey } from '../../helpers/fakes.ts';
import { mimeMessage } from './mail-builders.ts';

const BUILT_INS: DetectionConfig = { mode: 'extend', types: [] };
const KEY = 'hk_test_' + 'M'.repeat(40);
const persons = async (text: string) => (await detectPii(text, BUILT_INS)).filter((s) => s.type === 'PERSON').map((s) => s.value);

/** The redact handler's response to an e-mail uploaded by a pro organization. */
async function redactedMail(eml: Uint8Array) {
  const deps = fakeDeps();
  await seedKey(deps, KEY, 'acme', 'pro');
  const documentKey = await putDocument(deps, 'acme', eml, 'mail.eml', 'message/rfc822', 'eml');
  return createRedact(() => deps)(inferenceEvent('redact', KEY, { document_key: documentKey }), testContext());
}

describe('display names in address headers', () => {
  it.each([
    ['"Last, First" with a department after it', 'Cc: Pellagrue, Oswin (Legal) <op@corp.test>', ['Pellagrue, Oswin']],
    ['a list of two', 'To: Brackenridge, Odile <ob@corp.test>, Quennell Brisa <bq@corp.test>', ['Brackenridge, Odile', 'Quennell Brisa']],
    ['a quoted one-word name', 'From: "Yarrowby" <t.y@corp.test>', ['Yarrowby']],
    ['a forwarded message, German', '> Von: Thistlewick, Corran <ct@corp.test>', ['Thistlewick, Corran']],
    [
      'a quoted header block naming people without addresses',
      'From: Thistlewick, Corran <ct@corp.test>\nSent: Monday, 2 March 2026\nTo: Yarrowby, Tamsin; Ostrick, Halvard\nSubject: Weekly schedule',
      ['Thistlewick, Corran', 'Yarrowby, Tamsin', 'Ostrick, Halvard'],
    ],
  ])('%s', async (_, line, expected) => {
    expect(await persons(line)).toEqual(expected);
  });

  it('leaves team names and lines that are no address headers', async () => {
    expect(await persons('From: Billing Team <billing@corp.test>')).toEqual([]);
    expect(await persons('Subject: Orders from Quorvex Export <orders@corp.test>')).toEqual([]);
    // Without an address, only a line of a header block is read as one ("To:" opening a note is not).
    const { lexicon } = await personResources();
    expect(mailHeaderNames('Memo\nTo: Yarrowby, Tamsin\nPlease read the attached rota.', lexicon)).toEqual([]);
  });
});

describe('metadata.email of a redacted e-mail', () => {
  const email = {
    from: 'Pellagrue, Oswin <op@corp.test>',
    to: 'Quennell, Brisa <bq@corp.test>',
    subject: 'Payslip for Brisa Quennell',
    date: '2026-03-03T10:00:00.000Z',
    message_pages: { page_start: 1, page_end: 1 },
    attachments: [{ filename: 'Brisa_Quennell-payslip.pdf', content_type: 'application/pdf', size: 1200, page_start: 2, page_end: 2 }],
  };

  it('redacts the header fields and the attachment names, keeping dates, types and page ranges', async () => {
    // Act
    const redacted = await redactedEmailSummary(email, BUILT_INS);
    // Assess
    expect(redacted.from).toBe('[PERSON] <[EMAIL_ADDRESS]>');
    expect(redacted.to).toBe('[PERSON] <[EMAIL_ADDRESS]>');
    expect(redacted.subject).toBe('Payslip for [PERSON]');
    expect(redacted.attachments[0]).toEqual({ ...email.attachments[0], filename: '[PERSON]-payslip.pdf' });
    expect(redacted.date).toBe(email.date);
    expect(redacted.message_pages).toEqual(email.message_pages);
  });

  it('is what the redact operation returns: no header name or address in the response', async () => {
    // Prepare
    const eml = mimeMessage(
      {
        From: '"Pellagrue, Oswin" <op@corp.test>',
        To: '"Quennell, Brisa" <bq@corp.test>',
        Subject: 'Payslip for Brisa Quennell',
        Date: 'Tue, 3 Mar 2026 10:00:00 +0000',
      },
      [
        { type: 'text/plain; charset=utf-8', body: 'Hello,\r\nthe payslip is attached.\r\nRegards' },
        { type: 'text/plain; charset=utf-8', body: 'Net pay for March: 2,140.00', filename: 'Brisa_Quennell-payslip.txt' },
      ],
    );
    // Act
    const res = await redactedMail(eml);
    // Assess
    expect(res.statusCode, res.body).toBe(200);
    const body = JSON.parse(res.body);
    for (const secret of ['Pellagrue', 'Oswin', 'Quennell', 'Brisa', 'op@corp.test', 'bq@corp.test']) {
      expect(JSON.stringify(body.metadata), secret).not.toContain(secret);
      expect(body.result.updated_text_block, secret).not.toContain(secret);
    }
    expect(body.metadata.email.message_pages).toEqual({ page_start: 1, page_end: 1 });
    expect(body.metadata.email.attachments.map((a: { filename: string }) => a.filename)).toEqual(['[PERSON]-payslip.txt']);
  });

  it("masks on the message page an attachment named surname first (a zip it cannot read is still listed there)", async () => {
    // Prepare
    const eml = mimeMessage({ From: '"Ysolde Harrowgate" <yh@corp.test>', To: 'records@corp.test', Subject: 'Papers', Date: 'Tue, 3 Mar 2026 10:00:00 +0000' }, [
      { type: 'text/plain; charset=utf-8', body: 'The scans are attached.' },
      { type: 'application/zip', body: new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]), filename: 'Harrowgate_Ysolde_scans.zip' },
    ]);
    // Act
    const res = await redactedMail(eml);
    // Assess
    expect(res.statusCode, res.body).toBe(200);
    const body = JSON.parse(res.body);
    expect(body.result.updated_text_block).toContain('[PERSON]_scans.zip');
    for (const secret of ['Harrowgate', 'Ysolde']) {
      expect(body.result.updated_text_block, secret).not.toContain(secret);
      expect(JSON.stringify(body.metadata), secret).not.toContain(secret);
    }
  });
});
