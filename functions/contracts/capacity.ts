/**
 * How much of the AWS account's Lambda concurrency each function may hold,
 * and when CloudWatch alarms fire: the one source for the CDK stack
 * (lib/stacks/docintel-stack.ts) and for the deployment docs.
 *
 * Reserved concurrency both guarantees and caps: a flood on one operation
 * is throttled at that operation's reservation instead of taking the
 * account's pool, so webhooks, batch progress and the cheap control routes
 * (upload, limits, job and batch status) keep answering.
 *
 * @module
 */

/** Groups of functions that share a reservation size and alarm thresholds. */
export type FunctionGroup = 'inference' | 'pageRange' | 'queueConsumer' | 'delivery' | 'control';

/**
 * Lambda's account defaults: a fresh account's concurrency limit is 1,000,
 * and Lambda refuses reservations that would leave fewer than 100
 * unreserved. Deployments into accounts with another limit say so with
 * `-c docintel:accountConcurrency=<n>`, or turn reservations off with
 * `-c docintel:reservedConcurrency=false` (new accounts sometimes start at 10).
 */
export const ACCOUNT_CONCURRENCY = {
  defaultLimit: 1000,
  minimumUnreserved: 100,
} as const;

/**
 * SQS event-source caps of the queue consumers. A consumer's reservation is
 * its cap exactly: reserving less would throttle its own pollers, more
 * would hold capacity it never uses.
 */
export const QUEUE_CONSUMER_CONCURRENCY = {
  /** Job worker: backpressure on the job queue (and on the page-range workers it fans out to). */
  jobWorker: 10,
  /** Batch worker: the lowest-priority lane, below the job worker. */
  batchWorker: 5,
  /** Dead-lettered batch items: rare, each a small update. */
  batchDeadLetters: 2,
} as const;

/**
 * Reserved concurrent executions per function, by group. Sum at the
 * defaults (5 inference routes, 11 control functions): 5×80 + 100 + 17 +
 * 2×20 + 11×10 = 667, leaving 333 of a fresh account's 1,000 unreserved.
 */
export const RESERVED_CONCURRENCY: Readonly<Record<Exclude<FunctionGroup, 'queueConsumer'>, number>> = {
  /**
   * Each synchronous inference route (parse, extract, classify, split,
   * redact): 80 documents at once per operation (≈ 2.8 documents/s at the
   * 29-s worst case, far more for typical 1-3 s calls); past that callers get
   * 503 and retry, or use X-Async: true.
   */
  inference: 80,
  /**
   * OCR page segments fanned out by inference routes and workers (each
   * caller runs ≤ 8 at once). A document flood saturates this before the
   * account; the SDK retries throttled segments.
   */
  pageRange: 100,
  /** Webhook sender and batch progress step, each: Step Functions calls them; they must never wait behind inference. */
  delivery: 20,
  /** Every other function (upload, limits, job/snapshot/usage/batch reads, batch submit, playground, fallback), each: < 100 ms calls. */
  control: 10,
};

/** Alarm thresholds, per function (no actions attached: add SNS or chat per deployment). */
export const ALARMS = {
  /** Evaluation period of every alarm. */
  periodSeconds: 300,
  /** Server-error rate (API 5xx for routes, Lambda errors for workers), percent of requests in the period. */
  errorRatePercent: 5,
  /** Below this many requests in a period the error rate is not judged (one failure in two is noise). */
  errorRateMinRequests: 20,
  /** p95 duration as a share of the function's timeout: close to it, requests start timing out. */
  p95ShareOfTimeout: 0.8,
  /** Control routes answer in well under a second; a p95 past this is a problem long before the timeout. */
  controlP95Ms: 2000,
  /** Throttled invocations in a period: the function is at its reservation (a flood, or too small a reservation). */
  throttles: 10,
} as const;
