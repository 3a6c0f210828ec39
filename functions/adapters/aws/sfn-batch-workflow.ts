import { ExecutionAlreadyExists, StartExecutionCommand, type SFNClient } from '@aws-sdk/client-sfn';
import type { BatchWorkflow } from '../../ports/batches.ts';

/**
 * One Step Functions execution per batch, named after the batch: starting it
 * twice (a retried submission) is a no-op, as Step Functions refuses a
 * second running execution of the same name.
 */
export class StepFunctionsBatchWorkflow implements BatchWorkflow {
  constructor(
    private readonly sfn: SFNClient,
    private readonly stateMachineArn: string,
  ) {}

  async start(orgId: string, batchId: string): Promise<void> {
    try {
      await this.sfn.send(
        new StartExecutionCommand({
          stateMachineArn: this.stateMachineArn,
          name: batchId,
          input: JSON.stringify({ org_id: orgId, batch_id: batchId }),
        }),
      );
    } catch (error) {
      if (error instanceof ExecutionAlreadyExists || (error as Error).name === 'ExecutionAlreadyExists') return;
      throw error;
    }
  }
}
