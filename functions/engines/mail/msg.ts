/**
 * Outlook messages (`.msg`, a Compound File of MAPI properties) read by
 * @kenjiuno/msgreader; an embedded message comes back as a `.msg` of its own.
 *
 * @module
 */
import { DocumentLoadError } from '../../contracts/errors.ts';
import { checkMailSize, mailbox, MAX_MAIL_ATTACHMENTS, type MailAttachment, type MailMessage } from './mail-message.ts';

type ReaderClass = typeof import('@kenjiuno/msgreader/lib/MsgReader.js').default;
type Reader = InstanceType<ReaderClass>;
type Fields = ReturnType<Reader['getFileData']>;

function recipients(fields: Fields, type: 'to' | 'cc'): string | undefined {
  const list = (fields.recipients ?? []).filter((r) => (r.recipType ?? 'to') === type);
  const text = list.map((r) => mailbox(r.name, r.email ?? r.smtpAddress)).filter(Boolean).join(', ');
  return text || undefined;
}

/** The HTML body: a string, or bytes (compressed RTF bodies are not read). */
function htmlBody(fields: Fields): string | undefined {
  if (fields.bodyHtml) return fields.bodyHtml;
  if (fields.html) return new TextDecoder().decode(fields.html);
  return undefined;
}

function attachmentsOf(reader: Reader, fields: Fields): MailAttachment[] {
  const out: MailAttachment[] = [];
  for (const attach of (fields.attachments ?? []).slice(0, MAX_MAIL_ATTACHMENTS)) {
    // Pictures the HTML body shows inline (a content id and hidden) are part of the body.
    if (attach.attachmentHidden) continue;
    const data = reader.getAttachment(attach);
    const filename = data.fileName || attach.fileName || attach.name || `attachment-${out.length + 1}${attach.innerMsgContent ? '.msg' : ''}`;
    const contentType = attach.innerMsgContent ? 'application/vnd.ms-outlook' : (attach.attachMimeTag ?? 'application/octet-stream');
    out.push({ filename: attach.innerMsgContent && !/\.msg$/i.test(filename) ? `${filename}.msg` : filename, contentType, content: data.content });
  }
  return out;
}

/**
 * @throws DocumentLoadError `file_too_large`, `document_corrupt`.
 */
export async function parseMsg(bytes: Uint8Array): Promise<MailMessage> {
  checkMailSize(bytes);
  // A CommonJS module: Node's import puts the class at `default.default`.
  const module = (await import('@kenjiuno/msgreader')) as unknown as { default: { default?: ReaderClass } & ReaderClass };
  const MsgReader = module.default.default ?? module.default;
  try {
    const reader = new MsgReader(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const fields = reader.getFileData();
    if (fields.error) throw new Error(fields.error);
    return {
      from: mailbox(fields.senderName, fields.senderSmtpAddress ?? fields.senderEmail) || undefined,
      to: recipients(fields, 'to'),
      cc: recipients(fields, 'cc'),
      date: fields.clientSubmitTime ?? fields.messageDeliveryTime ?? fields.creationTime,
      subject: fields.subject,
      text: fields.body,
      html: htmlBody(fields),
      attachments: attachmentsOf(reader, fields),
    };
  } catch (error) {
    if (error instanceof DocumentLoadError) throw error;
    throw new DocumentLoadError('document_corrupt', 'The Outlook message (.msg) could not be read; the file is damaged.', { cause: error });
  }
}
