/**
 * Per-tier limits: the single source for enforcement, for the `limits`
 * object returned by upload and GET /v1/limits, and for the docs.
 *
 * Units are explicit: the spec's "50 MB" is decimal (50,000,000 bytes) and its
 * raised case is binary (512 MiB).
 *
 * @module
 */

import { RESERVED_CONCURRENCY } from './capacity.ts';

export const TIERS = ['free', 'pro', 'enterprise', 'custom'] as const;
export type Tier = (typeof TIERS)[number];

export const MB = 1_000_000;
export const MiB = 1024 * 1024;

/** Lifetimes shared by every tier (no tier extends them). */
export const LIFETIMES = {
  uploadUrlSeconds: 900,
  documentKeySeconds: 24 * 3600,
  resultCacheSeconds: 24 * 3600,
  storedRequestSeconds: 30 * 24 * 3600,
  pageImageUrlSeconds: 900,
  /** Links to a response too large to return inline (docs/api.md "Large responses"). */
  offloadedResponseUrlSeconds: 900,
  /** The spec caps any signed link at one hour. */
  maxSignedLinkSeconds: 3600,
} as const;

/**
 * Synchronous calls must answer inside API Gateway's 29-second integration
 * timeout. OCR of a dense A4 page costs ~4.5 CPU-seconds (tesseract.js,
 * 200 dpi; invoices and letters 1-2 s). A 3008 MB Lambda has ~1.7 vCPU and
 * the local server as many cores as the machine (2 on CI): 10 dense pages
 * fit in ~25 s there, and on AWS the page-range workers fan the pages out
 * so it is far quicker. A synchronous request whose document needs OCR on
 * more pages is refused up front with 413 and a hint to send X-Async: true
 * (jobs have no such cap).
 */
export const SYNC_OCR_MAX_PAGES = 10;

/**
 * Pages a synchronous redact renders, masks and encodes at most: the spec's
 * inline cap (36), so every inline request the spec allows is answered
 * synchronously, while `output=urls` and `output=pdf` documents of 37-60
 * pages (their cap) are refused up front with 413 and a hint to send
 * X-Async: true, like the OCR budget above. Measured end to end on a 2-core
 * machine five times oversubscribed (load ≈ 10): 36 dense text-layer pages
 * inline in 13-21 s (≈ 0.45 s a page: extraction, detection, render, paint,
 * encode), so 36 stay inside 29 s there and 60 would not.
 */
export const SYNC_REDACT_MAX_PAGES = 36;

/**
 * Most pages any document may have, whatever the operation and tier (fast
 * parse, fast extract, classify and split have no tier page cap). Checked
 * when a document is opened, from its page count alone and before any page
 * is read, so a file declaring 100,000 tiny pages costs nothing: refused with
 * 413 `page_limit_exceeded`. Office and text documents lay out to at most as
 * many virtual pages.
 */
export const MAX_DOCUMENT_PAGES = 5_000;

/**
 * What the deployed path lets through on the way back (docs/api.md "Large
 * responses"). Lambda refuses a synchronous invoke result over 6 MB (the
 * serialized proxy result, base64 included) and API Gateway answers 502;
 * the REST API caps payloads at 10 MB. The local gateway enforces both, so a
 * response that would fail deployed fails locally too.
 */
export const RESPONSE_LIMITS = {
  /** Lambda's synchronous invocation payload limit: 6 MB (binary megabytes). */
  lambdaPayloadBytes: 6 * MiB,
  /** API Gateway REST API payload limit. */
  apiGatewayPayloadBytes: 10 * MiB,
  /** Kept free under the Lambda limit for the proxy result's headers and JSON framing. */
  headroomBytes: 64 * 1024,
  /** Bodies below this are sent as they are: gzip saves little and costs a base64 round trip. */
  compressMinBytes: 16 * 1024,
  /** In an offloaded response, top-level fields up to this size stay inline. */
  inlineFieldMaxBytes: 16 * 1024,
} as const;

