/**
 * The identifier a caller describes in `custom_domain_guidelines.
 * identifier_patterns` ("claim ids such as "CLM-12345"", "format AAA-9999"),
 * turned into patterns that run in linear time whatever the caller wrote.
 *
 * The description is read with plain string scanning (no pattern over the
 * caller's text can backtrack), and each example or placeholder format
 * becomes a chain of units — letters, digits, one literal character — with
 * neighbouring units of different, disjoint kinds and bounded counts. Such
 * a pattern has one way to match at each position, so matching a page
 * costs at most (page length × pattern length).
 *
 * @module
 */

/** How many patterns one description may yield, and how long an example may be. */
const MAX_PATTERNS = 20;
const MAX_EXAMPLE_LENGTH = 40;

type UnitKind = 'letter' | 'digit' | 'literal';
interface Unit {
  kind: UnitKind;
  /** The literal character (kind `literal`). */
  char?: string;
  count: number;
}

const PLACEHOLDER_LETTERS = 'ALX';
const PLACEHOLDER_DIGITS = '9#ND';
const SEPARATORS = '-./_:';

const isLetter = (ch: string) => /\p{L}/u.test(ch);
const isDigit = (ch: string) => /\p{N}/u.test(ch);

/** Appends one character's unit, extending the run when it is of the same kind. */
function push(units: Unit[], kind: UnitKind, char?: string): void {
  const last = units[units.length - 1];
  if (last && last.kind === kind && last.char === char) last.count++;
  else units.push({ kind, char, count: 1 });
}

/** A placeholder format: only A/L/X, 9/#/N/D and separators, naming both a letter and a digit (or digits with a separator). */
function formatUnits(token: string): Unit[] | undefined {
  let letters = 0;
  let digits = 0;
  let separators = 0;
  const units: Unit[] = [];
  for (const ch of token) {
    if (PLACEHOLDER_LETTERS.includes(ch)) (letters++, push(units, 'letter'));
    else if (PLACEHOLDER_DIGITS.includes(ch)) (digits++, push(units, 'digit'));
    else if (SEPARATORS.includes(ch)) (separators++, push(units, 'literal', ch));
    else return undefined;
  }
  const isFormat = (letters > 0 && digits > 0) || (digits > 0 && separators > 0) || digits >= 3;
  return isFormat ? units : undefined;
}

/** An example value ("CLM-12345"): its shape, with runs of letters or digits allowed one shorter or longer. */
function exampleUnits(token: string): Unit[] | undefined {
  if (![...token].some(isDigit)) return undefined;
  const units: Unit[] = [];
  for (const ch of token) {
    if (isLetter(ch)) push(units, 'letter');
    else if (isDigit(ch)) push(units, 'digit');
    else if (/\s/u.test(ch)) return undefined;
    else push(units, 'literal', ch);
  }
  return units;
}

function source(units: readonly Unit[], loose: boolean): string {
  return units
    .map((u) => {
      const body = u.kind === 'letter' ? '\\p{L}' : u.kind === 'digit' ? '\\p{N}' : u.char!.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
      if (u.kind === 'literal' || !loose) return u.count === 1 ? body : `${body}{${u.count}}`;
      return `${body}{${Math.max(1, u.count - 1)},${u.count + 1}}`;
    })
    .join('');
}

/** Candidate tokens: quoted values first, then the description's words that carry a digit or are formats. */
function tokensOf(description: string): string[] {
  const tokens: string[] = [];
  const QUOTES = '"“”\'‘’`';
  let open = -1;
  for (let i = 0; i < description.length; i++) {
    if (!QUOTES.includes(description[i])) continue;
    if (open < 0) open = i;
    else {
      const inner = description.slice(open + 1, i).trim();
      if (inner.length >= 2 && inner.length <= MAX_EXAMPLE_LENGTH) tokens.push(inner);
      open = -1;
    }
  }
  for (const word of description.split(/[\s,;()"“”'‘’`]+/u)) {
    const token = word.replace(/^[.:]+|[.:]+$/g, '');
    if (token.length >= 2 && token.length <= MAX_EXAMPLE_LENGTH) tokens.push(token);
  }
  return tokens;
}

/** Linear-time patterns for the identifiers a description shows by example or format. */
export function identifierPatterns(description: string): RegExp[] {
  const sources = new Set<string>();
  for (const token of tokensOf(description)) {
    if (sources.size >= MAX_PATTERNS) break;
    const format = formatUnits(token);
    const units = format ?? exampleUnits(token);
    if (!units || units.length === 0) continue;
    sources.add(source(units, !format));
  }
  return [...sources].map((s) => new RegExp(`(?<![\\p{L}\\p{N}])${s}(?![\\p{L}\\p{N}])`, 'gu'));
}

export interface IdentifierFinder {
  /** The first described identifier on a page, upper-cased; undefined when none. */
  find(text: string): string | undefined;
}

export function identifierFinder(description: string): IdentifierFinder | undefined {
  const patterns = identifierPatterns(description);
  if (patterns.length === 0) return undefined;
  return {
    find(text) {
      let best: { index: number; value: string } | undefined;
      for (const pattern of patterns) {
        pattern.lastIndex = 0;
        const m = pattern.exec(text);
        if (m && (!best || m.index < best.index)) best = { index: m.index, value: m[0].toUpperCase() };
      }
      return best?.value;
    },
  };
}
