/**
 * Issue 38 item 3: a page-range worker opens the document for its own pages
 * only (the open-time OCR scan looks at the segment's pages), not the whole
 * document once per segment.
 */
import { describe, expect, it, vi } from 'vitest';
import * as registry from '../../../functions/engines/registry.ts';
import { createHandler } from '../../../functions/handlers/page-range-worker.ts';
import { testContext } from '../../helpers/events.ts';
import { fakeDeps } from '../../helpers/fakes.ts';
import { makeNumberedPdf } from '../../helpers/pdf.ts';

vi.mock('../../../functions/engines/registry.ts', async (importOriginal) => {
  const original = await importOriginal<typeof registry>();
  return { ...original, openDocument: vi.fn(original.openDocument) };
});

describe('page-range worker: its own pages only', () => {
  it('opens with the segment as the pages of interest, so the scan skips the other pages', async () => {
    const deps = fakeDeps();
    await deps.blobs.put('uploads/acme/forty.pdf', await makeNumberedPdf(40), 'application/pdf');
    const result = await createHandler(() => deps)({ blobKey: 'uploads/acme/forty.pdf', kind: 'pdf', pageNumbers: [21, 22, 23] }, testContext());
    expect('pages' in result && result.pages.map((p) => p.pageNumber)).toEqual([21, 22, 23]);
    const options = vi.mocked(registry.openDocument).mock.calls[0][2];
    expect(options?.pagesOfInterest?.(40)).toEqual([21, 22, 23]);
  });
});