export const RATE_LIMIT = {
  /** Requests per key per rolling window for hk_live_ keys. */
  liveRequestsPerWindow: 1000,
  /**
   * Requests per organization per rolling window across all of its hk_test_
   * keys (the SPEC states 1,000 a minute for test keys too). Per organization,
   * not per key: issuing more test keys must not multiply the allowance. An
   * administrator can set another value per organization (`admin set-rate-limit`).
   */
  testRequestsPerWindowPerOrganization: 1000,
  windowSeconds: 60,
} as const;

/**
 * How many synchronous inference requests one organization may have in
 * flight on one operation (parse, extract, classify, split, redact), so no
 * organization can hold the operation's reserved concurrency
 * (`RESERVED_CONCURRENCY.inference`) and lock the others out. Counted
 * separately for the organization's test and live keys: a test-key flood
 * never blocks its own live traffic. Over the share → 429 `rate_limited`
 * with `details.reason: "concurrency_share"` and `Retry-After`, before any
 * work. An administrator can set other shares per organization
 * (`admin set-concurrency-share`).
 */
export const CONCURRENCY_SHARE = {
  /** hk_test_ keys: unbilled, so a small share. */
  testKeysPerOperation: 2,
  /** hk_live_ keys: half the operation's reservation, so two organizations always both get in. */
  liveKeysPerOperation: Math.floor(RESERVED_CONCURRENCY.inference / 2),
  /** The most an administrator may grant one organization: the whole reservation. */
  maxPerOperation: RESERVED_CONCURRENCY.inference,
  /**
   * How long a slot is held at most: the inference functions' 29-s timeout
   * plus margin. A Lambda that dies (or is frozen) before releasing its slot
   * leaks it for this long, never longer.
   */
  leaseSeconds: 35,
  /** What a refused caller is told to wait: a typical synchronous call ends within seconds. */
  retryAfterSeconds: 2,
} as const;

/**
 * JSON carried in form fields (`options`, `pii_config`, extract `schema`):
 * size and nesting are checked on the parsed value, without recursion,
 * before the schema sees it, so a deeply nested value is a clear 400 and
 * never a stack overflow in validation or in the engines. Depth counts
 * containers: `{"a":{}}` is 2 deep.
 */
export const JSON_FIELD_LIMITS = {
  /** Longest JSON text in one field. */
  maxBytes: 256 * 1024,
  /** classify/split `options`, redact `pii_config` (the deepest valid one is 4). */
  optionsMaxDepth: 8,
  /** extract `schema` (nested objects and one-item arrays). */
  schemaMaxDepth: 16,
} as const;

/**
 * The sandbox ceiling of hk_test_ keys (docs/api.md "Limits"). Test keys are
 * unbilled, so without a page ceiling of their own they would be free
 * unlimited compute. Pages processed by the
 * organization's test keys (cache hits excluded: they cost nothing) are
 * counted per UTC day; past the ceiling a request answers 429
 * `sandbox_limit_exceeded` before any work. An administrator can set another
 * ceiling per organization (`admin set-sandbox-limit`).
 */
export const SANDBOX_LIMITS = {
  testKeyPagesPerDay: 5000,
} as const;

export interface TierLimits {
  readonly uploadBytes: number;
  readonly advancedPages: number;
  readonly redactInlinePages: number;
  readonly redactUrlPages: number;
  /** Advanced parsing as the first stage of extract / batch parse (Pro and Enterprise). */
  readonly advancedParseMode: boolean;
  /** Only tier `custom`, only for API (non-browser) calls with X-Async: true. */
  readonly raised: { readonly uploadBytes: number; readonly advancedPages: number } | null;
}

const STANDARD = {
  uploadBytes: 50 * MB,
  advancedPages: 60,
  redactInlinePages: 36,
  redactUrlPages: 60,
} as const;

export const TIER_LIMITS: Readonly<Record<Tier, TierLimits>> = {
  free: { ...STANDARD, advancedParseMode: false, raised: null },
  pro: { ...STANDARD, advancedParseMode: true, raised: null },
  enterprise: { ...STANDARD, advancedParseMode: true, raised: null },
  custom: { ...STANDARD, advancedParseMode: true, raised: { uploadBytes: 512 * MiB, advancedPages: 500 } },
};

