/**
 * Loads, before any request, what the first redact request would otherwise
 * load inside its 29 s: the detector (lexicons, tagger, models), pdf.js and
 * its first document, the canvas with its font, sharp and pdf-lib. On a
 * busy 2-core machine that first load takes ~15 s, enough to push a large
 * synchronous redact past the deadline. Run by the local server at start,
 * beside the OCR warm-up (bin/dev.ts).
 *
 * It exercises the real path on a page it makes itself: a drawn page is
 * masked and written as a redacted PDF, and that PDF is opened, read,
 * rendered and masked again. No file is read, nothing is kept.
 *
 * @module
 */
import type { DetectionConfig } from './detect.ts';

const BUILT_INS: DetectionConfig = { mode: 'extend', types: [] };
const SAMPLE = 'Dear Ms. Jane Doe, write to jane.doe@example.org or call +1 415 555 0132.';

export async function warmRedact(): Promise<void> {
  const [{ detectPii }, { planRedaction }, { maskPages, redactedPdfPages }, { buildRedactedPdf }, { openDocument }] = await Promise.all([
    import('./detect.ts'),
    import('./redact.ts'),
    import('./mask-pages.ts'),
    import('./redacted-pdf.ts'),
    import('../registry.ts'),
  ]);
  await detectPii(SAMPLE, BUILT_INS);
  const words = SAMPLE.split(' ');
  const page = {
    pageNumber: 1,
    width: 612,
    height: 792,
    words: words.map((text, i) => ({ text, bbox: [0.1 + i * 0.05, 0.1, 0.14 + i * 0.05, 0.12] as [number, number, number, number], confidence: 1, source: 'text-layer' as const })),
    lines: [],
    blocks: [],
    text: SAMPLE,
    source: 'text-layer' as const,
  };
  const drawn = await maskPages([page], { dpi: 150, boxesFor: () => [{ bbox: [0.1, 0.1, 0.2, 0.12] }], format: 'flate-rgb' });
  const pdf = await buildRedactedPdf(redactedPdfPages([page], drawn));
  const document = await openDocument(pdf, { filename: 'warm-up.pdf' });
  try {
    const parsed = await document.extract();
    const plan = await planRedaction(parsed.pages, { mode: 'redact', config: BUILT_INS });
    await maskPages(parsed.pages, { renderer: document.renderer, dpi: 150, boxesFor: (i) => plan.boxes.get(i) ?? [], format: 'png' });
  } finally {
    await document.close();
  }
}
