/**
 * Upload rules: which content type a file gets and how large it may be.
 * Pure; the upload handler wires it to storage.
 *
 * @module
 */
import { ApiError } from '../contracts/errors.ts';
import { maxUploadBytes, type Tier } from '../contracts/limits.ts';
import {
  DEFAULT_CONTENT_TYPE,
  MEDIA_TYPES,
  mediaTypeForFilename,
  mediaTypeForMime,
  type MediaType,
} from '../contracts/media-types.ts';

const SUPPORTED_LIST = MEDIA_TYPES.map((t) => t.mime).join(', ');

/**
 * The declared `content_type` wins (one outside the supported list is 415);
 * without it the filename's extension decides; a name whose extension says
 * nothing we know — none, or an unknown one — gets the SPEC's default
 * (`content_type` "default application/pdf"). Parse sniffs the bytes anyway,
 * so a file that is not a PDF is answered there (415 `unsupported_file_type`).
 */
export function resolveMediaType(filename: string, contentType?: string): MediaType {
  if (contentType) {
    const declared = mediaTypeForMime(contentType);
    if (!declared) {
      throw new ApiError('unsupported_media_type', `content_type '${contentType}' is not supported. Supported: ${SUPPORTED_LIST}.`, {
        details: { supported: MEDIA_TYPES.map((t) => t.mime) },
      });
    }
    return declared;
  }
  return mediaTypeForFilename(filename) ?? mediaTypeForMime(DEFAULT_CONTENT_TYPE)!;
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
