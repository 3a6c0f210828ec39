/**
 * One Lambda function per handler module `functions/handlers/<handler>.ts`:
 * NodejsFunction defaults (ESM, local esbuild, x86_64, Node 22, X-Ray), a
 * log group with retention, the service environment, and exactly the data
 * access its `OPERATION_ACCESS` row grants.
 *
 * Heavy handlers (document engines) get 3008 MB (≈ 2 vCPU) / 29 s by default
 * and ship the engines' native binaries, wasm and data as real files in
 * node_modules (see `runtime-assets.ts`: sharp + libvips, @napi-rs/canvas,
 * pdf.js, tesseract.js + cores + traineddata, libheif-js), for x86_64.
 *
 * @module
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CfnElement, Duration, Stack, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, type ICommandHooks } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { ENGINE_NODE_FLAGS, ENV } from '../../functions/contracts/env.ts';
import { KEY_FAMILIES, type KeyFamilyId } from '../../functions/contracts/key-families.ts';
import { isEngineHandler } from '../../functions/contracts/routes.ts';
import { sourceRevision } from '../source-revision.ts';
import { STORAGE } from '../../functions/contracts/storage.ts';
import { TABLES, type TableId } from '../../functions/contracts/tables.ts';
import { accessFor, type OperationAccess, type ScopedTableAccess, type StoragePrefixId, type TableAccess } from './operation-access.ts';
import { copyCommands, HEAVY_EXTERNAL_MODULES, runtimePackages } from './runtime-assets.ts';

export { HEAVY_EXTERNAL_MODULES } from './runtime-assets.ts';

/** The shared entry of heavy functions, `functions/handlers/engines.ts` (it dispatches on DOCINTEL_HANDLER). */
export const ENGINE_ENTRY = 'engines';

/** Repository root: entry files, package-lock.json and node_modules live here. */
export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Everything a function may be granted access to. */
export interface ServiceResources {
  readonly tables: Readonly<Record<TableId, dynamodb.ITable>>;
  readonly bucket: s3.IBucket;
  readonly masterSecret: secretsmanager.ISecret;
  /** The async job queue; required by rows with `jobQueue: 'send'`. */
  readonly jobQueue?: sqs.IQueue;
  /** The page-range worker; required by rows with `invokePageRangeWorker`. */
  readonly pageRangeWorker?: lambda.IFunction;
  /** The batch item queue; required by rows with `batchQueue: 'send'`. */
  readonly batchQueue?: sqs.IQueue;
  /**
   * ARN of the batch state machine; required by rows with `startBatchWorkflow`.
   * Built from its fixed name, not referenced: the machine itself references
   * the progress function, which starts executions too (no dependency cycle).
   */
  readonly batchStateMachineArn?: string;
}

export interface OperationFunctionProps {
  /** Handler module name: the entry is `functions/handlers/<handler>.ts`, exporting `handler`. */
  readonly handler: string;
  /**
   * Service settings passed as environment variables (names from `ENV`), e.g.
   * `DOCINTEL_EXTRACT_ENGINE` from the `docintel:extractEngine` context value.
   * @default - none
   */
  readonly settings?: Readonly<Record<string, string>>;
  /** Tables, bucket and secret: names go into the environment, access follows `access`. */
  readonly resources: ServiceResources;
  /**
   * Needs the document engines: 3008 MB, 29 s, native modules and engine data shipped in node_modules.
   * @default false (512 MB, 10 s)
   */
  readonly heavy?: boolean;
  /**
   * Memory in MB.
   * @default 3008 when heavy, else 512
   */
  readonly memorySize?: number;
  /**
   * Function timeout.
   * @default 29 s when heavy (the API Gateway integration timeout), else 10 s
   */
  readonly timeout?: Duration;
  /**
   * Data access of the function.
   * @default accessFor(handler) from OPERATION_ACCESS
   */
  readonly access?: OperationAccess;
  /**
   * Concurrent executions reserved for (and capping) this function.
   * @default - none: the function draws on the account's unreserved pool
   */
  readonly reservedConcurrency?: number;
  /**
   * Retention of the function's log group.
   * @default logs.RetentionDays.ONE_MONTH
   */
  readonly logRetention?: logs.RetentionDays;
  /**
   * Repository root holding functions/, package-lock.json and node_modules.
   * @default PROJECT_ROOT
   */
  readonly projectRoot?: string;
}

