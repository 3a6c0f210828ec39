/**
 * The batch state machine run locally: the very ASL file the CDK stack
 * deploys, executed by aws-local-stepfunctions, with each `lambda:invoke`
 * Task calling the named handler in this process (as Step Functions would
 * invoke the function). Executions live in memory; the local server starts
 * one again at restart for every batch not settled yet, which is safe
 * because the progress and webhook steps are idempotent.
 *
 * @module
 */
import type { BatchWorkflow } from '../../ports/batches.ts';

// aws-local-stepfunctions 3 needs Promise.withResolvers (Node 22+); Node 20 lacks it.
const promiseStatics = Promise as unknown as { withResolvers?: () => unknown };
promiseStatics.withResolvers ??= function withResolvers<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason?: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

type Invoke = (handler: string, payload: unknown) => Promise<unknown>;

export interface LocalBatchWorkflowOptions {
  /** The ASL text with `${Placeholder}` function ARNs. */
  readonly definition: string;
  /** Placeholder name → handler name (e.g. BatchProgressFunctionArn → batch-progress). */
  readonly functions: Readonly<Record<string, string>>;
  /** Runs a handler as its Lambda would be invoked. */
  readonly invoke: Invoke;
  /** Replaces the Wait state's duration (ms); unset → the seconds the progress step asks for. */
  readonly pollIntervalMs?: number;
  /** Replaces the webhook Retry's backoff (ms); unset → the deployed schedule. */
  readonly webhookRetryMs?: number;
  readonly onError?: (batchId: string, error: unknown) => void;
}

const LOCAL_ARN_PREFIX = 'arn:aws:lambda:us-east-1:000000000000:function:docintel-local-';

interface AslDefinition {
  States: Record<string, { Type: string; Resource?: string }>;
}

export class LocalBatchWorkflow implements BatchWorkflow {
  private readonly running = new Map<string, { abort: () => void }>();
  private readonly definition: AslDefinition;
  private stopped = false;

  constructor(private readonly options: LocalBatchWorkflowOptions) {
    let text = options.definition;
    // Substituted before the machine is built: its validator checks the ARNs.
    for (const [placeholder, handler] of Object.entries(options.functions)) {
      text = text.replaceAll(`\${${placeholder}}`, `${LOCAL_ARN_PREFIX}${handler}`);
    }
    this.definition = JSON.parse(text) as AslDefinition;
  }

  /** Executions in progress (tests). */
  get active(): number {
    return this.running.size;
  }

  async start(orgId: string, batchId: string): Promise<void> {
    if (this.stopped || this.running.has(batchId)) return;
    const { StateMachine } = await import('aws-local-stepfunctions');
    const machine = new StateMachine(this.definition as never);
    const handlers: Record<string, (input: any) => Promise<any>> = {};
    for (const [state, spec] of Object.entries(this.definition.States)) {
      if (spec.Type !== 'Task') continue;
      handlers[state] = async (input: { FunctionName: string; Payload: unknown }) => {
        const handler = String(input.FunctionName).slice(LOCAL_ARN_PREFIX.length);
        // lambda:invoke returns the invocation result under Payload.
        return { Payload: (await this.options.invoke(handler, input.Payload)) ?? null };
      };
    }
    const execution = machine.run(
      { org_id: orgId, batch_id: batchId },
      {
        overrides: {
          taskResourceLocalHandlers: handlers,
          ...(this.options.pollIntervalMs !== undefined ? { waitTimeOverrides: { WaitForProgress: this.options.pollIntervalMs } } : {}),
          ...(this.options.webhookRetryMs !== undefined ? { retryIntervalOverrides: { SendWebhook: this.options.webhookRetryMs } } : {}),
        },
        noThrowOnAbort: true,
      },
    );
    this.running.set(batchId, execution);
    execution.result
      .catch((error: unknown) => {
        if (!this.stopped) this.options.onError?.(batchId, error);
      })
      .finally(() => this.running.delete(batchId));
  }

  stop(): void {
    this.stopped = true;
    for (const execution of this.running.values()) execution.abort();
    this.running.clear();
  }
}
