/**
 * Character alignment of a reference text and a reading of it (Levenshtein, substitutions preferred on ties): which
 * characters stand for which, and the edits between them. For miss lists and for counting OCR's confusions.
 *
 * @module
 */

export interface AlignedEdit {
  readonly kind: 'sub' | 'del' | 'ins';
  /** The reference's character ('' for an insertion). */
  readonly truth: string;
  /** The reading's character ('' for a deletion). */
  readonly ours: string;
  /** Position in the reference. */
  readonly at: number;
}

/** Every step of the cheapest alignment, in order: a pair of characters (equal or substituted), or one dropped or added. */
export function alignSteps(truth: string, ours: string): Array<{ truth: string; ours: string; at: number }> {
  const a = Array.from(truth);
  const b = Array.from(ours);
  const w = b.length + 1;
  const d = new Int32Array((a.length + 1) * w);
  for (let i = 0; i <= a.length; i++) d[i * w] = i;
  for (let j = 0; j <= b.length; j++) d[j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      d[i * w + j] = Math.min(d[(i - 1) * w + j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1), d[(i - 1) * w + j] + 1, d[i * w + j - 1] + 1);
  const steps: Array<{ truth: string; ours: string; at: number }> = [];
  let i = a.length;
  let j = b.length;
  while (i > 0 || j > 0) {
    if (i > 0 && j > 0 && d[i * w + j] === d[(i - 1) * w + j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)) {
      steps.push({ truth: a[i - 1], ours: b[j - 1], at: i - 1 });
      i--;
      j--;
    } else if (i > 0 && d[i * w + j] === d[(i - 1) * w + j] + 1) {
      steps.push({ truth: a[i - 1], ours: '', at: i - 1 });
      i--;
    } else {
      steps.push({ truth: '', ours: b[j - 1], at: i });
      j--;
    }
  }
  return steps.reverse();
}

/** The edits turning `truth` into `ours`. */
export function alignEdits(truth: string, ours: string): AlignedEdit[] {
  return alignSteps(truth, ours)
    .filter((s) => s.truth !== s.ours)
    .map((s) => ({ kind: !s.truth ? 'ins' : !s.ours ? 'del' : 'sub', ...s }));
}
