import type { Operation, PriceMode } from '../contracts/prices.ts';

/** A signed link inside a stored response: where it sits and which object it points at. */
export interface SignedAsset {
  /** Path inside the response JSON, e.g. ['result', 'pages', 0, 'image_url']. */
  readonly path: readonly (string | number)[];
  readonly objectKey: string;
  readonly ttlSeconds: number;
}

/** A completed inference request, kept 30 days (SPEC "Stored request snapshot"). */
export interface StoredRequest {
  readonly requestId: string;
  readonly orgId: string;
  readonly endpoint: string;
  readonly operation: Operation;
  readonly status: 'completed';
  readonly filename: string;
  readonly pageCount: number;
  readonly createdAt: string;
  readonly expiresAt: string;
  readonly requestParams: Record<string, unknown>;
  /** S3 key of the response exactly as returned. */
  readonly responseKey: string;
  /** S3 key of the copy of the input bytes. */
  readonly inputKey: string;
  readonly inputContentType: string;
  readonly assets: readonly SignedAsset[];
  readonly cached: boolean;
}

export interface RequestRepository {
  put(record: StoredRequest): Promise<void>;
  get(orgId: string, requestId: string): Promise<StoredRequest | undefined>;
}

/** What the result cache remembers: which stored request holds the response. */
export interface CacheEntry {
  readonly requestId: string;
  readonly responseKey: string;
  readonly assets: readonly SignedAsset[];
  readonly pageCount: number;
  readonly createdAt: string;
  readonly expiresAt: string;
}

export interface ResultCache {
  get(orgId: string, digest: string, now: Date): Promise<CacheEntry | undefined>;
  put(orgId: string, digest: string, entry: CacheEntry): Promise<void>;
}

/** One billable request (SPEC usage-export rows). Amounts in micro-USD. */
export interface UsageRow {
  readonly orgId: string;
  readonly keyId: string;
  readonly requestId: string;
  readonly operation: Operation;
  readonly mode: PriceMode;
  readonly pages: number;
  readonly unitPriceMicroUsd: number;
  readonly amountMicroUsd: number;
  readonly batch: boolean;
  readonly createdAt: string;
}

export interface UsageLedger {
  /** Idempotent: recording the same request twice keeps one row. */
  record(row: UsageRow): Promise<void>;
  /** Rows with `from <= createdAt < to`, oldest first. */
  list(orgId: string, from: Date, to: Date): Promise<UsageRow[]>;
}
