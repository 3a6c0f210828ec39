/**
 * The start-up warm-up (engines/warm-up.ts) reads documents it makes itself:
 * they must open and read through the real backends, or the warm-up would
 * fail quietly and leave the cost to the first request.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openDocument } from '../../../functions/engines/registry.ts';
import { ocrWorkersStarted, terminateOcr } from '../../../functions/engines/ocr/tesseract-pool.ts';
import { tinyTextPdf, warmEngines } from '../../../functions/engines/warm-up.ts';

afterAll(() => terminateOcr());

describe('engine warm-up', () => {
  it('makes a one-page PDF whose text layer reads back', async () => {
    const opened = await openDocument(tinyTextPdf(['Hello warm server']), { filename: 'w.pdf' });
    try {
      expect(opened.pageCount).toBe(1);
      const parsed = await opened.extract();
      expect(parsed.pages[0].text).toContain('Hello warm server');
    } finally {
      await opened.close();
    }
  });

  it('reads its image through the image backend as far as the OCR engine', async () => {
    await terminateOcr();
    const before = ocrWorkersStarted();
    await warmEngines();
    // The image is not blank: the OCR engine was reached (a failure on the way is swallowed, so this is what shows it).
    expect(ocrWorkersStarted()).toBeGreaterThan(before);
  });
});
