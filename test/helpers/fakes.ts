/**
 * In-memory fakes of the ports, for handler tests without emulators
 * (STYLE: handler tests use fakes of the ports; adapters are tested against
 * the emulators in test/integration).
 */
import type { Tier } from '../../functions/contracts/limits.ts';
import { hashApiKey } from '../../functions/domain/api-keys.ts';
import type {
  AccountRepository,
  ApiKeyRecord,
  ConcurrencyLeases,
  LeaseDecision,
  LeaseHolder,
  Organization,
  OrganizationSettings,
  RateDecision,
  RateLimiter,
  SandboxDecision,
  SandboxMeter,
} from '../../functions/ports/accounts.ts';
import { ObjectChangedError, type BlobStore, type ObjectHead, type PresignPutRequest, type ReadCondition } from '../../functions/ports/blob-store.ts';
import { ManualClock } from '../../functions/ports/clock.ts';
import type { DocumentRecord, DocumentRepository } from '../../functions/ports/documents.ts';
import type { ErrorBody } from '../../functions/contracts/errors.ts';
import type { JobMessage, JobQueue, JobRecord, JobRepository } from '../../functions/ports/jobs.ts';
import type {
  CacheEntry,
  RequestRepository,
  ResultCache,
  StoredRequest,
  UsageLedger,
  UsageRow,
} from '../../functions/ports/requests.ts';
import type { AppDeps } from '../../functions/runtime/deps.ts';

export class MemoryAccounts implements AccountRepository {
  readonly orgs = new Map<string, Organization>();
  readonly keys = new Map<string, ApiKeyRecord>();
  async getOrganization(orgId: string) {
    return this.orgs.get(orgId);
  }
  async ensureOrganization(orgId: string, tier: Tier, now: Date) {
    if (!this.orgs.has(orgId)) this.orgs.set(orgId, { orgId, tier, createdAt: now.toISOString() });
    return this.orgs.get(orgId)!;
  }
  async setTier(orgId: string, tier: Tier) {
    const org = this.orgs.get(orgId)!;
    this.orgs.set(orgId, { ...org, tier });
  }
  async updateSettings(orgId: string, settings: OrganizationSettings) {
    const org = this.orgs.get(orgId);
    if (!org) return false;
    const { extractTemplate: _old, ...rest } = org;
    const template = settings.extractTemplate === undefined ? org.extractTemplate : (settings.extractTemplate ?? undefined);
    this.orgs.set(orgId, {
      ...rest,
      ...(template !== undefined ? { extractTemplate: template } : {}),
      ...(settings.extractAdvancedEnabled !== undefined ? { extractAdvancedEnabled: settings.extractAdvancedEnabled } : {}),
      ...(settings.webhooksEnabled !== undefined ? { webhooksEnabled: settings.webhooksEnabled } : {}),
      ...(settings.sandboxPagesPerDay !== undefined ? { sandboxPagesPerDay: settings.sandboxPagesPerDay } : {}),
      ...(settings.testKeyHostedEngines !== undefined ? { testKeyHostedEngines: settings.testKeyHostedEngines } : {}),
      ...(settings.testKeyConcurrency !== undefined ? { testKeyConcurrency: settings.testKeyConcurrency } : {}),
      ...(settings.liveKeyConcurrency !== undefined ? { liveKeyConcurrency: settings.liveKeyConcurrency } : {}),
      ...(settings.testKeyRequestsPerMinute !== undefined ? { testKeyRequestsPerMinute: settings.testKeyRequestsPerMinute } : {}),
    });
    return true;
  }
  async getKeyById(keyId: string) {
    return [...this.keys.values()].find((k) => k.keyId === keyId);
  }
  async listKeys(orgId: string) {
    return [...this.keys.values()].filter((k) => k.orgId === orgId);
  }
  async rotateSigningSecret(orgId: string, overlapUntil: Date) {
    const org = this.orgs.get(orgId);
    if (!org) return undefined;
    const generation = (org.signingSecretGeneration ?? 0) + 1;
    this.orgs.set(orgId, { ...org, signingSecretGeneration: generation, previousSigningSecretUntil: overlapUntil.toISOString() });
    return generation;
  }
  async putKey(record: ApiKeyRecord) {
    this.keys.set(record.keyHash, record);
  }
  async getKeyByHash(keyHash: string) {
    return this.keys.get(keyHash);
  }
  async revokeKey(keyHash: string, now: Date) {
    const key = this.keys.get(keyHash);
    if (!key) return false;
    this.keys.set(keyHash, { ...key, revokedAt: now.toISOString() });
    return true;
  }
}

