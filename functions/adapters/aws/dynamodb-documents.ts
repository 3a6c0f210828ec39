import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../contracts/tables.ts';
import type { DocumentRecord, DocumentRepository } from '../../ports/documents.ts';

/**
 * How long a document record outlives its 24 h lifetime, so a late caller is
 * told "expired" (410) rather than "not found"; DynamoDB TTL removes it after.
 */
const TOMBSTONE_SECONDS = 7 * 24 * 3600;

export class DynamoDbDocumentRepository implements DocumentRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async create(record: DocumentRecord): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          ...keys.document(record.orgId, record.documentKey),
          org_id: record.orgId,
          document_key: record.documentKey,
          filename: record.filename,
          content_type: record.contentType,
          kind: record.kind,
          declared_length: record.declaredLength,
          object_key: record.objectKey,
          created_at: record.createdAt,
          expires_at: record.expiresAt,
          ttl: Math.ceil(Date.parse(record.expiresAt) / 1000) + TOMBSTONE_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async get(orgId: string, documentKey: string): Promise<DocumentRecord | undefined> {
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.document(orgId, documentKey) }));
    const item = out.Item;
    if (!item || item.org_id !== orgId) return undefined;
    return {
      orgId: item.org_id,
      documentKey: item.document_key,
      filename: item.filename,
      contentType: item.content_type,
      kind: item.kind,
      ...(item.declared_length !== undefined ? { declaredLength: item.declared_length } : {}),
      objectKey: item.object_key,
      createdAt: item.created_at,
      expiresAt: item.expires_at,
      ...(item.content_hash ? { contentHash: item.content_hash } : {}),
    };
  }

  async rememberContentHash(orgId: string, documentKey: string, etag: string, sha256: string): Promise<void> {
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: keys.document(orgId, documentKey),
        UpdateExpression: 'SET content_hash = :hash',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':hash': { etag, sha256 } },
      }),
    );
  }
}
