/**
 * `tsx scripts/eval/ocr-revision-diff.ts <older revision> <image|dir>…`: whether the cached readings of images
 * (`.cache/extract-ocr/`, made by the extract eval and the trainers) are the same under an older OCR revision and
 * the current one — pages and engines compared as JSON, byte for byte. For a change meant to leave some pages'
 * readings alone (kv6: the form gate leaves every page that is no form as revision 7 read it). A page's drawn
 * shapes (`rulings`, `circles`: lines, check boxes and rings found on the image beside the reading) are compared
 * apart, since the mark finders changed without a revision bump (a cached reading may predate them). Images with
 * no reading cached under either revision are counted apart.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { OCR_OUTPUT_REVISION } from '../../functions/engines/ocr/ocr-page.ts';
import { OCR_ENGINE } from '../../functions/engines/ocr/tesseract-pool.ts';
import { ocrCacheKey } from './receipt-pages.ts';

const CACHE = resolve(import.meta.dirname, '..', '..', '.cache', 'extract-ocr');

type Page = Record<string, unknown>;

/** The cached reading (pages without their drawn shapes, engines) and the shapes, each as JSON. */
async function reading(bytes: Uint8Array, revision: number): Promise<{ text: string; shapes: string } | undefined> {
  const file = join(CACHE, `${ocrCacheKey(bytes, `${OCR_ENGINE}#r${revision}`)}.json`);
  if (!existsSync(file)) return undefined;
  const { pages, engines } = JSON.parse(await readFile(file, 'utf8')) as { pages: Page[]; engines: unknown };
  const read = pages.map(({ rulings: _r, circles: _c, ...page }) => page);
  return { text: JSON.stringify({ read, engines }), shapes: JSON.stringify(pages.map((p) => [p.rulings, p.circles])) };
}

async function imagesOf(path: string): Promise<string[]> {
  if (!(await stat(path)).isDirectory()) return [path];
  return (await readdir(path)).filter((f) => /\.(png|jpe?g|tiff?)$/i.test(f)).map((f) => join(path, f));
}

const [older, ...paths] = process.argv.slice(2);
if (!older || !paths.length) throw new Error('usage: tsx scripts/eval/ocr-revision-diff.ts <older revision> <image|dir>…');
const counts = { same: 0, shapes: 0, changed: 0, missing: 0 };
for (const path of paths) {
  for (const image of await imagesOf(path)) {
    const bytes = new Uint8Array(await readFile(image));
    const [before, now] = [await reading(bytes, Number(older)), await reading(bytes, OCR_OUTPUT_REVISION)];
    if (before === undefined || now === undefined) counts.missing++;
    else if (before.text === now.text) counts[before.shapes === now.shapes ? 'same' : 'shapes']++;
    else {
      counts.changed++;
      console.log(`changed: ${image}`);
    }
  }
}
console.log(
  `revision ${older} → ${OCR_OUTPUT_REVISION}: ${counts.same} the same, ${counts.shapes} read the same (drawn shapes differ), ${counts.changed} read differently, ` +
    `${counts.missing} not cached under both`,
);