export class MemoryRateLimiter implements RateLimiter {
  readonly windows = new Map<string, { start: number; count: number }>();
  async hit(keyId: string, limit: number, windowSeconds: number, now: Date): Promise<RateDecision> {
    const w = this.windows.get(keyId);
    const ms = now.getTime();
    if (!w || ms - w.start >= windowSeconds * 1000) {
      this.windows.set(keyId, { start: ms, count: 1 });
      return { allowed: true, count: 1, resetInSeconds: windowSeconds };
    }
    w.count += 1;
    return { allowed: w.count <= limit, count: w.count, resetInSeconds: Math.ceil((w.start + windowSeconds * 1000 - ms) / 1000) };
  }
}

/** The same admission rule as the DynamoDB adapter: at most `share` unexpired leases per holder. */
export class MemoryConcurrencyLeases implements ConcurrencyLeases {
  readonly held = new Map<string, Map<string, number>>();
  private next = 0;
  async acquire(holder: LeaseHolder, share: number, now: Date, leaseSeconds: number): Promise<LeaseDecision> {
    const key = `${holder.orgId}/${holder.group}/${holder.kind}`;
    const leases = this.held.get(key) ?? new Map<string, number>();
    this.held.set(key, leases);
    for (const [id, until] of leases) if (until <= now.getTime()) leases.delete(id);
    if (leases.size >= share) return { inFlight: leases.size };
    const leaseId = `lease-${++this.next}`;
    leases.set(leaseId, now.getTime() + leaseSeconds * 1000);
    return { leaseId, inFlight: leases.size };
  }
  async release(holder: LeaseHolder, leaseId: string) {
    this.held.get(`${holder.orgId}/${holder.group}/${holder.kind}`)?.delete(leaseId);
  }
  /** Slots a holder has now (for assertions). */
  inFlight(orgId: string, group: string, kind: 'test' | 'live'): number {
    return this.held.get(`${orgId}/${group}/${kind}`)?.size ?? 0;
  }
}

export class MemorySandboxMeter implements SandboxMeter {
  readonly days = new Map<string, number>();
  async reserve(orgId: string, day: string, pages: number, cap: number): Promise<SandboxDecision> {
    const used = this.days.get(`${orgId}/${day}`) ?? 0;
    if (used + pages > cap) return { allowed: false, used };
    this.days.set(`${orgId}/${day}`, used + pages);
    return { allowed: true, used: used + pages };
  }
  async release(orgId: string, day: string, pages: number) {
    const used = this.days.get(`${orgId}/${day}`);
    if (used !== undefined) this.days.set(`${orgId}/${day}`, used - pages);
  }
}

export class MemoryDocuments implements DocumentRepository {
  readonly items = new Map<string, DocumentRecord>();
  async create(record: DocumentRecord) {
    this.items.set(`${record.orgId}/${record.documentKey}`, record);
  }
  async get(orgId: string, documentKey: string) {
    return this.items.get(`${orgId}/${documentKey}`);
  }
  async rememberContentHash(orgId: string, documentKey: string, etag: string, sha256: string) {
    const record = this.items.get(`${orgId}/${documentKey}`);
    if (record) this.items.set(`${orgId}/${documentKey}`, { ...record, contentHash: { etag, sha256 } });
  }
}

