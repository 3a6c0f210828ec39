/**
 * The one private bucket for uploads and stored requests, plus the bucket
 * its server access logs go to. Object lifetime is decided by prefix
 * (`STORAGE.prefixes`), one lifecycle rule each.
 *
 * @module
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { STORAGE } from '../../functions/contracts/storage.ts';

export interface DocumentStoreProps {
  /**
   * What happens to the data bucket when it leaves the stack.
   * @default RemovalPolicy.RETAIN
   */
  readonly removalPolicy?: RemovalPolicy;
  /**
   * Days server access logs are kept.
   * @default 90
   */
  readonly accessLogExpirationDays?: number;
  /**
   * Origins allowed to PUT/GET objects from a browser through presigned URLs.
   * @default ['*'] (any origin; the presigned signature is the authorization)
   */
  readonly corsAllowedOrigins?: string[];
}

export class DocumentStore extends Construct {
  /** Uploads (`uploads/`, 1 day) and stored requests (`stored/`, 30 days). */
  public readonly bucket: s3.Bucket;
  /** Server access logs of `bucket`. */
  public readonly accessLogsBucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: DocumentStoreProps = {}) {
    super(scope, id);
    const accessLogExpirationDays = props.accessLogExpirationDays ?? 90;
    if (!Number.isInteger(accessLogExpirationDays) || accessLogExpirationDays < 1) {
      throw new Error(`accessLogExpirationDays must be a positive integer, got ${accessLogExpirationDays}`);
    }

    this.accessLogsBucket = new s3.Bucket(this, 'AccessLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      // Server access log delivery only supports SSE-S3 on the target bucket.
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [{ id: 'expire-access-logs', expiration: Duration.days(accessLogExpirationDays) }],
    });
    // No AwsSolutions-S1 acknowledgement needed: cdk-nag treats a bucket that is
    // another bucket's access log target as compliant.

    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      // SSE-S3 for every object; presigned PUTs carry `x-amz-server-side-encryption: AES256` unless asked not to.
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      versioned: false,
      removalPolicy: props.removalPolicy ?? RemovalPolicy.RETAIN,
      serverAccessLogsBucket: this.accessLogsBucket,
      serverAccessLogsPrefix: 'documents/',
      lifecycleRules: [
        ...Object.entries(STORAGE.prefixes).map(([name, { prefix, expireAfterDays }]) => ({
          id: `expire-${name}`,
          prefix,
          expiration: Duration.days(expireAfterDays),
        })),
        { id: 'abort-incomplete-multipart-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      cors: [
        {
          // Browsers upload and download directly with presigned URLs.
          allowedMethods: [s3.HttpMethods.PUT, s3.HttpMethods.GET],
          allowedOrigins: props.corsAllowedOrigins ?? ['*'],
          // The signed Content-Type and x-amz-server-side-encryption headers.
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
    });
  }
}
