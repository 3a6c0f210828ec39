/**
 * Asynchronous mode (SPEC "Asynchronous acceptance and jobs"): acceptance
 * creates a job and queues it; the worker runs the same pipeline and writes
 * the verdict, success or error, onto the job record.
 *
 * @module
 */
import { randomUUID } from 'node:crypto';
import { ApiError, errorBody } from '../contracts/errors.ts';
import { LIFETIMES } from '../contracts/limits.ts';
import type { Principal } from '../middleware/http.ts';
import { validate } from '../middleware/validate.ts';
import type { JobRecord, JobRequest } from '../ports/jobs.ts';
import type { AppDeps } from '../runtime/deps.ts';
import { logger } from '../runtime/logger.ts';
import { OPERATION_SPECS } from '../operations/index.ts';
import { runInference } from './inference.ts';
import { assertKeyStillActive } from './key-status.ts';
import type { OperationSpec } from './operation.ts';
import { resignAssets } from './signed-assets.ts';

/** Jobs are kept as long as stored requests. */
const JOB_RETENTION_SECONDS = LIFETIMES.storedRequestSeconds;

export async function acceptJob(
  deps: AppDeps,
  spec: OperationSpec,
  principal: Principal,
  request: Omit<JobRequest, 'keyId' | 'keyKind' | 'endpoint' | 'requestId'>,
): Promise<Record<string, unknown>> {
  const now = deps.clock.now();
  const job: JobRecord = {
    jobId: randomUUID(),
    orgId: principal.orgId,
    operation: spec.operation,
    status: 'queued',
    // The request id is fixed now, so every attempt of the job is the same request (one billing row).
    request: { ...request, endpoint: spec.endpoint, keyId: principal.keyId, keyKind: principal.keyKind, requestId: randomUUID() },
    createdAt: now.toISOString(),
    attempts: 0,
    expiresAt: new Date(now.getTime() + JOB_RETENTION_SECONDS * 1000).toISOString(),
  };
  await deps.jobs.create(job);
  await deps.jobQueue.enqueue({ jobId: job.jobId, orgId: job.orgId });
  return {
    status: 'queued',
    job_id: job.jobId,
    task: spec.operation,
    created_at: job.createdAt,
    links: { self: `/v1/jobs/${job.jobId}` },
  };
}

export type JobRunOutcome = 'done' | 'busy' | 'missing';

/** Runs one queued job. `busy` means another worker holds it: retry the message later. */
export interface RunJobOptions {
  /**
   * Aborted shortly before the worker itself would be stopped: the job ends
   * `failed` with the abort reason (`processing_timeout`) instead of staying
   * `running` while its message cycles through the queue.
   */
  readonly signal?: AbortSignal;
}

export async function runJob(deps: AppDeps, orgId: string, jobId: string, options: RunJobOptions = {}): Promise<JobRunOutcome> {
  const existing = await deps.jobs.get(orgId, jobId);
  if (!existing) return 'missing';
  if (existing.status === 'succeeded' || existing.status === 'failed') return 'done';
  const job = await deps.jobs.start(orgId, jobId, deps.clock.now());
  if (!job) {
    const again = await deps.jobs.get(orgId, jobId);
    return again && (again.status === 'succeeded' || again.status === 'failed') ? 'done' : 'busy';
  }
  // Stable across attempts: a retry after a crash (even with force_refresh) rewrites the same
  // stored request and the same billing row instead of billing the job twice.
  const requestId = job.request.requestId ?? job.jobId;
  try {
    const spec = OPERATION_SPECS[job.operation];
    if (!spec) throw new ApiError('invalid_request', `Unknown operation ${job.operation}.`);
    const [organization] = await Promise.all([deps.accounts.getOrganization(orgId), assertKeyStillActive(deps, job.request.keyId)]);
    if (!organization) throw new ApiError('not_found', 'The organization no longer exists.');
    const principal: Principal = {
      orgId,
      tier: organization.tier,
      keyId: job.request.keyId,
      keyKind: job.request.keyKind,
      ...(organization.sandboxPagesPerDay !== undefined ? { sandboxPagesPerDay: organization.sandboxPagesPerDay } : {}),
      ...(organization.testKeyHostedEngines === false ? { testKeyHostedEngines: false } : {}),
    };
    const query = validate(spec.querySchema, job.request.query, 'query parameter', 'invalid_option');
    const form = validate(spec.formSchema, job.request.form, 'form field');
    const envelope = await runInference(deps, spec, {
      requestId,
      principal,
      query,
      form,
      forceRefresh: job.request.forceRefresh,
      raised: job.request.raised,
      synchronous: false,
      signal: options.signal,
      billedAt: job.createdAt,
    });
    await deps.jobs.succeed(orgId, jobId, envelope.request_id, deps.clock.now());
  } catch (error) {
    const apiError =
      error instanceof ApiError ? error : new ApiError('internal_error', 'Internal error', { cause: error });
    if (!(error instanceof ApiError)) logger.error('job failed', { job_id: jobId, org_id: orgId, error: error as Error });
    await deps.jobs.fail(
      orgId,
      jobId,
      { httpStatus: apiError.statusCode, body: errorBody(apiError, requestId) },
      deps.clock.now(),
    );
  }
  return 'done';
}

/** The job record as GET /v1/jobs/{job_id} returns it; a succeeded job carries its envelope, re-signed. */
export async function jobView(deps: AppDeps, job: JobRecord): Promise<Record<string, unknown>> {
  const view: Record<string, unknown> = {
    job_id: job.jobId,
    status: job.status,
    task: job.operation,
    endpoint: job.request.endpoint,
    created_at: job.createdAt,
    started_at: job.startedAt ?? null,
    finished_at: job.finishedAt ?? null,
    attempts: job.attempts,
    request_params: { ...job.request.query },
    links: { self: `/v1/jobs/${job.jobId}` },
  };
  if (job.status === 'succeeded' && job.requestId) {
    view.request_id = job.requestId;
    (view.links as Record<string, string>).snapshot = `/v1/requests/${job.requestId}/snapshot`;
    const stored = await deps.requests.get(job.orgId, job.requestId);
    if (stored && Date.parse(stored.expiresAt) > deps.clock.now().getTime()) {
      const envelope = JSON.parse(Buffer.from(await deps.blobs.getBytes(stored.responseKey)).toString('utf8'));
      const response = await resignAssets(envelope, stored.assets, deps.blobs, deps.clock.now());
      view.response = response;
      if (response.assets_expire_at) view.assets_expire_at = response.assets_expire_at;
    } else {
      view.response = null;
    }
  }
  if (job.status === 'failed' && job.error) {
    view.error = { http_status: job.error.httpStatus, ...job.error.body };
  }
  return view;
}
