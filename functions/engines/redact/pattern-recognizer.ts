/**
 * What every recognizer is: candidates with a type, a span and a score; the
 * score threshold and context boost; and the pattern recognizer (patterns,
 * validators, context words) most built-in types are made of.
 *
 * @module
 */

export interface Candidate {
  readonly type: string;
  readonly start: number;
  readonly end: number;
  readonly score: number;
  /** Which rule found it (for tests and debugging, never returned to callers). */
  readonly rule: string;
}

export interface Recognizer {
  readonly type: string;
  find(text: string): Candidate[];
}

export const SCORE_THRESHOLD = 0.5;
/** What one context word near a candidate adds. */
export const CONTEXT_BOOST = 0.4;
/** How far before a candidate context words count (characters); after it, a third of that. */
export const CONTEXT_WINDOW = 60;

/** Whether any cue word occurs in the text just before (or shortly after) [start, end). */
export function hasContext(text: string, start: number, end: number, cues: readonly RegExp[]): boolean {
  if (cues.length === 0) return false;
  const before = text.slice(Math.max(0, start - CONTEXT_WINDOW), start);
  const after = text.slice(end, end + CONTEXT_WINDOW / 3);
  return cues.some((cue) => cue.test(before) || cue.test(after));
}

/** Cue words as whole-word, case-insensitive patterns. */
export function cues(...words: string[]): RegExp[] {
  return words.map(
    (w) => new RegExp(`(?:^|[^\\p{L}\\p{N}])${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s*')}(?:$|[^\\p{L}\\p{N}])`, 'iu'),
  );
}

interface PatternRule {
  readonly name: string;
  readonly pattern: RegExp;
  /** Score without context. */
  readonly score: number;
  /** Which capture group is the value (default: the whole match). */
  readonly group?: number;
  readonly validate?: (value: string, text: string, start: number, end: number) => boolean;
  /** When validation fails, retry with the last space- or dash-separated group dropped (greedy group patterns). */
  readonly shrink?: boolean;
}

export interface PatternRecognizerSpec {
  readonly type: string;
  readonly rules: readonly PatternRule[];
  readonly context?: readonly RegExp[];
}

/** A recognizer from patterns, validation and context. */
export function patternRecognizer(spec: PatternRecognizerSpec): Recognizer {
  return {
    type: spec.type,
    find(text) {
      const out: Candidate[] = [];
      for (const rule of spec.rules) {
        const re = new RegExp(rule.pattern.source, rule.pattern.flags.includes('g') ? rule.pattern.flags : `${rule.pattern.flags}g`);
        for (const m of text.matchAll(re)) {
          let value = rule.group ? m[rule.group] : m[0];
          if (!value) continue;
          const start = m.index! + (rule.group ? m[0].indexOf(value) : 0);
          if (rule.validate && !rule.validate(value, text, start, start + value.length)) {
            // A greedy pattern may run into the next word: retry without trailing groups.
            let valid = false;
            while (rule.shrink && !valid) {
              const cut = value.search(/[ -][^ -]*$/);
              if (cut <= 0) break;
              value = value.slice(0, cut);
              valid = rule.validate(value, text, start, start + value.length);
            }
            if (!valid) continue;
          }
          const end = start + value.length;
          const boosted = hasContext(text, start, end, spec.context ?? []) ? CONTEXT_BOOST : 0;
          out.push({ type: spec.type, start, end, score: Math.min(1, rule.score + boosted), rule: rule.name });
        }
      }
      return out;
    },
  };
}
