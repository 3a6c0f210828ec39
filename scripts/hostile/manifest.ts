/**
 * The shape of test/fixtures/hostile/manifest.json: per file, the declared
 * content type, the defect, and the answer the API must give.
 *
 * @module
 */

/** What the API must answer: one of `accept` (`'4xx'` = any client error), and `code` when it answers 4xx. */
export interface Expectation {
  readonly accept: readonly ('4xx' | number)[];
  readonly code?: string;
  /** For a 200: the text must contain this. */
  readonly textContains?: string;
  /** For a 4xx: the error's `details.reason`. */
  readonly reason?: string;
}

export interface ManifestEntry {
  readonly file: string;
  /** The upload's declared content type. */
  readonly content_type: string;
  readonly defect: string;
  readonly expect: Expectation;
  /** Wall-clock ceiling for one parse call (seconds). */
  readonly max_seconds: number;
  /** Extra query strings to try as well (each must satisfy `expect`, or `variant_expect`). */
  readonly variants?: readonly string[];
  readonly variant_expect?: Expectation;
  /** Built at test time by `buildGenerated(file)`; not committed. */
  readonly generated?: boolean;
  /**
   * While the parse is in flight, GET /v1/limits from another organization is
   * timed: one customer's hostile file must not stall everyone else (issue 21).
   */
  readonly probe_other_org?: boolean;
  /** The other organization's slowest answer allowed meanwhile (ms); the default is the test's (issue 21's bar). */
  readonly other_org_max_ms?: number;
  /** Bytes and SHA-256 of committed files (generated ones: of what `buildGenerated` returns). */
  readonly bytes?: number;
  readonly sha256?: string;
  readonly note?: string;
}
