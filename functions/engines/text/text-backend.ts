/**
 * The backend for plain-text kinds: TXT, CSV, JSON, XML, HTML and RTF, all laid
 * out on virtual pages (see `virtual-page.ts`).
 *
 * @module
 */
import { DocumentLoadError } from '../../contracts/errors.ts';
import { csvFlow } from './csv.ts';
import { decodeTextBytes, decodeWindows1252 } from './decode.ts';
import { htmlFlow } from './html.ts';
import { jsonFlow } from './json.ts';
import { parseRtf } from './rtf.ts';
import { txtFlow } from './txt.ts';
import { openFlow, type VirtualDocument } from './virtual-document.ts';
import type { FlowItem } from './virtual-page.ts';
import { xmlFlow } from './xml.ts';

export type TextKind = 'txt' | 'csv' | 'json' | 'xml' | 'rtf' | 'html';

/** Engine names (`model_used`). */
export const TEXT_ENGINES: Record<TextKind, string> = {
  txt: 'text-plain@1',
  csv: 'text-csv@1',
  json: 'text-json@1',
  xml: 'text-xml@1',
  rtf: 'rtf-tokenizer@1',
  html: 'html-htmlparser2@12',
};

const WHAT: Record<TextKind, string> = { txt: 'text file', csv: 'CSV file', json: 'JSON file', xml: 'XML file', rtf: 'RTF document', html: 'HTML page' };

function flowOf(kind: TextKind, text: string): Iterable<FlowItem> {
  switch (kind) {
    case 'txt':
      return txtFlow(text);
    case 'csv':
      return csvFlow(text);
    case 'json':
      return jsonFlow(text);
    case 'xml':
      return xmlFlow(text);
    case 'rtf':
      return parseRtf(text);
    case 'html':
      return htmlFlow(text);
  }
}

/**
 * Decodes and lays out a text document.
 *
 * @throws DocumentLoadError `unsupported_file_type` (binary data),
 *   `document_corrupt` (invalid JSON/XML/RTF, nesting too deep),
 *   `file_too_large`, `page_limit_exceeded`.
 */
export async function openTextDocument(kind: TextKind, bytes: Uint8Array, options: { maxPages?: number } = {}): Promise<VirtualDocument> {
  // RTF is 7-bit with escapes; raw high bytes are in the ANSI code page.
  const text = kind === 'rtf' ? decodeWindows1252(bytes) : decodeTextBytes(bytes, kind).text;
  try {
    return openFlow(kind, TEXT_ENGINES[kind], flowOf(kind, text), options.maxPages, WHAT[kind]);
  } catch (error) {
    if (error instanceof DocumentLoadError) throw error;
    // Hostile input must never surface as a 500 (e.g. a RangeError from a pathological file).
    throw new DocumentLoadError('document_corrupt', `The ${WHAT[kind]} could not be read; the file is damaged.`, { cause: error });
  }
}
