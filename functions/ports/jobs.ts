import type { ErrorBody } from '../contracts/errors.ts';
import type { Operation } from '../contracts/prices.ts';

export type JobStatus = 'queued' | 'processing' | 'succeeded' | 'failed';

/** Everything needed to run the request later, exactly as it was submitted. */
export interface JobRequest {
  readonly endpoint: string;
  readonly query: Record<string, string>;
  readonly form: Record<string, string>;
  readonly forceRefresh: boolean;
  /** The raised limits apply (custom tier, API caller, X-Async). */
  readonly raised: boolean;
  readonly keyId: string;
  readonly keyKind: 'live' | 'test';
  /** Fixed at acceptance: every attempt runs as this request (absent on jobs accepted before it existed). */
  readonly requestId?: string;
}

export interface JobRecord {
  readonly jobId: string;
  readonly orgId: string;
  readonly operation: Operation;
  readonly status: JobStatus;
  readonly request: JobRequest;
  readonly createdAt: string;
  readonly startedAt?: string;
  readonly finishedAt?: string;
  readonly attempts: number;
  /** Set when succeeded: the stored request holding the envelope. */
  readonly requestId?: string;
  /** Set when failed: the HTTP status and error body the synchronous call would have returned. */
  readonly error?: { httpStatus: number; body: ErrorBody };
  readonly expiresAt: string;
}

export interface JobRepository {
  create(job: JobRecord): Promise<void>;
  get(orgId: string, jobId: string): Promise<JobRecord | undefined>;
  /** queued (or a stale processing) → processing; returns undefined when the job is already finished. */
  start(orgId: string, jobId: string, now: Date): Promise<JobRecord | undefined>;
  succeed(orgId: string, jobId: string, requestId: string, now: Date): Promise<void>;
  fail(orgId: string, jobId: string, error: { httpStatus: number; body: ErrorBody }, now: Date): Promise<void>;
  /** Jobs not finished yet (local restart recovery). */
  listUnfinished?(): Promise<JobRecord[]>;
  /** processing → queued, for a job whose worker is known to be gone (local restart). */
  requeue?(orgId: string, jobId: string): Promise<void>;
}

export interface JobMessage {
  readonly jobId: string;
  readonly orgId: string;
}

export interface JobQueue {
  enqueue(message: JobMessage): Promise<void>;
}
