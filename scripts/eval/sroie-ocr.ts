/**
 * `tsx scripts/eval/sroie-ocr.ts [--n 40] [--seed 22] [--tag name] [--all] [--skip K]`:
 * OCR CER on a seeded random sample of SROIE receipts, scored three ways so
 * recognition errors are told apart from scorer artefacts:
 *
 * - `file`: reference lines in the box file's order (what `eval -- parse`
 *   reports; penalises a different line order);
 * - `reading`: reference boxes grouped into rows by vertical overlap and read
 *   left to right, rows top to bottom: the order OCR reads a receipt in;
 * - `lines`: order-free, each reference line matched to the OCR line (or the
 *   part of one) that reads most like it; unmatched OCR text is not counted,
 *   so this is a recall-side figure, reported beside, never alone.
 *
 * Writes each receipt's OCR text to `.cache/sroie-ocr/<tag>/` so runs can be
 * compared receipt by receipt. `--reread-lines`: read through `ocrImage`
 * (as the image engine reads it) with `OcrOptions.rereadLines` (on by
 * default since OCR revision 4; line-reread.ts), each doubtful line's two
 * readings logged to `<stem>.lines.json` for `sroie-line-choice.ts`;
 * with it, `--english` reads with the English model alone and
 * `--no-garbage` keeps the lines garbage-lines.ts drops.
 *
 * @module
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LineRereadRecord } from '../../functions/engines/ocr/line-reread.ts';
import { ocrImage } from '../../functions/engines/ocr/ocr-page.ts';
import { openDocument } from '../../functions/engines/registry.ts';
import { corpusDir, decodeTextFile, parseSroieBoxFile, readingOrderLines, sroieText } from '../lib/corpus.ts';
import { seededSample } from '../lib/random.ts';
import { characterErrorRate, levenshtein, normaliseText } from '../lib/text-metrics.ts';

function argValue(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}


/**
 * Order-free line score: every reference line against its best-matching
 * window of the OCR text's lines (a reference line may be a part of an OCR
 * line, OCR joins boxes of one row). Returns summed edits and reference chars.
 */
function lineMatchErrors(reference: readonly string[], hypothesisLines: readonly string[], caseInsensitive: boolean) {
  const hyp = hypothesisLines.map((l) => normaliseText(l, { caseInsensitive })).filter((l) => l !== '');
  let errors = 0;
  let chars = 0;
  for (const raw of reference) {
    const ref = normaliseText(raw, { caseInsensitive });
    if (ref === '') continue;
    chars += ref.length;
    let best = ref.length;
    for (const line of hyp) {
      // Best substring of the OCR line (approximate: the ref's length ± a few, sliding over words).
      const words = line.split(' ');
      for (let i = 0; i < words.length && best > 0; i++) {
        let piece = '';
        for (let j = i; j < words.length; j++) {
          piece = piece ? `${piece} ${words[j]}` : words[j];
          if (piece.length > ref.length * 1.6 + 4) break;
          best = Math.min(best, levenshtein(ref, piece));
        }
      }
    }
    errors += best;
  }
  return { errors, chars };
}

