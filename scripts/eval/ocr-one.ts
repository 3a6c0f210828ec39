/** `tsx scripts/eval/ocr-one.ts <image>`: OCR one image through the engine, print its text and time (for looking into one receipt). */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { openDocument } from '../../functions/engines/registry.ts';

const file = process.argv[2];
const started = performance.now();
const opened = await openDocument(new Uint8Array(await readFile(file)), { filename: basename(file) });
try {
  const parsed = await opened.extract();
  console.log(parsed.pages.map((p) => p.text).join('\n'));
} finally {
  await opened.close();
}
console.error(`${(performance.now() - started).toFixed(0)} ms`);
const { terminateOcr } = await import('../../functions/engines/ocr/tesseract-pool.ts');
await terminateOcr();