export class MemoryBlobs implements BlobStore {
  readonly objects = new Map<string, { body: Uint8Array; contentType: string; etag: string }>();
  presignCount = 0;
  getCount = 0;
  private version = 0;
  async presignPut({ key, contentType, expiresInSeconds, contentLength }: PresignPutRequest) {
    this.presignCount++;
    const length = contentLength !== undefined ? `&length=${contentLength}` : '';
    return `memory://put/${key}?type=${encodeURIComponent(contentType)}&expires=${expiresInSeconds}${length}&n=${this.presignCount}`;
  }
  async presignGet(key: string, expiresInSeconds: number, options: { attachment?: boolean } = {}) {
    this.presignCount++;
    return `memory://get/${key}?expires=${expiresInSeconds}${options.attachment ? '&disposition=attachment' : ''}&n=${this.presignCount}`;
  }
  async head(key: string): Promise<ObjectHead | undefined> {
    const o = this.objects.get(key);
    return o ? { size: o.body.byteLength, contentType: o.contentType, etag: o.etag } : undefined;
  }
  async getBytes(key: string, condition: ReadCondition = {}) {
    this.getCount++;
    const o = this.objects.get(key);
    if (!o) throw Object.assign(new Error('NoSuchKey'), { name: 'NoSuchKey' });
    if (condition.etag && condition.etag !== o.etag) throw new ObjectChangedError(key, 'its ETag no longer matches');
    if (condition.size !== undefined && o.body.byteLength > condition.size) throw new ObjectChangedError(key, 'it grew');
    return o.body;
  }
  async put(key: string, body: Uint8Array | string, contentType: string) {
    this.objects.set(key, {
      body: typeof body === 'string' ? new TextEncoder().encode(body) : body,
      contentType,
      etag: `"v${++this.version}"`,
    });
  }
  async copy(fromKey: string, toKey: string) {
    const o = this.objects.get(fromKey);
    if (!o) throw Object.assign(new Error('NoSuchKey'), { name: 'NoSuchKey' });
    this.objects.set(toKey, o);
  }
}

export class MemoryRequests implements RequestRepository {
  readonly items = new Map<string, StoredRequest>();
  async put(r: StoredRequest) {
    this.items.set(`${r.orgId}/${r.requestId}`, structuredClone(r));
  }
  async get(orgId: string, requestId: string) {
    return this.items.get(`${orgId}/${requestId}`);
  }
}

export class MemoryCache implements ResultCache {
  readonly items = new Map<string, CacheEntry>();
  async get(orgId: string, digest: string, now: Date) {
    const e = this.items.get(`${orgId}/${digest}`);
    return e && Date.parse(e.expiresAt) > now.getTime() ? e : undefined;
  }
  async put(orgId: string, digest: string, entry: CacheEntry) {
    this.items.set(`${orgId}/${digest}`, entry);
  }
}

export class MemoryLedger implements UsageLedger {
  readonly rows: UsageRow[] = [];
  async record(row: UsageRow) {
    if (!this.rows.some((r) => r.orgId === row.orgId && r.requestId === row.requestId)) this.rows.push(row);
  }
  async list(orgId: string, from: Date, to: Date) {
    return this.rows
      .filter((r) => r.orgId === orgId && r.createdAt >= from.toISOString() && r.createdAt < to.toISOString())
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }
}

export class MemoryJobs implements JobRepository {
  readonly items = new Map<string, JobRecord>();
  async create(job: JobRecord) {
    this.items.set(`${job.orgId}/${job.jobId}`, job);
  }
  async get(orgId: string, jobId: string) {
    return this.items.get(`${orgId}/${jobId}`);
  }
  async start(orgId: string, jobId: string, now: Date) {
    const job = this.items.get(`${orgId}/${jobId}`);
    if (!job || job.status !== 'queued') return undefined;
    const next: JobRecord = { ...job, status: 'processing', startedAt: now.toISOString(), attempts: job.attempts + 1 };
    this.items.set(`${orgId}/${jobId}`, next);
    return next;
  }
  async succeed(orgId: string, jobId: string, requestId: string, now: Date) {
    const job = this.items.get(`${orgId}/${jobId}`)!;
    if (job.status === 'succeeded' || job.status === 'failed') return;
    this.items.set(`${orgId}/${jobId}`, { ...job, status: 'succeeded', requestId, finishedAt: now.toISOString() });
  }
  async fail(orgId: string, jobId: string, error: { httpStatus: number; body: ErrorBody }, now: Date) {
    const job = this.items.get(`${orgId}/${jobId}`)!;
    if (job.status === 'succeeded' || job.status === 'failed') return;
    this.items.set(`${orgId}/${jobId}`, { ...job, status: 'failed', error, finishedAt: now.toISOString() });
  }
}