/**
 * Shell commands run after esbuild for a heavy function: copy the run-time
 * packages (`runtimePackages`) from the project's node_modules into the
 * asset. Resolved when bundling runs, so template-only synths (tests with
 * bundling off) never need the native packages installed.
 */
export function heavyAssetCommands(projectRoot: string, inputDir: string, outputDir: string): string[] {
  return copyCommands(runtimePackages(projectRoot), inputDir, outputDir);
}

function heavyCommandHooks(projectRoot: string): ICommandHooks {
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (inputDir, outputDir) => heavyAssetCommands(projectRoot, inputDir, outputDir),
  };
}

function environmentFor(resources: ServiceResources, access: OperationAccess, handler: string, heavy: boolean): Record<string, string> {
  const tableNames = Object.fromEntries(
    (Object.keys(resources.tables) as TableId[]).map((id) => [TABLES[id].envVar, resources.tables[id].tableName]),
  );
  const env: Record<string, string> = {
    ...tableNames,
    [ENV.bucket]: resources.bucket.bucketName,
    [ENV.masterSecretArn]: resources.masterSecret.secretArn,
    POWERTOOLS_SERVICE_NAME: 'docintel',
    // Engine functions run pdf.js and OCR: the engine V8 flags too (contracts/env.ts); they have the memory for them.
    NODE_OPTIONS: ['--enable-source-maps', ...(heavy ? ENGINE_NODE_FLAGS : [])].join(' '),
    // Heavy functions share one entry (functions/handlers/engines.ts), which runs the handler named here.
    ...(heavy ? { [ENV.handlerName]: handler } : {}),
  };
  if (access.jobQueue === 'send') {
    if (!resources.jobQueue) throw new Error(`${handler}: its access row sends jobs but no job queue was given`);
    env[ENV.jobQueueUrl] = resources.jobQueue.queueUrl;
  }
  if (access.batchQueue === 'send') {
    if (!resources.batchQueue) throw new Error(`${handler}: its access row queues batch items but no batch queue was given`);
    env[ENV.batchQueueUrl] = resources.batchQueue.queueUrl;
  }
  if (access.startBatchWorkflow) {
    if (!resources.batchStateMachineArn) throw new Error(`${handler}: its access row starts batch workflows but no state machine was given`);
    env[ENV.batchStateMachineArn] = resources.batchStateMachineArn;
  }
  if (access.invokePageRangeWorker) {
    if (!resources.pageRangeWorker) throw new Error(`${handler}: its access row invokes the page-range worker but none was given`);
    env[ENV.pageRangeFunctionName] = resources.pageRangeWorker.functionName;
  }
  return env;
}

export class OperationFunction extends Construct {
  public readonly function: NodejsFunction;
  public readonly role: iam.Role;
  public readonly logGroup: logs.LogGroup;
  public readonly handlerName: string;
  /** The function's timeout (alarms derive their p95 threshold from it). */
  public readonly timeout: Duration;

