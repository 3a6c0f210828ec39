import { describe, expect, it } from 'vitest';
import type { DocumentPage, ParsedDocument } from '../../../functions/engines/document-model.ts';
import type { OpenedDocument } from '../../../functions/engines/registry.ts';
import type { PageSegment, PageSegmentRunner } from '../../../functions/ports/page-segments.ts';
import {
  extractInSegments,
  MAX_OCR_SEGMENT_PAGES,
  planSegments,
  RAISED_SEGMENT_PAGES,
} from '../../../functions/operations/segmented-extract.ts';

const page = (pageNumber: number, source: 'text-layer' | 'ocr' = 'text-layer'): DocumentPage => ({
  pageNumber,
  width: 612,
  height: 792,
  words: [],
  lines: [],
  blocks: [],
  text: `page ${pageNumber}`,
  source,
});

function fakeDocument(pageCount: number, ocrPageCount = 0) {
  const calls: (readonly number[] | undefined)[] = [];
  const document: OpenedDocument = {
    kind: 'pdf',
    pageCount,
    ocrPageCount,
    engines: ['fake'],
    async extract(pageNumbers?: readonly number[]): Promise<ParsedDocument> {
      calls.push(pageNumbers);
      const numbers = pageNumbers ?? Array.from({ length: pageCount }, (_, i) => i + 1);
      return { kind: 'pdf', pages: numbers.map((n) => page(n)), engines: ['fake-local'] };
    },
    close: async () => {},
  };
  return { document, calls };
}

describe('planSegments', () => {
  it('keeps a text-layer document within the standard caps in one segment', () => {
    expect(planSegments({ pageCount: 100, ocrPageCount: 0, raised: false, concurrency: 8 })).toHaveLength(1);
  });

  it('cuts a raised-limit document into standard-sized segments covering every page once', () => {
    const segments = planSegments({ pageCount: 500, ocrPageCount: 0, raised: true, concurrency: 2 });
    expect(segments).toHaveLength(Math.ceil(500 / RAISED_SEGMENT_PAGES));
    expect(segments.flat()).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
    expect(Math.max(...segments.map((s) => s.length))).toBe(RAISED_SEGMENT_PAGES);
  });

  it('spreads OCR pages over the concurrency, at most MAX_OCR_SEGMENT_PAGES per segment', () => {
    expect(planSegments({ pageCount: 10, ocrPageCount: 10, raised: false, concurrency: 2 }).map((s) => s.length)).toEqual([5, 5]);
    const many = planSegments({ pageCount: 95, ocrPageCount: 95, raised: false, concurrency: 4 });
    expect(Math.max(...many.map((s) => s.length))).toBe(MAX_OCR_SEGMENT_PAGES);
    expect(many.flat()).toHaveLength(95);
  });
});

describe('extractInSegments', () => {
  it('extracts a small text document in a single call', async () => {
    const { document, calls } = fakeDocument(3);
    const parsed = await extractInSegments({ document, raised: false, blobKey: 'k' });
    expect(calls).toEqual([undefined]);
    expect(parsed.pages.map((p) => p.pageNumber)).toEqual([1, 2, 3]);
  });

  it('walks a raised-limit document locally in order, one segment at a time', async () => {
    const { document, calls } = fakeDocument(130);
    const parsed = await extractInSegments({ document, raised: true, blobKey: 'k', localConcurrency: 4 });
    expect(calls.map((c) => c?.length)).toEqual([60, 60, 10]);
    expect(parsed.pages.map((p) => p.pageNumber)).toEqual(Array.from({ length: 130 }, (_, i) => i + 1));
  });

  it('fans OCR segments out to the remote runner and merges pages in order', async () => {
    const { document, calls } = fakeDocument(12, 12);
    const seen: PageSegment[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const runner: PageSegmentRunner = {
      concurrency: 3,
      async run(segment) {
        seen.push(segment);
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        // Later segments finish first: order must still come out right.
        await new Promise((r) => setTimeout(r, 20 - segment.pageNumbers[0]));
        inFlight--;
        return { pages: segment.pageNumbers.map((n) => page(n, 'ocr')), engines: ['remote-ocr'] };
      },
    };
    const parsed = await extractInSegments({ document, raised: false, blobKey: 'uploads/x', filename: 'scan.pdf', runner });
    expect(calls).toEqual([]);
    expect(seen.every((s) => s.blobKey === 'uploads/x' && s.kind === 'pdf' && s.filename === 'scan.pdf')).toBe(true);
    expect(seen.map((s) => s.pageNumbers.length)).toEqual([4, 4, 4]);
    expect(maxInFlight).toBe(3);
    expect(parsed.pages.map((p) => p.pageNumber)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(parsed.engines).toEqual(['remote-ocr']);
  });

  it('propagates a segment failure', async () => {
    const { document } = fakeDocument(4, 4);
    const runner: PageSegmentRunner = {
      concurrency: 2,
      run: async () => {
        throw new Error('worker crashed');
      },
    };
    await expect(extractInSegments({ document, raised: false, blobKey: 'k', runner })).rejects.toThrow('worker crashed');
  });
  it('stops before the next segment once the signal aborts', async () => {
    const { document, calls } = fakeDocument(30, 30);
    const controller = new AbortController();
    const original = document.extract.bind(document);
    const aborting: OpenedDocument = {
      ...document,
      async extract(pageNumbers, options) {
        const parsed = await original(pageNumbers, options);
        controller.abort(new Error('deadline'));
        return parsed;
      },
    };
    await expect(extractInSegments({ document: aborting, raised: false, blobKey: 'k', localConcurrency: 1, signal: controller.signal })).rejects.toThrow('deadline');
    expect(calls).toHaveLength(1);
  });
});
