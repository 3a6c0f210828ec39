/**
 * The backend for Office documents (DOCX, XLSX, PPTX, legacy XLS): the package is read
 * with the capped zip reader, its main story turned into a flow and laid out
 * on virtual pages (`../text/virtual-page.ts`) at open, so the page count is
 * known before extraction. A BIFF workbook is read by `xls.ts` into the same flow.
 *
 * @module
 */
import { DocumentLoadError } from '../../contracts/errors.ts';
import { openFlow, type VirtualDocument } from '../text/virtual-document.ts';
import type { FlowItem } from '../text/virtual-page.ts';
import { docxFlow } from './docx.ts';
import { openPackage } from './package.ts';
import { pptxFlow } from './pptx.ts';
import { xlsFlow } from './xls.ts';
import { xlsxFlow } from './xlsx.ts';
import type { ZipArchive } from './zip.ts';

export type OfficeKind = 'docx' | 'xlsx' | 'pptx' | 'xls';

/** Engine names (`model_used`). */
export const OFFICE_ENGINES: Record<OfficeKind, string> = {
  docx: 'docx-ooxml@1',
  xlsx: 'xlsx-ooxml@1',
  pptx: 'pptx-ooxml@1',
  xls: 'xls-biff-sheetjs@0.20',
};

const WHAT: Record<OfficeKind, string> = { docx: 'Word document', xlsx: 'Excel workbook', pptx: 'PowerPoint presentation', xls: 'Excel workbook (.xls)' };

/** `maxPages` lets a flow stop early (XLSX: one shared string referenced by many cells) instead of leaving it to the paginator. */
const FLOWS: Record<Exclude<OfficeKind, 'xls'>, (zip: ZipArchive, maxPages?: number) => FlowItem[]> = { docx: docxFlow, xlsx: xlsxFlow, pptx: pptxFlow };

/**
 * Opens an Office document.
 *
 * @throws DocumentLoadError `document_corrupt` (not a package, damaged,
 *   zip bomb, DOCTYPE), `document_encrypted`, `document_empty`,
 *   `unsupported_file_type` (legacy binary Office), `file_too_large`,
 *   `page_limit_exceeded`.
 */
export async function openOfficeDocument(kind: OfficeKind, bytes: Uint8Array, options: { maxPages?: number } = {}): Promise<VirtualDocument> {
  const what = WHAT[kind];
  try {
    const flow = kind === 'xls' ? await xlsFlow(bytes, options.maxPages) : FLOWS[kind](openPackage(bytes, what), options.maxPages);
    return openFlow(kind, OFFICE_ENGINES[kind], flow, options.maxPages, what, { autoBreak: kind !== 'pptx' });
  } catch (error) {
    if (error instanceof DocumentLoadError) throw error;
    // Hostile input must never surface as a 500: whatever else broke, the file did.
    throw new DocumentLoadError('document_corrupt', `The ${what} could not be read; the file is damaged.`, { cause: error });
  }
}
