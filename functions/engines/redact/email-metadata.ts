/**
 * An e-mail's `metadata.email` as the redact operation may return it: the
 * header fields (From, To, Cc, Subject) and the attachments' file names say
 * who wrote to whom, as the message page does, so they are redacted like
 * the text — each span replaced by its `[TYPE]` marker. Page ranges, types,
 * sizes and the date stay (the pages show them too, and they identify no one).
 *
 * File names are read with their separators as spaces ("Marten_Quillfeather-payslip.pdf"
 * reads as words), so a name glued into a file name is found as in prose.
 *
 * @module
 */
import type { EmailAttachmentSummary, EmailSummary } from '../document-model.ts';
import { detectPii, type DetectionConfig } from './detect.ts';
import { markerFor } from './synthetic.ts';

/**
 * `text` with every span the detector finds replaced by its marker. The
 * detector reads `read` (the same length as `text`) after `label`, as the
 * message page shows it: a header's display names are people after "From:".
 */
async function redacted(text: string, config: DetectionConfig, options: { read?: string; label?: string; signal?: AbortSignal } = {}): Promise<string> {
  const label = options.label ?? '';
  const spans = await detectPii(label + (options.read ?? text), config, options.signal);
  let out = '';
  let cursor = 0;
  for (const span of spans) {
    const start = Math.max(0, span.start - label.length);
    const end = span.end - label.length;
    if (end <= cursor) continue;
    out += text.slice(cursor, Math.max(cursor, start)) + markerFor(span.type);
    cursor = end;
  }
  return out + text.slice(cursor);
}

/** A file name's separators read as spaces: the same length, so spans map back one to one. */
const fileNameWords = (name: string) => name.replace(/[_.\-+]/gu, ' ');

/** The e-mail summary with its header fields and attachment file names redacted (see the module note). */
export async function redactedEmailSummary(email: EmailSummary, config: DetectionConfig, signal?: AbortSignal): Promise<EmailSummary> {
  const field = async (label: string, value: string | undefined) => (value === undefined ? undefined : redacted(value, config, { label, signal }));
  const [from, to, cc, subject] = await Promise.all([
    field('From: ', email.from),
    field('To: ', email.to),
    field('Cc: ', email.cc),
    field('Subject: ', email.subject),
  ]);
  const attachments: EmailAttachmentSummary[] = [];
  for (const attachment of email.attachments) {
    attachments.push({ ...attachment, filename: await redacted(attachment.filename, config, { read: fileNameWords(attachment.filename), signal }) });
  }
  const fields = Object.entries({ from, to, cc, subject }).filter(([, value]) => value !== undefined);
  return { ...email, ...Object.fromEntries(fields), attachments };
}
