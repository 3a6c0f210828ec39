import { isConditionFailure } from './condition-failure.ts';
import { GetCommand, PutCommand, ScanCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ErrorBody } from '../../contracts/errors.ts';
import { keys } from '../../contracts/tables.ts';
import type { JobRecord, JobRepository } from '../../ports/jobs.ts';

/**
 * A processing job whose worker has been silent this long is presumed dead
 * (the Lambda timed out or the process restarted) and may be taken again.
 */
const STALE_PROCESSING_MS = 15 * 60 * 1000;

function fromItem(i: Record<string, any>): JobRecord {
  return {
    jobId: i.job_id,
    orgId: i.org_id,
    operation: i.operation,
    status: i.status,
    request: i.request,
    createdAt: i.created_at,
    ...(i.started_at ? { startedAt: i.started_at } : {}),
    ...(i.finished_at ? { finishedAt: i.finished_at } : {}),
    attempts: i.attempts ?? 0,
    ...(i.request_id ? { requestId: i.request_id } : {}),
    ...(i.error ? { error: i.error } : {}),
    expiresAt: i.expires_at,
  };
}

export class DynamoDbJobRepository implements JobRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async create(job: JobRecord): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          ...keys.job(job.orgId, job.jobId),
          job_id: job.jobId,
          org_id: job.orgId,
          operation: job.operation,
          status: job.status,
          request: job.request,
          created_at: job.createdAt,
          attempts: 0,
          expires_at: job.expiresAt,
          ttl: Math.ceil(Date.parse(job.expiresAt) / 1000),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async get(orgId: string, jobId: string): Promise<JobRecord | undefined> {
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.job(orgId, jobId), ConsistentRead: true }));
    if (!out.Item || out.Item.org_id !== orgId) return undefined;
    return fromItem(out.Item);
  }

  async start(orgId: string, jobId: string, now: Date): Promise<JobRecord | undefined> {
    try {
      const out = await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.job(orgId, jobId),
          UpdateExpression: 'SET #status = :processing, started_at = :now, heartbeat_at = :now ADD attempts :one',
          ConditionExpression: '#status = :queued OR (#status = :processing AND heartbeat_at < :stale)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':processing': 'processing',
            ':queued': 'queued',
            ':now': now.toISOString(),
            ':stale': new Date(now.getTime() - STALE_PROCESSING_MS).toISOString(),
            ':one': 1,
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return fromItem(out.Attributes!);
    } catch (error) {
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  }

  async succeed(orgId: string, jobId: string, requestId: string, now: Date): Promise<void> {
    await this.finish(orgId, jobId, now, 'succeeded', { request_id: requestId });
  }

  async fail(orgId: string, jobId: string, error: { httpStatus: number; body: ErrorBody }, now: Date): Promise<void> {
    await this.finish(orgId, jobId, now, 'failed', { error });
  }

  private async finish(orgId: string, jobId: string, now: Date, status: string, fields: Record<string, unknown>) {
    const names = Object.keys(fields);
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.job(orgId, jobId),
          // Names go through placeholders: `error` is a DynamoDB reserved word.
          UpdateExpression: `SET #status = :status, finished_at = :now, ${names.map((n) => `#${n} = :${n}`).join(', ')}`,
          // A job is finished once: a redelivered message cannot overwrite the verdict.
          ConditionExpression: '#status IN (:queued, :processing)',
          ExpressionAttributeNames: { '#status': 'status', ...Object.fromEntries(names.map((n) => [`#${n}`, n])) },
          ExpressionAttributeValues: {
            ':status': status,
            ':now': now.toISOString(),
            ':queued': 'queued',
            ':processing': 'processing',
            ...Object.fromEntries(names.map((n) => [`:${n}`, fields[n]])),
          },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }

  async requeue(orgId: string, jobId: string): Promise<void> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.job(orgId, jobId),
          UpdateExpression: 'SET #status = :queued',
          ConditionExpression: '#status = :processing',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':queued': 'queued', ':processing': 'processing' },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }

  async listUnfinished(): Promise<JobRecord[]> {
    const jobs: JobRecord[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const out = await this.db.send(
        new ScanCommand({
          TableName: this.table,
          FilterExpression: '#status IN (:queued, :processing)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':queued': 'queued', ':processing': 'processing' },
          ExclusiveStartKey: startKey,
        }),
      );
      jobs.push(...(out.Items ?? []).map(fromItem));
      startKey = out.LastEvaluatedKey;
    } while (startKey);
    return jobs;
  }
}
