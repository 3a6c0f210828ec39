/**
 * Upload rules: which content type a file gets and how large it may be.
 * Pure; the upload handler wires it to storage.
 *
 * @module
 */
import { lookup as mimeForName } from 'mime-types';
import { ApiError } from '../contracts/errors.ts';
import { maxUploadBytes, type Tier } from '../contracts/limits.ts';
import {
  DEFAULT_CONTENT_TYPE,
  extensionOf,
  MEDIA_TYPES,
  mediaTypeForFilename,
  mediaTypeForMime,
  type MediaType,
} from '../contracts/media-types.ts';

const SUPPORTED_LIST = MEDIA_TYPES.map((t) => t.mime).join(', ');

/**
 * The declared `content_type` wins (one outside the supported list is 415);
 * without it the filename's extension decides: one of ours, or one the
 * media-type database (mime-types) maps to a type we read, gives that type;
 * one it maps to a type we cannot read (`a.exe`, `a.zip`) is 415 here, before
 * an upload address is issued; none, or one nobody knows, gets the SPEC's
 * default (`content_type` "default application/pdf"). Parse sniffs the bytes
 * anyway, so a file that is not a PDF is answered there (415 `unsupported_file_type`).
 */
export function resolveMediaType(filename: string, contentType?: string): MediaType {
  if (contentType) {
    const declared = mediaTypeForMime(contentType);
    if (!declared) throw unsupported(`content_type '${contentType}' is not supported`, {});
    return declared;
  }
  const byName = mediaTypeForFilename(filename);
  if (byName) return byName;
  const ext = extensionOf(filename);
  const named = ext && !COMING_EXTENSIONS.has(ext) ? mimeForName(ext) : false;
  // "Some bytes" (.bin) says nothing more than no extension does.
  if (named && named !== 'application/octet-stream') {
    const readable = mediaTypeForMime(named);
    if (!readable) throw unsupported(`A '.${ext}' file (${named}) cannot be read`, { extension: ext, named_type: named });
    return readable;
  }
  return mediaTypeForMime(DEFAULT_CONTENT_TYPE)!;
}

/**
 * Extensions that get the default for now rather than a 415: e-mail (.eml,
 * .msg), web pages and legacy Excel are being made readable; once they are
 * in MEDIA_TYPES the filename gives their type above and this list no longer matters.
 */
const COMING_EXTENSIONS = new Set(['eml', 'msg', 'html', 'htm', 'xls']);

function unsupported(what: string, details: Record<string, unknown>): ApiError {
  return new ApiError('unsupported_media_type', `${what}. Supported: ${SUPPORTED_LIST}.`, {
    details: { ...details, supported: MEDIA_TYPES.map((t) => t.mime) },
  });
}

/**
 * The Content-Type the upload address is signed for: the caller's own
 * spelling when it declared one (an accepted alias such as `text/xml`, or
 * with a `; charset=` parameter), so a PUT that sends "a Content-Type header
 * equal to the file type" as declared is accepted; otherwise the type the
 * filename gave.
 */
export function signedContentType(mediaType: MediaType, declared: string | undefined): string {
  const spelled = declared?.trim();
  return spelled ? spelled : mediaType.mime;
}

/**
 * Rejects a declared size above the organization's ceiling before any address
 * is issued (a request with an `Origin` header is a browser's: see maxUploadBytes).
 */
export function checkDeclaredLength(tier: Tier, contentLength: number | undefined, options: { fromBrowser?: boolean } = {}): void {
  if (contentLength === undefined) return;
  const ceiling = maxUploadBytes(tier, options);
  if (contentLength > ceiling) {
    throw new ApiError('file_too_large', `content_length ${contentLength} exceeds the upload ceiling of ${ceiling} bytes.`, {
      details: { content_length: contentLength, max_bytes: ceiling },
    });
  }
  if (contentLength === 0) {
    throw new ApiError('invalid_request', 'content_length is 0: the file is empty.');
  }
}