/** The public `limits` object (documented in docs/api.md). */
export interface LimitsObject {
  tier: Tier;
  upload: { max_bytes: number; url_expires_in: number; document_key_lifetime_seconds: number };
  rate_limit: {
    requests_per_minute: number | null;
    /** hk_test_ keys are rate-limited per organization (not per key) since issue 38. */
    test_keys_exempt: false;
    test_key_requests_per_minute_per_organization: number;
  };
  /** Synchronous inference requests in flight per organization and operation (this organization's values). */
  concurrency: { test_keys_per_operation: number; live_keys_per_operation: number };
  /** hk_test_ keys: pages per UTC day per organization (default; an administrator may set another). */
  sandbox: { test_key_pages_per_day: number };
  operations: {
    parse: { max_pages_fast: null; max_pages_advanced: number; max_ocr_pages_sync: number };
    extract: { max_pages_fast: null; max_pages_advanced: number; advanced_parse_mode: boolean };
    classify: { max_pages: null };
    split: { max_pages: null };
    redact: { max_pages_inline: number; max_pages_urls: number; max_pages_sync: number };
  };
  raised: null | {
    applies_when: string[];
    upload_max_bytes: number;
    max_pages_advanced: number;
  };
  retention: { result_cache_seconds: number; stored_request_seconds: number; max_signed_link_seconds: number };
}

/** An organization's own limits, when an administrator set them (absent: `CONCURRENCY_SHARE`, `RATE_LIMIT`). */
export interface OrganizationLimits {
  readonly testKeys?: number;
  readonly liveKeys?: number;
  readonly testKeyRequestsPerMinute?: number;
}

export function limitsObject(tier: Tier, own: OrganizationLimits = {}): LimitsObject {
  const t = TIER_LIMITS[tier];
  return {
    tier,
    upload: {
      max_bytes: t.uploadBytes,
      url_expires_in: LIFETIMES.uploadUrlSeconds,
      document_key_lifetime_seconds: LIFETIMES.documentKeySeconds,
    },
    rate_limit: {
      requests_per_minute: RATE_LIMIT.liveRequestsPerWindow,
      test_keys_exempt: false,
      test_key_requests_per_minute_per_organization: own.testKeyRequestsPerMinute ?? RATE_LIMIT.testRequestsPerWindowPerOrganization,
    },
    concurrency: {
      test_keys_per_operation: own.testKeys ?? CONCURRENCY_SHARE.testKeysPerOperation,
      live_keys_per_operation: own.liveKeys ?? CONCURRENCY_SHARE.liveKeysPerOperation,
    },
    sandbox: { test_key_pages_per_day: SANDBOX_LIMITS.testKeyPagesPerDay },
    operations: {
      parse: { max_pages_fast: null, max_pages_advanced: t.advancedPages, max_ocr_pages_sync: SYNC_OCR_MAX_PAGES },
      extract: { max_pages_fast: null, max_pages_advanced: t.advancedPages, advanced_parse_mode: t.advancedParseMode },
      classify: { max_pages: null },
      split: { max_pages: null },
      redact: { max_pages_inline: t.redactInlinePages, max_pages_urls: t.redactUrlPages, max_pages_sync: SYNC_REDACT_MAX_PAGES },
    },
    raised: t.raised
      ? {
          applies_when: ['tier is custom', 'request comes from the API or an SDK (no Origin header)', 'X-Async: true'],
          upload_max_bytes: t.raised.uploadBytes,
          max_pages_advanced: t.raised.advancedPages,
        }
      : null,
    retention: {
      result_cache_seconds: LIFETIMES.resultCacheSeconds,
      stored_request_seconds: LIFETIMES.storedRequestSeconds,
      max_signed_link_seconds: LIFETIMES.maxSignedLinkSeconds,
    },
  };
}

/**
 * Largest upload the organization may ever be issued an address for. A
 * browser (dashboard, Playground) never gets the raised ceiling (SPEC
 * "Limits": 50 MB for dashboard and browser uploads on any tier).
 */
export function maxUploadBytes(tier: Tier, options: { fromBrowser?: boolean } = {}): number {
  const t = TIER_LIMITS[tier];
  return t.raised && !options.fromBrowser ? Math.max(t.uploadBytes, t.raised.uploadBytes) : t.uploadBytes;
}
