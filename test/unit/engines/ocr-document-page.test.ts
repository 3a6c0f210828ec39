import { describe, expect, it } from 'vitest';
import { ocrPageFields } from '../../../functions/engines/ocr/ocr-document-page.ts';
import type { OcrPage } from '../../../functions/engines/ocr/ocr-page.ts';

const reading = (overrides: Partial<OcrPage>): OcrPage => ({
  words: [],
  lines: [],
  blocks: [],
  text: '',
  blank: false,
  rotation: 0,
  skew: 0,
  scale: 1,
  ocrWidth: 100,
  ocrHeight: 100,
  rulings: [],
  ...overrides,
});

describe('ocrPageFields', () => {
  it('marks a reading with words as OCR text and carries its languages', () => {
    const word = { text: 'Harbour', bbox: [0.1, 0.1, 0.3, 0.15] as [number, number, number, number], confidence: 0.9, source: 'ocr' as const };
    const fields = ocrPageFields(reading({ words: [word], text: 'Harbour', languages: ['en'] }), 2);
    expect(fields).toMatchObject({ source: 'ocr', text: 'Harbour', languages: ['en'] });
    expect(fields.words).toHaveLength(1);
    expect(fields.warnings).toBeUndefined();
  });

  it('says a page with ink but nothing read is unread, naming its page, and never calls it OCR text', () => {
    const fields = ocrPageFields(reading({ unread: true }), 3);
    expect(fields.source).toBe('none');
    expect(fields.warnings).toHaveLength(1);
    expect(fields.warnings?.[0]).toContain('Page 3');
  });

  it('leaves a blank page without warnings', () => {
    const fields = ocrPageFields(reading({ blank: true }), 1);
    expect(fields).toEqual({ words: [], lines: [], blocks: [], text: '', source: 'none' });
  });
});
