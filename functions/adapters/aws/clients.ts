/**
 * AWS SDK v3 clients, built once per process from configuration. The same
 * code path serves Lambda (default endpoints, IAM role) and the local server
 * (emulator endpoints, dummy credentials).
 *
 * Checksums are `WHEN_REQUIRED`: the SDK's default flexible checksums frame
 * streamed uploads in aws-chunked encoding (corrupting them on the emulator)
 * and put an empty-body CRC into presigned PUT URLs, which S3 then rejects.
 *
 * @module
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export interface AwsClientConfig {
  readonly region: string;
  readonly dynamodbEndpoint?: string;
  readonly s3Endpoint?: string;
  /** Only for emulators; on AWS the default provider chain (the Lambda role) is used. */
  readonly credentials?: { accessKeyId: string; secretAccessKey: string };
}

export function createDocumentClient(config: AwsClientConfig): DynamoDBDocumentClient {
  const client = new DynamoDBClient({
    region: config.region,
    ...(config.dynamodbEndpoint ? { endpoint: config.dynamodbEndpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    maxAttempts: 4,
  });
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
}

export function createS3Client(config: AwsClientConfig): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.s3Endpoint ? { endpoint: config.s3Endpoint, forcePathStyle: true } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}
