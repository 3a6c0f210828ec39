/**
 * RFC 822 / MIME messages (`.eml`) read by postal-mime (no dependencies,
 * decodes every transfer and header encoding and charset, nested multiparts).
 *
 * @module
 */
import { DocumentLoadError } from '../../contracts/errors.ts';
import { checkMailSize, mailbox, MAX_MIME_NESTING, type MailAttachment, type MailMessage } from './mail-message.ts';

type Address = { name: string; address?: string; group?: Address[] };

function addresses(list: readonly Address[] | Address | undefined): string | undefined {
  if (!list) return undefined;
  const flat = (Array.isArray(list) ? list : [list]).flatMap((a: Address) => (a.group ? a.group : [a]));
  const text = flat.map((a) => mailbox(a.name, a.address)).filter(Boolean).join(', ');
  return text || undefined;
}

const asBytes = (content: ArrayBuffer | Uint8Array | string): Uint8Array =>
  typeof content === 'string' ? new TextEncoder().encode(content) : content instanceof Uint8Array ? content : new Uint8Array(content);

/**
 * @throws DocumentLoadError `file_too_large`, `document_corrupt` (unreadable or nested too deep).
 */
export async function parseEml(bytes: Uint8Array): Promise<MailMessage> {
  checkMailSize(bytes);
  const { default: PostalMime } = await import('postal-mime');
  let email: Awaited<ReturnType<typeof PostalMime.parse>>;
  try {
    email = await PostalMime.parse(bytes, { attachmentEncoding: 'arraybuffer', maxNestingDepth: MAX_MIME_NESTING });
  } catch (error) {
    throw new DocumentLoadError('document_corrupt', `The e-mail could not be read: ${(error as Error).message}`, { cause: error });
  }
  const attachments: MailAttachment[] = email.attachments
    // Pictures the HTML body shows inline (logos, signatures) are part of the body, not attached files.
    .filter((a) => !(a.related && a.disposition !== 'attachment'))
    .map((a, i) => ({ filename: a.filename ?? `attachment-${i + 1}`, contentType: a.mimeType, content: asBytes(a.content) }));
  return {
    from: addresses(email.from as Address | undefined),
    to: addresses(email.to as Address[] | undefined),
    cc: addresses(email.cc as Address[] | undefined),
    date: email.date,
    subject: email.subject,
    text: email.text,
    html: email.html,
    attachments,
  };
}
