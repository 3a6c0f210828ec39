/**
 * The lines of a machine-readable zone that OCR did not read. A zone has a
 * fixed number of lines (ICAO 9303: two of 44 characters on a passport, two
 * of 36 on a TD2 card or visa, three of 30 on an identity card), all of one
 * width at one pitch; OCR that reads one line may drop its neighbour (a row
 * of digits and fillers can be taken for a rule or noise), which then stays
 * readable on the redacted page. The zone's lines that were read say where
 * the others are: the same left and right edges, one pitch further down (or
 * up), so those are masked from the page image without any text.
 *
 * Which side is missing: the holder's name is the first line of a two-line
 * zone and the last of a three-line one; a zone read without its name line
 * misses the lines on the name's side, else the lines on the other side.
 *
 * @module
 */
import { enclosingBox, type BBox } from '../document-model.ts';
import { machineReadableZones } from './mrz-recognizer.ts';
import type { Candidate } from './pattern-recognizer.ts';
import type { IndexedWord, TextIndex } from './text-index.ts';
import type { UnreadValueMask } from './unread-values.ts';

/** Lines of a zone by its line length: 30 characters → three lines (TD1), longer → two (TD2, TD3). */
const THREE_LINE_MAX_LENGTH = 32;
/** A zone line's pitch as a multiple of its read height (capitals: the box OCR gives is the cap height), when only one line was read. */
const PITCH_PER_HEIGHT = 2.2;
/** Padding around the missing lines, as a share of the read line's height (no glyph edge shows). */
const PAD_PER_HEIGHT = 0.4;

interface ReadLine {
  readonly candidate: Candidate;
  readonly box: BBox;
  readonly length: number;
}

/** The zones' lines grouped per zone: candidates separated by a line break and nothing else. */
function zonesOf(text: string, candidates: readonly Candidate[]): Candidate[][] {
  const zones: Candidate[][] = [];
  for (const candidate of candidates) {
    const last = zones[zones.length - 1]?.at(-1);
    if (last && /^\s*$/u.test(text.slice(last.end, candidate.start)) && text.slice(last.end, candidate.start).includes('\n'))
      zones[zones.length - 1].push(candidate);
    else zones.push([candidate]);
  }
  return zones;
}

function readLine(index: TextIndex, candidate: Candidate): (ReadLine & { pageIndex: number }) | undefined {
  const words = index.words.filter((w: IndexedWord) => w.start >= candidate.start && w.end <= candidate.end);
  if (words.length === 0 || words.some((w) => w.pageIndex !== words[0].pageIndex)) return undefined;
  const box = enclosingBox(words.map((w) => w.bbox));
  const length = index.text.slice(candidate.start, candidate.end).replace(/\s/gu, '').length;
  return { candidate, box, length, pageIndex: words[0].pageIndex };
}

/**
 * Masks for the lines of each machine-readable zone in the indexed text
 * that were not read (see the module note), typed as the zone's number
 * lines and not counted again (the zone was counted as found).
 */
export function unreadZoneLineMasks(index: TextIndex): (UnreadValueMask & { pageIndex: number })[] {
  const out: (UnreadValueMask & { pageIndex: number })[] = [];
  for (const zone of zonesOf(index.text, machineReadableZones(index.text))) {
    const lines = zone.map((candidate) => readLine(index, candidate));
    if (lines.some((line) => line === undefined) || new Set(lines.map((line) => line!.pageIndex)).size !== 1) continue;
    const read = lines as (ReadLine & { pageIndex: number })[];
    const expected = Math.max(...read.map((line) => line.length)) <= THREE_LINE_MAX_LENGTH ? 3 : 2;
    const missing = expected - read.length;
    if (missing <= 0) continue;
    const hasName = read.some((line) => line.candidate.type === 'PERSON');
    // The name opens a two-line zone and closes a three-line one.
    const below = hasName === (expected === 2);
    const first = read[0].box;
    const last = read[read.length - 1].box;
    const height = Math.max(...read.map((line) => line.box[3] - line.box[1]));
    const pitch = read.length > 1 ? (last[1] - first[1]) / (read.length - 1) : PITCH_PER_HEIGHT * height;
    const left = Math.min(...read.map((line) => line.box[0]));
    const right = Math.max(...read.map((line) => line.box[2]));
    const charWidth = (right - left) / Math.max(1, Math.max(...read.map((line) => line.length)));
    const pad = PAD_PER_HEIGHT * height;
    const top = below ? last[3] : first[1] - missing * pitch - pad;
    const bottom = below ? last[3] + missing * pitch + pad : first[1];
    const bbox: BBox = [Math.max(0, left - charWidth), Math.max(0, top), Math.min(1, right + charWidth), Math.min(1, bottom)];
    const type =
      zone.find((candidate) => candidate.type !== 'PERSON')?.type ??
      (/^\s*P/u.test(index.text.slice(zone[0].start)) ? 'PASSPORT_NUMBER' : 'NATIONAL_ID');
    out.push({ type, bbox, counted: false, pageIndex: read[0].pageIndex });
  }
  return out;
}
