/**
 * The backend for e-mails (`.eml`, Outlook `.msg`): one document whose first
 * pages are the message (headers, body, the list of attached files, laid out
 * on virtual pages) and whose following pages are each attachment's own, in
 * order, read by the attachment's backend (a PDF by pdf.js, a photo by OCR,
 * an attached e-mail by this backend again).
 *
 * Budgets: the page cap covers the message and every attachment together;
 * at most MAX_MAIL_ATTACHMENTS files are read over all levels and messages
 * are followed MAX_MAIL_DEPTH deep; an attachment that cannot be read
 * (unsupported type, damaged, encrypted, too large) is listed with the
 * reason instead of failing the e-mail. Attachments go through their own
 * backends' budgets (zip bombs, cell counts, image sizes).
 *
 * @module
 */
import { DocumentLoadError } from '../../contracts/errors.ts';
import { mediaTypeForFilename, mediaTypeForMime, type FileKind } from '../../contracts/media-types.ts';
import type { DocumentPage, EmailAttachmentSummary, ParsedDocument } from '../document-model.ts';
import { resolveKind } from '../file-type.ts';
import type { OpenedDocument, OpenOptions } from '../registry.ts';
import { MAX_VIRTUAL_PAGES } from '../text/virtual-page.ts';
import { openFlow } from '../text/virtual-document.ts';
import { parseEml } from './eml.ts';
import { MAX_MAIL_ATTACHMENTS, MAX_MAIL_DEPTH, messageFlow, type MailAttachment, type MailMessage } from './mail-message.ts';
import { parseMsg } from './msg.ts';

export type MailKind = 'eml' | 'msg';

export const MAIL_ENGINES: Record<MailKind, string> = { eml: 'eml-postal-mime@4', msg: 'msg-msgreader@1' };

/** One part of the e-mail's pages: the message or an attachment, from `first` on. */
interface Part {
  readonly document: Pick<OpenedDocument, 'pageCount' | 'extract' | 'close' | 'engines' | 'ocrPageCount'>;
  readonly first: number;
}

/** Counted over every level of one e-mail. */
interface MailBudget {
  attachments: number;
}

const WHAT: Record<MailKind, string> = { eml: 'e-mail', msg: 'Outlook message' };