export class MemoryJobQueue implements JobQueue {
  readonly messages: JobMessage[] = [];
  async enqueue(message: JobMessage) {
    this.messages.push(message);
  }
}

export interface FakeDeps extends AppDeps {
  readonly requests: MemoryRequests;
  readonly cache: MemoryCache;
  readonly ledger: MemoryLedger;
  readonly jobs: MemoryJobs;
  readonly jobQueue: MemoryJobQueue;
  readonly clock: ManualClock;
  readonly accounts: MemoryAccounts;
  readonly rateLimiter: MemoryRateLimiter;
  readonly concurrency: MemoryConcurrencyLeases;
  readonly sandbox: MemorySandboxMeter;
  readonly documents: MemoryDocuments;
  readonly blobs: MemoryBlobs;
}

export function fakeDeps(now = new Date('2026-11-22T12:00:00Z')): FakeDeps {
  return {
    clock: new ManualClock(now),
    accounts: new MemoryAccounts(),
    rateLimiter: new MemoryRateLimiter(),
    concurrency: new MemoryConcurrencyLeases(),
    sandbox: new MemorySandboxMeter(),
    documents: new MemoryDocuments(),
    blobs: new MemoryBlobs(),
    secrets: { masterSecret: async () => Buffer.from('test-master-secret') },
    requests: new MemoryRequests(),
    cache: new MemoryCache(),
    ledger: new MemoryLedger(),
    jobs: new MemoryJobs(),
    jobQueue: new MemoryJobQueue(),
    // Batches are tested against the real emulators (test/integration/batch.test.ts); here they fail loudly if reached.
    batches: notInUnitTests('batches'),
    batchQueue: notInUnitTests('batchQueue'),
    batchWorkflow: notInUnitTests('batchWorkflow'),
    webhooks: notInUnitTests('webhooks'),
  };
}

function notInUnitTests<T extends object>(name: string): T {
  return new Proxy({} as T, {
    get: (_t, method) => (method === 'then' ? undefined : async () => {
      throw new Error(`fakeDeps().${name}.${String(method)} is not faked; batch behaviour is tested in test/integration/batch.test.ts`);
    }),
  });
}

/** Registers a key as the admin CLI would, with a fixed key string. */
export async function seedKey(deps: FakeDeps, apiKey: string, orgId: string, tier: Tier = 'pro') {
  const kind = apiKey.startsWith('hk_test_') ? 'test' : 'live';
  await deps.accounts.ensureOrganization(orgId, tier, deps.clock.now());
  await deps.accounts.putKey({
    keyHash: hashApiKey(apiKey),
    keyId: `key_${orgId}_${kind}`,
    orgId,
    kind,
    displayPrefix: apiKey.slice(0, 12),
    createdAt: deps.clock.now().toISOString(),
  });
}

/** Stores a document as if it had been uploaded through the presigned URL. */
export async function putDocument(
  deps: FakeDeps,
  orgId: string,
  bytes: Uint8Array,
  filename = 'document.pdf',
  contentType = 'application/pdf',
  kind: import('../../functions/contracts/media-types.ts').FileKind = 'pdf',
): Promise<string> {
  const documentKey = crypto.randomUUID();
  const objectKey = `uploads/${orgId}/${documentKey}`;
  const now = deps.clock.now();
  await deps.documents.create({
    orgId,
    documentKey,
    filename,
    contentType,
    kind,
    objectKey,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + 24 * 3600 * 1000).toISOString(),
  });
  await deps.blobs.put(objectKey, bytes, contentType);
  return documentKey;
}
