/**
 * The supported upload types, their canonical MIME type, accepted aliases and
 * file extensions. Upload validation, type detection and the docs read this.
 *
 * @module
 */

export type FileKind =
  | 'pdf' | 'png' | 'jpeg' | 'webp' | 'tiff' | 'heic'
  | 'docx' | 'xlsx' | 'pptx' | 'csv' | 'txt' | 'rtf' | 'json' | 'xml'
  | 'xls' | 'html' | 'eml' | 'msg';

export interface MediaType {
  readonly kind: FileKind;
  readonly mime: string;
  readonly aliases: readonly string[];
  readonly extensions: readonly string[];
}

/**
 * The SPEC names Word, Excel and PowerPoint without MIME types, and callers
 * declare them by the older names (`application/msword`, …) as often as by
 * the OOXML ones: those names are accepted as aliases at upload. The bytes
 * decide the format at parse, where a legacy binary (.doc/.xls/.ppt) file
 * gets 415 `unsupported_file_type` with advice to save it as OOXML — except
 * legacy Excel (BIFF `.xls`), which is read, and Outlook `.msg` e-mails.
 */
export const MEDIA_TYPES: readonly MediaType[] = [
  { kind: 'pdf', mime: 'application/pdf', aliases: ['application/x-pdf'], extensions: ['pdf'] },
  { kind: 'png', mime: 'image/png', aliases: [], extensions: ['png'] },
  { kind: 'jpeg', mime: 'image/jpeg', aliases: ['image/jpg', 'image/pjpeg'], extensions: ['jpg', 'jpeg', 'jpe', 'jfif'] },
  { kind: 'webp', mime: 'image/webp', aliases: [], extensions: ['webp'] },
  { kind: 'tiff', mime: 'image/tiff', aliases: ['image/tif'], extensions: ['tif', 'tiff'] },
  { kind: 'heic', mime: 'image/heic', aliases: ['image/heif', 'image/heic-sequence', 'image/heif-sequence'], extensions: ['heic', 'heif'] },
  {
    kind: 'docx',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    aliases: ['application/msword'],
    extensions: ['docx'],
  },
  {
    kind: 'xlsx',
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    aliases: [],
    extensions: ['xlsx'],
  },
  {
    kind: 'pptx',
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    aliases: ['application/vnd.ms-powerpoint'],
    extensions: ['pptx'],
  },
  { kind: 'csv', mime: 'text/csv', aliases: ['application/csv', 'text/comma-separated-values'], extensions: ['csv'] },
  { kind: 'txt', mime: 'text/plain', aliases: [], extensions: ['txt', 'text'] },
  { kind: 'rtf', mime: 'application/rtf', aliases: ['text/rtf'], extensions: ['rtf'] },
  { kind: 'json', mime: 'application/json', aliases: ['text/json'], extensions: ['json'] },
  { kind: 'xml', mime: 'application/xml', aliases: ['text/xml'], extensions: ['xml'] },
  // A BIFF workbook and an OOXML one are told apart by their bytes, so either name may declare either.
  { kind: 'xls', mime: 'application/vnd.ms-excel', aliases: ['application/x-msexcel', 'application/excel'], extensions: ['xls'] },
  { kind: 'html', mime: 'text/html', aliases: ['application/xhtml+xml'], extensions: ['html', 'htm', 'xhtml'] },
  { kind: 'eml', mime: 'message/rfc822', aliases: [], extensions: ['eml'] },
  { kind: 'msg', mime: 'application/vnd.ms-outlook', aliases: ['application/x-msg'], extensions: ['msg'] },
];

/** Default content type when neither `content_type` nor the filename says otherwise (spec). */
export const DEFAULT_CONTENT_TYPE = 'application/pdf';

function bareMime(value: string): string {
  return value.split(';')[0].trim().toLowerCase();
}

export function mediaTypeForMime(value: string): MediaType | undefined {
  const mime = bareMime(value);
  return MEDIA_TYPES.find((t) => t.mime === mime || t.aliases.includes(mime));
}

export function mediaTypeForKind(kind: FileKind): MediaType {
  return MEDIA_TYPES.find((t) => t.kind === kind)!;
}

export function extensionOf(filename: string): string | undefined {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 && dot < base.length - 1 ? base.slice(dot + 1).toLowerCase() : undefined;
}

export function mediaTypeForFilename(filename: string): MediaType | undefined {
  const ext = extensionOf(filename);
  return ext ? MEDIA_TYPES.find((t) => t.extensions.includes(ext)) : undefined;
}