  constructor(scope: Construct, id: string, props: OperationFunctionProps) {
    super(scope, id);
    const projectRoot = props.projectRoot ?? PROJECT_ROOT;
    if (!/^[a-z][a-z0-9-]*$/.test(props.handler)) throw new Error(`Invalid handler name '${props.handler}'`);
    const handlerModule = join(projectRoot, 'functions', 'handlers', `${props.handler}.ts`);
    if (!existsSync(handlerModule)) throw new Error(`Handler module not found: ${handlerModule}`);
    const access = props.access ?? accessFor(props.handler);
    const heavy = props.heavy ?? false;
    if (heavy && !isEngineHandler(props.handler)) throw new Error(`${props.handler}: heavy, but not in ENGINE_HANDLERS (functions/contracts/routes.ts)`);
    // Heavy functions share one entry (and so one asset of engine packages); DOCINTEL_HANDLER picks the handler.
    const entry = heavy ? join(projectRoot, 'functions', 'handlers', `${ENGINE_ENTRY}.ts`) : handlerModule;
    this.handlerName = props.handler;
    // 29 s: the API Gateway integration timeout; longer work goes through X-Async.
    this.timeout = props.timeout ?? Duration.seconds(heavy ? 29 : 10);

    this.logGroup = new logs.LogGroup(this, 'Logs', { retention: props.logRetention ?? logs.RetentionDays.ONE_MONTH });

    // Own role instead of AWSLambdaBasicExecutionRole: log writes scoped to this log group.
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `docintel ${props.handler} function`,
    });
    this.logGroup.grantWrite(this.role);

    this.function = new NodejsFunction(this, 'Function', {
      entry,
      handler: 'handler',
      projectRoot,
      depsLockFilePath: join(projectRoot, 'package-lock.json'),
      runtime: lambda.Runtime.NODEJS_22_X,
      // Native modules in node_modules are installed for the x64 build machine.
      architecture: lambda.Architecture.X86_64,
      memorySize: props.memorySize ?? (heavy ? 3008 : 512),
      timeout: this.timeout,
      tracing: lambda.Tracing.ACTIVE,
      ...(props.reservedConcurrency !== undefined ? { reservedConcurrentExecutions: props.reservedConcurrency } : {}),
      role: this.role,
      logGroup: this.logGroup,
      environment: {
        ...environmentFor(props.resources, access, props.handler, heavy),
        [ENV.codeRevision]: sourceRevision(projectRoot),
        ...(props.settings ?? {}),
      },
      bundling: {
        forceDockerBundling: false,
        format: OutputFormat.ESM,
        // Bundled CommonJS dependencies still call require(); aliased so it cannot
        // collide with a createRequire import of the bundled code.
        banner:
          "import { createRequire as __docintelCreateRequire } from 'node:module'; const require = __docintelCreateRequire(import.meta.url);",
        mainFields: ['module', 'main'],
        target: 'node22',
        minify: true,
        sourceMap: true,
        sourcesContent: false,
        // The AWS SDK is bundled: the versions tested locally are the ones that run.
        externalModules: heavy ? [...HEAVY_EXTERNAL_MODULES] : [],
        ...(heavy ? { commandHooks: heavyCommandHooks(projectRoot) } : {}),
      },
    });

    this.grant(access, props.resources);
  }

  private grant(access: OperationAccess, resources: ServiceResources): void {
    const fn = this.function;
    for (const [id, level] of Object.entries(access.tables ?? {}) as [TableId, TableAccess][]) {
      const table = resources.tables[id];
      if (!table) throw new Error(`${this.handlerName}: access to unknown table '${id}'`);
      if (level === 'read') table.grantReadData(fn);
      else if (level === 'write') table.grantWriteData(fn);
      else if (level === 'readWrite') table.grantReadWriteData(fn);
      else this.grantScoped(id, table, level);
    }

    const objects = (prefix: StoragePrefixId) => `${STORAGE.prefixes[prefix].prefix}*`;
    // Not Bucket.grantRead: it brings s3:List* and s3:GetBucket* on the whole bucket, so a parser taken over by a
    // hostile file could list every organization's keys (issue 38). Objects under the prefixes only; listing (which
    // S3 needs to answer 404 rather than 403 for a missing key) only with those prefixes.
    const readable = access.bucketRead ?? [];
    if (readable.length) {
      this.role.addToPrincipalPolicy(
        new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: readable.map((prefix) => resources.bucket.arnForObjects(objects(prefix))) }),
      );
      this.role.addToPrincipalPolicy(
        new iam.PolicyStatement({
          actions: ['s3:ListBucket'],
          resources: [resources.bucket.bucketArn],
          conditions: { StringLike: { 's3:prefix': readable.map(objects) } },
        }),
      );
    }
    for (const prefix of access.bucketPut ?? []) resources.bucket.grantPut(fn, objects(prefix));
    if (access.masterSecret) resources.masterSecret.grantRead(fn);
    if (access.jobQueue === 'send') resources.jobQueue?.grantSendMessages(fn);
    if (access.batchQueue === 'send') resources.batchQueue?.grantSendMessages(fn);
    if (access.startBatchWorkflow && resources.batchStateMachineArn) {
      this.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['states:StartExecution'], resources: [resources.batchStateMachineArn] }));
    }
    if (access.invokePageRangeWorker && resources.pageRangeWorker) {
      // The unqualified function only (what InvokeCommand with the name targets);
      // grantInvoke would add `<arn>:*` (every version and alias) as well.
      this.role.addToPrincipalPolicy(
        new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [resources.pageRangeWorker.functionArn] }),
      );
    }

    this.acknowledgeFindings(access, resources);
  }

  /**
   * One statement per kind of access, each limited to the families' partition
   * keys. `ForAllValues` checks every key a request names (BatchGetItem names
   * many); the `Null` test refuses requests naming none, which ForAllValues
   * alone would let through.
   */
  private grantScoped(tableId: TableId, table: dynamodb.ITable, scoped: ScopedTableAccess): void {
    const kinds: [readonly KeyFamilyId[] | undefined, string[]][] = [
      [scoped.read, ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query']],
      [scoped.write, ['dynamodb:PutItem', 'dynamodb:UpdateItem']],
      [scoped.append, ['dynamodb:PutItem']],
    ];
    for (const [families, actions] of kinds) {
      if (!families?.length) continue;
      for (const family of families) {
        if (KEY_FAMILIES[family].table !== tableId) {
          throw new Error(`${this.handlerName}: item family '${family}' lives in table '${KEY_FAMILIES[family].table}', not '${tableId}'`);
        }
      }
      this.role.addToPrincipalPolicy(
        new iam.PolicyStatement({
          actions,
          resources: [table.tableArn],
          conditions: {
            'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': families.map((f) => KEY_FAMILIES[f].partition) },
            Null: { 'dynamodb:LeadingKeys': 'false' },
          },
        }),
      );
    }
  }

  /** Findings the grants above necessarily produce, each scoped to the exact wildcard. */
  private acknowledgeFindings(access: OperationAccess, resources: ServiceResources): void {
    const bucketArn = `<${logicalIdOf(resources.bucket)}.Arn>`;
    const prefixes = [...new Set([...(access.bucketRead ?? []), ...(access.bucketPut ?? [])])];
    const validations = Validations.of(this.role);
    validations.acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'X-Ray PutTraceSegments/PutTelemetryRecords (tracing: ACTIVE) support no resource-level permissions.',
    });
    for (const prefix of prefixes) {
      validations.acknowledge({
        id: `AwsSolutions-IAM5[Resource::${bucketArn}/${STORAGE.prefixes[prefix].prefix}*]`,
        reason: `Object keys under ${STORAGE.prefixes[prefix].prefix} are generated per request (organization id / document key / request id); access is scoped to that prefix of the one bucket.`,
      });
    }
    if (access.bucketPut?.length) {
      validations.acknowledge({
        id: 'AwsSolutions-IAM5[Action::s3:Abort*]',
        reason: 'Action set of Bucket.grantPut (abort multipart upload), limited to the prefixes in OPERATION_ACCESS.',
      });
    }
    Validations.of(this.function).acknowledge({
      id: 'AwsSolutions-L1',
      reason: 'Runtime pinned to nodejs22.x: the native @napi-rs/canvas build and pdfjs-dist are tested against Node 22; upgrades are deliberate.',
    });
  }
}

function logicalIdOf(construct: Construct): string {
  const child = construct.node.defaultChild;
  if (!(child instanceof CfnElement)) throw new Error(`${construct.node.path} has no CloudFormation resource`);
  return Stack.of(child).resolve(child.logicalId) as string;
}