async function main(): Promise<void> {
  const n = Number(argValue('n', '40'));
  const seed = Number(argValue('seed', '22'));
  const tag = argValue('tag', 'run');
  const rereadLines = process.argv.includes('--reread-lines');
  // --english (with --reread-lines): read with the English model only, no language guess (is a guess costing receipts?).
  const forceEnglish = process.argv.includes('--english');
  // --no-garbage (with --reread-lines): keep the lines garbage-lines.ts would drop.
  const noGarbage = process.argv.includes('--no-garbage');
  const dir = join(corpusDir(), 'receipts', 'sroie');
  const all = (await readdir(join(dir, 'img'))).filter((f) => /\.jpe?g$/i.test(f)).sort();
  // --skip K: leave out the first K of the seeded choice (a larger sample computed beside a smaller one; same tag, shared cache).
  const skip = new Set(seededSample(all, Number(argValue('skip', '0')), seed));
  const names = (process.argv.includes('--all') ? all : seededSample(all, n, seed)).filter((name) => !skip.has(name));
  const out = join('.cache', 'sroie-ocr', tag);
  await mkdir(out, { recursive: true });
  const total = { file: [0, 0], file_ci: [0, 0], reading: [0, 0], reading_ci: [0, 0], lines: [0, 0], lines_ci: [0, 0] } as Record<string, [number, number]>;
  let seconds = 0;
  for (const name of names) {
    const stem = name.replace(/\.[^.]+$/, '');
    const box = parseSroieBoxFile(decodeTextFile(await readFile(join(dir, 'box', `${stem}.csv`))));
    const cached = join(out, `${stem}.txt`);
    let text: string;
    const started = performance.now();
    try {
      text = await readFile(cached, 'utf8');
    } catch {
      if (rereadLines) {
        const records: LineRereadRecord[] = [];
        const ocr = await ocrImage(
          { image: new Uint8Array(await readFile(join(dir, 'img', name))), page: 0, autoOrient: true },
          { rereadLines: true, onLineReread: (r) => records.push(r), ...(forceEnglish ? { languages: ['en'] as const } : {}), dropGarbageLines: !noGarbage },
        );
        text = ocr.text;
        await writeFile(join(out, `${stem}.lines.json`), JSON.stringify(records));
        // The same blocks → lines → words file as the default path writes (filters studied offline).
        const lines = ocr.blocks.map((b) => b.lineIndexes.map((li) => ocr.lines[li].wordIndexes.map((wi) => [ocr.words[wi].text, ocr.words[wi].confidence ?? 1])));
        await writeFile(join(out, `${stem}.json`), JSON.stringify(lines));
        await writeFile(cached, text);
        seconds += (performance.now() - started) / 1000;
      } else {
        const opened = await openDocument(new Uint8Array(await readFile(join(dir, 'img', name))), { filename: name });
        try {
          const parsed = await opened.extract();
          text = parsed.pages.map((p) => p.text).join('\n');
          // Beside the text: blocks → lines → words with their confidences, for studying filters offline.
          const lines = parsed.pages.flatMap((p) =>
            (p.blocks ?? []).map((b) => b.lineIndexes.map((li) => p.lines[li].wordIndexes.map((wi) => [p.words[wi].text, p.words[wi].confidence ?? 1]))),
          );
          await writeFile(join(out, `${stem}.json`), JSON.stringify(lines));
        } finally {
          await opened.close();
        }
        await writeFile(cached, text);
        seconds += (performance.now() - started) / 1000;
      }
    }
    const reading = readingOrderLines(box);
    const add = (key: string, r: { errors: number; reference?: number; chars?: number }) => {
      total[key][0] += r.errors;
      total[key][1] += r.reference ?? r.chars ?? 0;
    };
    const f = characterErrorRate(sroieText(box), text);
    const fci = characterErrorRate(sroieText(box), text, { caseInsensitive: true });
    const r = characterErrorRate(reading.join('\n'), text);
    const rci = characterErrorRate(reading.join('\n'), text, { caseInsensitive: true });
    add('file', f);
    add('file_ci', fci);
    add('reading', r);
    add('reading_ci', rci);
    add('lines', lineMatchErrors(box.map((b) => b.text), text.split('\n'), false));
    const lci = lineMatchErrors(box.map((b) => b.text), text.split('\n'), true);
    add('lines_ci', lci);
    console.log(
      `${stem}  file ${(100 * f.rate).toFixed(1)} ci ${(100 * fci.rate).toFixed(1)}  reading ${(100 * r.rate).toFixed(1)} ci ${(100 * rci.rate).toFixed(1)}  lines-ci ${(100 * lci.errors / lci.chars).toFixed(1)}`,
    );
  }
  const pct = (k: string) => `${((100 * total[k][0]) / total[k][1]).toFixed(1)}%`;
  console.log(`\n${names.length} receipts (seed ${seed}), OCR ${seconds.toFixed(0)} s (uncached)`);
  console.log(`CER file order ${pct('file')} (ci ${pct('file_ci')}); reading order ${pct('reading')} (ci ${pct('reading_ci')}); line match (recall side) ${pct('lines')} (ci ${pct('lines_ci')})`);
  const { terminateOcr } = await import('../../functions/engines/ocr/tesseract-pool.ts');
  await terminateOcr();
}

await main();
