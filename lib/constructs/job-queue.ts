/**
 * The async job queue (`X-Async: true`): an SQS queue with a dead-letter
 * queue, both SSE-SQS encrypted and TLS-only, plus an alarm when anything
 * lands in the dead-letter queue. Why SQS rather than asynchronous Lambda
 * invocation: docs/deployment.md.
 *
 * The visibility timeout follows the worker: AWS advises at least six times
 * the function timeout for an SQS event source, so a message is not handed to
 * a second worker while the first may still be running (including the event
 * source's own retries on throttling).
 *
 * @module
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/** AWS's guidance for SQS event sources: visibility timeout ≥ 6 × function timeout. */
export const VISIBILITY_TIMEOUT_FACTOR = 6;

export interface JobQueueProps {
  /** Timeout of the function consuming the queue; the visibility timeout is derived from it. */
  readonly workerTimeout: Duration;
  /**
   * Deliveries before a message moves to the dead-letter queue. A job that
   * fails inside the pipeline is not retried (its verdict is written to the job
   * row); only crashes, timeouts and "busy" (another worker holds the job) are.
   * @default 3
   */
  readonly maxReceiveCount?: number;
  /**
   * How long an unconsumed job message is kept.
   * @default Duration.days(4)
   */
  readonly retentionPeriod?: Duration;
  /**
   * How long a dead-lettered message is kept for inspection and redrive.
   * @default Duration.days(14) (the SQS maximum)
   */
  readonly deadLetterRetentionPeriod?: Duration;
  /**
   * What the dead-letter alarm tells the operator.
   * @default the async job wording
   */
  readonly alarmDescription?: string;
}

export class JobQueue extends Construct {
  public readonly queue: sqs.Queue;
  public readonly deadLetterQueue: sqs.Queue;
  /** In alarm while the dead-letter queue holds a message. No action is attached: add one (SNS, chat) per deployment. */
  public readonly deadLetterAlarm: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: JobQueueProps) {
    super(scope, id);
    const maxReceiveCount = props.maxReceiveCount ?? 3;
    if (!Number.isInteger(maxReceiveCount) || maxReceiveCount < 1) {
      throw new Error(`maxReceiveCount must be a positive integer, got ${maxReceiveCount}`);
    }
    const visibilityTimeout = Duration.seconds(props.workerTimeout.toSeconds() * VISIBILITY_TIMEOUT_FACTOR);
    if (visibilityTimeout.toSeconds() > Duration.hours(12).toSeconds()) {
      throw new Error(`Visibility timeout ${visibilityTimeout.toHumanString()} exceeds the SQS maximum of 12 hours`);
    }

    this.deadLetterQueue = new sqs.Queue(this, 'DeadLetters', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: props.deadLetterRetentionPeriod ?? Duration.days(14),
      removalPolicy: RemovalPolicy.DESTROY,
    });

    this.queue = new sqs.Queue(this, 'Queue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout,
      retentionPeriod: props.retentionPeriod ?? Duration.days(4),
      // Long polling is what the Lambda event source does anyway; set for other consumers.
      receiveMessageWaitTime: Duration.seconds(20),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount },
      removalPolicy: RemovalPolicy.DESTROY,
    });

    this.deadLetterAlarm = this.deadLetterQueue
      .metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: cloudwatch.Stats.MAXIMUM })
      .createAlarm(this, 'DeadLettersAlarm', {
        alarmDescription:
          props.alarmDescription ??
          'docintel: async job messages reached the dead-letter queue (worker crashed or timed out repeatedly). Inspect, then redrive.',
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
  }
}
