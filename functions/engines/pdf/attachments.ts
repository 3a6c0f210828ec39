/**
 * The files embedded in a PDF (its `EmbeddedFiles` name tree, as pdf.js
 * reads it), bounded: hostile PDFs may embed many or huge files, and the
 * readers of these files (e-invoice XML) need neither.
 *
 * @module
 */
import { MAX_DATA_FILE_BYTES, type DataFile } from '../document-model.ts';
/** At most this many files are returned, in the PDF's order. */
export const MAX_DATA_FILES = 16;

/**
 * pdf.js's `getAttachments()` result (`{ [key]: { filename, content } }`, or
 * null) as data files, skipping entries without content or over the bounds.
 *
 * @example
 * boundedAttachments({ 'factur-x.xml': { filename: 'factur-x.xml', content: bytes } }); // [{ name: 'factur-x.xml', data: bytes }]
 */
export function boundedAttachments(raw: unknown): DataFile[] {
  if (!raw || typeof raw !== 'object') return [];
  const files: DataFile[] = [];
  for (const [key, entry] of Object.entries(raw as Record<string, { filename?: unknown; content?: unknown }>)) {
    if (files.length === MAX_DATA_FILES) break;
    const content = entry?.content;
    if (!(content instanceof Uint8Array) || content.byteLength === 0 || content.byteLength > MAX_DATA_FILE_BYTES) continue;
    const name = typeof entry.filename === 'string' && entry.filename ? entry.filename : key;
    files.push({ name, data: content });
  }
  return files;
}
