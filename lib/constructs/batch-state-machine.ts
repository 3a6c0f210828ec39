/**
 * The batch state machine: the ASL file in functions/contracts (the one the
 * local server runs with aws-local-stepfunctions), inlined with
 * `DefinitionBody.fromString` so deploys need no extra asset, its function
 * ARN placeholders filled by DefinitionSubstitutions. The machine may invoke
 * exactly the progress and webhook functions.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { BATCH_STATE_MACHINE_FILE, BATCH_STATE_MACHINE_SUBSTITUTIONS } from '../../functions/contracts/batch.ts';

export interface BatchStateMachineProps {
  /** Fixed name, so functions can be given its ARN without referencing it. */
  readonly stateMachineName: string;
  readonly progressFunction: lambda.IFunction;
  readonly webhookFunction: lambda.IFunction;
}

export class BatchStateMachine extends Construct {
  public readonly stateMachine: sfn.StateMachine;
  public readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: BatchStateMachineProps) {
    super(scope, id);
    this.logGroup = new logs.LogGroup(this, 'Logs', { retention: logs.RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });
    this.stateMachine = new sfn.StateMachine(this, 'StateMachine', {
      stateMachineName: props.stateMachineName,
      definitionBody: sfn.DefinitionBody.fromString(readFileSync(BATCH_STATE_MACHINE_FILE, 'utf8')),
      definitionSubstitutions: {
        [BATCH_STATE_MACHINE_SUBSTITUTIONS.progressFunction]: props.progressFunction.functionArn,
        [BATCH_STATE_MACHINE_SUBSTITUTIONS.webhookFunction]: props.webhookFunction.functionArn,
      },
      stateMachineType: sfn.StateMachineType.STANDARD,
      tracingEnabled: true,
      // Execution data holds only the organization and batch ids; states and errors are what operators need.
      logs: { destination: this.logGroup, level: sfn.LogLevel.ALL, includeExecutionData: false },
    });
    // The unqualified functions only (what the lambda:invoke tasks name); grantInvoke would add every version too.
    this.stateMachine.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['lambda:InvokeFunction'],
        resources: [props.progressFunction.functionArn, props.webhookFunction.functionArn],
      }),
    );
    Validations.of(this.stateMachine.role).acknowledge(
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'Step Functions log delivery (logs:CreateLogDelivery and friends) and X-Ray tracing support no resource-level permissions.',
      },
    );
    void Stack.of(this);
  }
}
