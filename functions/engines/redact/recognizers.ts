/**
 * Pattern recognizers for the built-in PII types: a pattern finds
 * candidates, a validator (checksum, issuing rules) removes false hits, and
 * context words near a candidate raise its score. A candidate is kept when
 * its score reaches {@link SCORE_THRESHOLD}; patterns that match ordinary
 * numbers (9-digit ids, account numbers) start below it and need context.
 *
 * The recognizers live by family: pattern-recognizer.ts (candidates, scores,
 * the pattern recognizer), pattern-fragments.ts (shared pattern pieces),
 * built-in-recognizers.ts (the pattern types), address-recognizer.ts and
 * phone-recognizer.ts; this module gathers what the detector and the
 * custom types use.
 *
 * @module
 */
export {
  type Candidate,
  CONTEXT_BOOST,
  CONTEXT_WINDOW,
  cues,
  hasContext,
  type PatternRecognizerSpec,
  patternRecognizer,
  type Recognizer,
  SCORE_THRESHOLD,
} from './pattern-recognizer.ts';
export { DATE_PATTERN } from './pattern-fragments.ts';
export { BUILT_IN_RECOGNIZERS } from './built-in-recognizers.ts';
export { ADDRESS_RECOGNIZER, addressPlaces, addressStreets } from './address-recognizer.ts';
export { PHONE_RECOGNIZER } from './phone-recognizer.ts';
