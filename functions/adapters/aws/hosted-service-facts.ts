/**
 * The hosted services' names and documented size limits, apart from their
 * adapters so the composition root can describe a service without loading
 * its SDK client (which only the first hosted call pays for).
 *
 * @module
 */

/** DetectPiiEntities' documented size limit for one text (UTF-8 bytes). */
export const COMPREHEND_MAX_TEXT_BYTES = 100_000;
/** What `model_used` calls the Comprehend engine. */
export const COMPREHEND_PII_ENGINE = 'comprehend/DetectPiiEntities';

/** Textract's synchronous operations' documented limit for an image sent as bytes. */
export const TEXTRACT_MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** What `model_used` calls the Textract engine. */
export const TEXTRACT_ENGINE = 'textract/DetectDocumentText';
