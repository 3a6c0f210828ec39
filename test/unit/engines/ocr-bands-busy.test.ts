/**
 * A page is cut into as many bands as the pool has workers, busy or not:
 * cutting by the workers idle at that moment made the same page read
 * differently from run to run under load (ocr-page.ts recogniseInBands).
 */
import { afterAll, describe, expect, it, vi } from 'vitest';

const bandRequests: number[] = [];
vi.mock('../../../functions/engines/ocr/page-bands.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../functions/engines/ocr/page-bands.ts')>();
  return {
    ...actual,
    bandCuts: (...args: Parameters<typeof actual.bandCuts>) => {
      bandRequests.push(args[1]);
      return actual.bandCuts(...args);
    },
  };
});

const { ocrImage } = await import('../../../functions/engines/ocr/ocr-page.ts');
const { terminateOcr, withRecognizer } = await import('../../../functions/engines/ocr/tesseract-pool.ts');
const { textImage } = await import('./ocr-fixtures.ts');

const saved = process.env.DOCINTEL_OCR_WORKERS;
afterAll(async () => {
  await terminateOcr();
  if (saved === undefined) delete process.env.DOCINTEL_OCR_WORKERS;
  else process.env.DOCINTEL_OCR_WORKERS = saved;
});

// Invented running text.
const notice = [
  'To every tenant of the riverside flats,',
  '',
  'the water will be turned off on Tuesday morning',
  'while the old pipes under the courtyard are renewed.',
  'Please fill a kettle and a few bottles the night before.',
  '',
  'The bicycle shed will be painted in the same week,',
  'so kindly move your bicycles to the back garden.',
  '',
  'Thank you for your patience, the caretaker',
];

describe('a page read while another job holds a worker', () => {
  it('is cut for every worker of the pool, and reads as it reads with both workers idle', async () => {
    await terminateOcr();
    process.env.DOCINTEL_OCR_WORKERS = '2';
    const { png } = textImage(notice, { fontSize: 30 });
    const idle = await ocrImage({ image: png }, { detectRotation: false });
    expect(bandRequests.at(-1)).toBe(2);

    bandRequests.length = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = withRecognizer(() => gate);
    const reading = ocrImage({ image: png }, { detectRotation: false });
    // The page asks for its cuts while one worker is still held; its second band waits for it.
    await vi.waitFor(() => expect(bandRequests).toEqual([2]), { timeout: 60_000, interval: 50 });
    release();
    await held;
    const busy = await reading;
    expect(busy.text).toBe(idle.text);
  });
});
