/**
 * Invented e-mails, Outlook messages, HTML pages and BIFF workbooks for the
 * format tests (names and addresses are made up; `.test` domains).
 */
import * as XLSX from '@e965/xlsx';
import { burn } from '@kenjiuno/msgreader/lib/Burner.js';

/** A BIFF8 (.xls) workbook of the given sheets (rows of cells). */
export function biffWorkbook(sheets: Record<string, (string | number)[][]>): Uint8Array {
  const book = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets)) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), name);
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'biff8' }) as ArrayBuffer);
}

export interface Part {
  readonly type: string;
  readonly body: string | Uint8Array;
  readonly filename?: string;
}

/** A MIME message: headers, then a multipart/mixed body of the parts (binary parts in base64). */
export function mimeMessage(headers: Record<string, string>, parts: readonly Part[], boundary = 'b-invented-1'): Uint8Array {
  const head = Object.entries(headers).map(([k, v]) => `${k}: ${v}`);
  const body = parts.map((p) => {
    const disposition = p.filename ? [`Content-Disposition: attachment; filename="${p.filename}"`] : [];
    const binary = typeof p.body !== 'string';
    const content = binary ? Buffer.from(p.body as Uint8Array).toString('base64').replace(/.{76}/g, '$&\r\n') : (p.body as string);
    return [`--${boundary}`, `Content-Type: ${p.type}`, ...disposition, ...(binary ? ['Content-Transfer-Encoding: base64'] : []), '', content].join('\r\n');
  });
  const text = [...head, 'MIME-Version: 1.0', `Content-Type: multipart/mixed; boundary="${boundary}"`, '', ...body, `--${boundary}--`, ''].join('\r\n');
  return new TextEncoder().encode(text);
}

const utf16 = (s: string) => Uint8Array.from(Buffer.from(s, 'utf16le'));

/** An Outlook message with subject, plain body and sender (MAPI string properties, no attachments). */
export function outlookMessage(fields: { subject: string; body: string; senderName: string; senderAddress: string }): Uint8Array {
  const streams: [string, Uint8Array][] = [
    ['__substg1.0_0037001F', utf16(fields.subject)],
    ['__substg1.0_1000001F', utf16(fields.body)],
    ['__substg1.0_0C1A001F', utf16(fields.senderName)],
    ['__substg1.0_0C1F001F', utf16(fields.senderAddress)],
    ['__properties_version1.0', new Uint8Array(32)],
  ];
  const entries = [
    { name: 'Root Entry', type: 5, length: 0, children: streams.map((_, i) => i + 1) },
    ...streams.map(([name, data]) => ({ name, type: 2, length: data.length, binaryProvider: () => data })),
  ];
  return burn(entries as Parameters<typeof burn>[0]);
}
