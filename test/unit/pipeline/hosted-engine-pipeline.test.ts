/**
 * The pipeline's part in hosted engines: the engine choice in the cache key
 * (a switched deployment never serves the old engine's results; an all-local
 * one keeps its keys) and the OCR fallback log behind `metadata.engine_fallback`.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_ENGINES } from '../../../functions/contracts/engines.ts';
import type { DocumentPage } from '../../../functions/engines/document-model.ts';
import type { OpenedDocument } from '../../../functions/engines/registry.ts';
import { cacheDigest, engineCacheTag } from '../../../functions/pipeline/cache-policy.ts';
import { OcrFallbackLog, trackOcrFallbacks, withOcrFallback } from '../../../functions/pipeline/ocr-fallback.ts';
import { extractInSegments } from '../../../functions/operations/segmented-extract.ts';
import type { PageSegmentRunner } from '../../../functions/ports/page-segments.ts';

const page = (pageNumber: number, ocrFallback?: DocumentPage['ocrFallback']): DocumentPage => ({
  pageNumber,
  width: 100,
  height: 100,
  words: [],
  lines: [],
  blocks: [],
  text: '',
  source: 'ocr',
  ...(ocrFallback ? { ocrFallback } : {}),
});

describe('the build in the cache key', () => {
  it('keys a result to the code that computed it, and keeps the keys of a build without a revision', () => {
    const params = { mode: 'fast' };
    const older = cacheDigest('redact', 'abc', params, 'live', '', '0123456789abcdef');
    const newer = cacheDigest('redact', 'abc', params, 'live', '', 'fedcba9876543210');
    expect(older).not.toBe(newer);
    expect(cacheDigest('redact', 'abc', params, 'live', '', '')).toBe(cacheDigest('redact', 'abc', params, 'live'));
  });
});

describe('engine choice in the cache key', () => {
  it('leaves an all-local deployment with the keys it had, and separates each hosted choice', () => {
    // Arrange
    const params = { mode: 'fast' };
    const digest = (tag: string) => cacheDigest('parse', 'abc', params, 'live', tag);
    // Act
    const local = engineCacheTag(DEFAULT_ENGINES);
    const textract = engineCacheTag({ ...DEFAULT_ENGINES, ocr: 'textract' });
    const both = engineCacheTag({ ...DEFAULT_ENGINES, ocr: 'textract', redact: 'comprehend' });
    const nova = engineCacheTag({ ...DEFAULT_ENGINES, classify: 'bedrock' }, { languageModel: { modelId: 'amazon.nova-lite-v1:0', callTool: async () => ({ input: {}, modelId: '', usage: { inputTokens: 0, outputTokens: 0 } }) } });
    // Assess
    expect(local).toBe('');
    expect(engineCacheTag(undefined)).toBe('');
    expect(digest(local)).toBe(cacheDigest('parse', 'abc', params, 'live'));
    expect(textract).toBe('ocr=textract');
    expect(both).toBe('ocr=textract,redact=comprehend');
    expect(nova).toBe('classify=bedrock:amazon.nova-lite-v1:0');
    expect(new Set([digest(local), digest(textract), digest(both), digest(nova)]).size).toBe(4);
  });
});

describe('OCR fallback log', () => {
  it('reports the pages the local OCR read, with the first reason, through the tracked document and remote pages', async () => {
    // Arrange
    const log = new OcrFallbackLog();
    const opened = { kind: 'png', pageCount: 3, engines: [], extract: async () => ({ kind: 'png', pages: [page(1), page(2, 'throttled')], engines: [] }), close: async () => undefined } as OpenedDocument;
    const tracked = trackOcrFallbacks(opened, log);
    // Act
    await tracked.extract([1, 2]);
    tracked.notePages?.([page(3, 'unavailable')]);
    // Assess
    expect(log.fallback()).toEqual({ slot: 'ocr', engine: 'textract', reason: 'throttled', used: 'local', pages: [2, 3] });
    expect(new OcrFallbackLog().fallback()).toBeUndefined();
  });

  it('notes the fallbacks of pages read by the page-range workers', async () => {
    // Arrange: 20 OCR pages fan out to the remote runner; the worker read page 7 locally.
    const log = new OcrFallbackLog();
    const opened = { kind: 'pdf', pageCount: 20, ocrPageCount: 20, engines: [], extract: async () => ({ kind: 'pdf', pages: [], engines: [] }), close: async () => undefined } as OpenedDocument;
    const runner: PageSegmentRunner = {
      concurrency: 2,
      run: async (segment) => ({ pages: segment.pageNumbers.map((n) => page(n, n === 7 ? 'timeout' : undefined)), engines: ['textract/DetectDocumentText'] }),
    };
    // Act
    const parsed = await extractInSegments({ document: trackOcrFallbacks(opened, log), raised: false, blobKey: 'k', runner });
    // Assess
    expect(parsed.pages).toHaveLength(20);
    expect(log.fallback()).toMatchObject({ reason: 'timeout', pages: [7] });
  });

  it("adds the OCR fallback beside the operation's own (a list only when both fell back)", () => {
    // Arrange
    const ocr = { slot: 'ocr', engine: 'textract', reason: 'timeout', used: 'local', pages: [1] } as const;
    const redact = { slot: 'redact', engine: 'comprehend', reason: 'throttled', used: 'local' } as const;
    // Act / Assess
    expect(withOcrFallback({ mode: 'redact' }, undefined)).toEqual({ mode: 'redact' });
    expect(withOcrFallback({ mode: 'redact' }, ocr)).toEqual({ mode: 'redact', engine_fallback: ocr });
    expect(withOcrFallback({ engine_fallback: redact }, ocr)).toEqual({ engine_fallback: [ocr, redact] });
  });
});
