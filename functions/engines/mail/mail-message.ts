/**
 * An e-mail as both readers (`.eml`, Outlook `.msg`) hand it on: the header
 * fields a mail client shows, the body (plain text, or the HTML body laid out
 * as text when there is no plain one) and the attached files; and the flow of
 * its first pages (headers, body, a list of attachments).
 *
 * @module
 */
import { DocumentLoadError } from '../../contracts/errors.ts';
import { htmlFlow } from '../text/html.ts';
import { txtFlow } from '../text/txt.ts';
import type { FlowItem } from '../text/virtual-page.ts';

/** Larger messages are refused before parsing (both readers hold the whole message). */
export const MAX_MAIL_BYTES = 40 * 1024 * 1024;
/** Attachments read per message (all levels); more are listed as not read. */
export const MAX_MAIL_ATTACHMENTS = 20;
/** Messages attached to messages are read this deep; deeper ones are listed as not read. */
export const MAX_MAIL_DEPTH = 3;
/** MIME parts nested deeper than this make the message corrupt (postal-mime's own limit, lowered). */
export const MAX_MIME_NESTING = 50;

export interface MailAttachment {
  readonly filename: string;
  readonly contentType: string;
  readonly content: Uint8Array;
}

export interface MailMessage {
  readonly from?: string;
  readonly to?: string;
  readonly cc?: string;
  readonly date?: string;
  readonly subject?: string;
  readonly text?: string;
  readonly html?: string;
  readonly attachments: readonly MailAttachment[];
}

/** Refuses a message over {@link MAX_MAIL_BYTES}. */
export function checkMailSize(bytes: Uint8Array): void {
  if (bytes.byteLength > MAX_MAIL_BYTES) {
    throw new DocumentLoadError('file_too_large', `The e-mail is larger than ${MAX_MAIL_BYTES} bytes.`, { details: { max_bytes: MAX_MAIL_BYTES } });
  }
}

/** `Name <address>` as a mail client prints a mailbox. */
export function mailbox(name: string | undefined, address: string | undefined): string {
  const n = name?.trim();
  const a = address?.trim();
  if (n && a && n !== a) return `${n} <${a}>`;
  return n || a || '';
}

/** The header lines of the first page, in a mail client's order. */
export function headerLines(message: MailMessage): string[] {
  const fields: [string, string | undefined][] = [
    ['From', message.from],
    ['To', message.to],
    ['Cc', message.cc],
    ['Date', message.date],
    ['Subject', message.subject],
  ];
  return fields.filter(([, v]) => v?.trim()).map(([k, v]) => `${k}: ${v!.replace(/\s+/g, ' ').trim()}`);
}

/**
 * Headers, body and the attachment list as a flow. The attachment list says
 * what each file became (`pages 3–4`, or why it was not read).
 */
export function messageFlow(message: MailMessage, attachmentNotes: readonly string[]): FlowItem[] {
  const flow: FlowItem[] = [];
  const headers = headerLines(message);
  if (headers.length) flow.push({ type: 'paragraph', text: headers.join('\n') });
  if (message.text?.trim()) flow.push(...txtFlow(message.text.replace(/\f/g, '\n')));
  else if (message.html?.trim()) flow.push(...htmlFlow(message.html));
  if (attachmentNotes.length) flow.push({ type: 'paragraph', text: ['Attachments:', ...attachmentNotes.map((n) => `- ${n}`)].join('\n') });
  if (flow.length === 0) flow.push({ type: 'paragraph', text: '(empty message)' });
  return flow;
}