function attachmentKind(attachment: MailAttachment): FileKind | undefined {
  const declared = mediaTypeForMime(attachment.contentType)?.kind ?? mediaTypeForFilename(attachment.filename)?.kind;
  return resolveKind(attachment.content, declared);
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} bytes`;

/** Opens one attachment, or says why it was not read. */
async function openAttachment(
  attachment: MailAttachment,
  options: OpenOptions,
  depth: number,
  budget: MailBudget,
): Promise<{ document?: OpenedDocument; kind?: FileKind; skipped?: string }> {
  if (attachment.content.byteLength === 0) return { skipped: 'empty file' };
  if (++budget.attachments > MAX_MAIL_ATTACHMENTS) return { skipped: `more than ${MAX_MAIL_ATTACHMENTS} attachments` };
  const kind = attachmentKind(attachment);
  if (!kind) return { skipped: 'file type not supported' };
  if ((kind === 'eml' || kind === 'msg') && depth >= MAX_MAIL_DEPTH) return { kind, skipped: `messages nested more than ${MAX_MAIL_DEPTH} deep` };
  try {
    if (kind === 'eml' || kind === 'msg') return { kind, document: await openMail(kind, attachment.content, options, depth + 1, budget) };
    const { openDocument } = await import('../registry.ts');
    return { kind, document: await openDocument(attachment.content, { declaredKind: kind, filename: attachment.filename }, options) };
  } catch (error) {
    if (!(error instanceof DocumentLoadError) || error.code === 'page_limit_exceeded') throw error;
    return { kind, skipped: error.message };
  }
}

function pageLimit(what: string, maxPages: number, cause?: unknown): DocumentLoadError {
  return new DocumentLoadError(
    'page_limit_exceeded',
    `This ${what} and its attachments have more than ${maxPages} pages; at most ${maxPages} can be processed.`,
    {
      details: { pages_at_least: maxPages + 1, max_pages: maxPages },
      cause,
    },
  );
}

/** Opens the attachments in order, each within the pages left (one page stays for the message). */
async function openAttachments(message: MailMessage, options: OpenOptions, depth: number, budget: MailBudget, maxPages: number, what: string) {
  const opened: { attachment: MailAttachment; document?: OpenedDocument; kind?: FileKind; skipped?: string }[] = [];
  let pages = 0;
  try {
    for (const attachment of message.attachments) {
      options.signal?.throwIfAborted();
      const left = maxPages - 1 - pages;
      if (left < 1) throw pageLimit(what, maxPages);
      const result = await openAttachment(attachment, { ...options, maxPages: left }, depth, budget);
      opened.push({ attachment, ...result });
      pages += result.document?.pageCount ?? 0;
    }
  } catch (error) {
    await Promise.all(opened.map((o) => o.document?.close()));
    if (error instanceof DocumentLoadError && error.code === 'page_limit_exceeded') throw pageLimit(what, maxPages, error);
    throw error;
  }
  return { opened, pages };
}

/** Opens an e-mail with its attachments as one document. */
export async function openMail(
  kind: MailKind,
  bytes: Uint8Array,
  options: OpenOptions = {},
  depth = 0,
  budget: MailBudget = { attachments: 0 },
): Promise<OpenedDocument> {
  const what = WHAT[kind];
  const message = kind === 'eml' ? await parseEml(bytes) : await parseMsg(bytes);
  const maxPages = Math.min(options.maxPages ?? MAX_VIRTUAL_PAGES, MAX_VIRTUAL_PAGES);
  const { opened, pages } = await openAttachments(message, options, depth, budget, maxPages, what);
  const notes = opened.map(
    ({ attachment, skipped }) =>
      `${attachment.filename} (${attachment.contentType}, ${sizeText(attachment.content.byteLength)})${skipped ? ` — not read: ${skipped}` : ''}`,
  );
  let body;
  try {
    body = openFlow(kind, MAIL_ENGINES[kind], messageFlow(message, notes), maxPages - pages, what);
  } catch (error) {
    await Promise.all(opened.map((o) => o.document?.close()));
    if (error instanceof DocumentLoadError && error.code === 'page_limit_exceeded') throw pageLimit(what, maxPages, error);
    throw error;
  }
  const parts: Part[] = [{ document: { ...body, engines: [body.engine] }, first: 1 }];
  const summaries: EmailAttachmentSummary[] = [];
  let next = body.pageCount + 1;
  for (const { attachment, document, kind: fileType, skipped } of opened) {
    const summary = {
      filename: attachment.filename,
      content_type: attachment.contentType,
      size: attachment.content.byteLength,
      ...(fileType ? { file_type: fileType } : {}),
    };
    if (document && document.pageCount > 0) {
      parts.push({ document, first: next });
      summaries.push({ ...summary, page_start: next, page_end: next + document.pageCount - 1 });
      next += document.pageCount;
    } else summaries.push({ ...summary, skipped: skipped ?? 'no pages' });
  }
  const email = {
    ...(message.from ? { from: message.from } : {}),
    ...(message.to ? { to: message.to } : {}),
    ...(message.cc ? { cc: message.cc } : {}),
    ...(message.date ? { date: message.date } : {}),
    ...(message.subject ? { subject: message.subject } : {}),
    message_pages: { page_start: 1, page_end: body.pageCount },
    attachments: summaries,
  };
  return compositeDocument(kind, parts, next - 1, email);
}

/** One document over the parts: page numbers mapped to each part's own and back. */
function compositeDocument(kind: MailKind, parts: readonly Part[], pageCount: number, email: ParsedDocument['email']): OpenedDocument {
  const engines = [...new Set(parts.flatMap((p) => p.document.engines))];
  const ocrPageCount = parts.reduce((n, p) => n + (p.document.ocrPageCount ?? 0), 0);
  return {
    kind,
    pageCount,
    ...(email ? { messagePages: email.message_pages } : {}),
    engines,
    ...(ocrPageCount ? { ocrPageCount } : {}),
    async extract(pageNumbers, options) {
      const wanted = pageNumbers ?? Array.from({ length: pageCount }, (_, i) => i + 1);
      const pages: DocumentPage[] = [];
      const ran = new Set<string>();
      for (const part of parts) {
        const local = wanted.filter((n) => n >= part.first && n < part.first + part.document.pageCount).map((n) => n - part.first + 1);
        if (local.length === 0) continue;
        const parsed = await part.document.extract(local, options);
        parsed.engines.forEach((e) => ran.add(e));
        pages.push(...parsed.pages.map((page) => ({ ...page, pageNumber: page.pageNumber + part.first - 1 })));
      }
      for (const n of wanted) if (!Number.isInteger(n) || n < 1 || n > pageCount) throw new RangeError(`Page ${n} is outside 1–${pageCount}.`);
      return { kind, pages, engines: [...ran], email };
    },
    async close() {
      await Promise.all(parts.map((p) => p.document.close()));
    },
  };
}
