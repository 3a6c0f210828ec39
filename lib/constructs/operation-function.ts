/**
 * One Lambda function per handler module `functions/handlers/<handler>.ts`:
 * NodejsFunction defaults (ESM, local esbuild, x86_64, Node 22, X-Ray), a
 * log group with retention, the service environment, and exactly the data
 * access its `OPERATION_ACCESS` row grants.
 *
 * Heavy handlers (document engines) get 3008 MB / 29 s and ship pdfjs-dist
 * and @napi-rs/canvas (native x64 binary) as real files in node_modules,
 * because neither can be bundled.
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
import { Construct } from 'constructs';
import { ENV } from '../../functions/contracts/env.ts';
import { STORAGE } from '../../functions/contracts/storage.ts';
import { TABLES, type TableId } from '../../functions/contracts/tables.ts';
import { accessFor, type OperationAccess, type StoragePrefixId } from './operation-access.ts';

/** Repository root: entry files, package-lock.json and node_modules live here. */
export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Packages heavy handlers load at run time from node_modules instead of the bundle. */
export const HEAVY_EXTERNAL_MODULES = ['pdfjs-dist', '@napi-rs/canvas'] as const;

/** Everything a function may be granted access to. */
export interface ServiceResources {
  readonly tables: Readonly<Record<TableId, dynamodb.ITable>>;
  readonly bucket: s3.IBucket;
  readonly masterSecret: secretsmanager.ISecret;
}

export interface OperationFunctionProps {
  /** Handler module name: the entry is `functions/handlers/<handler>.ts`, exporting `handler`. */
  readonly handler: string;
  /** Tables, bucket and secret: names go into the environment, access follows `access`. */
  readonly resources: ServiceResources;
  /**
   * Needs the document engines: 3008 MB, 29 s, pdfjs-dist and @napi-rs/canvas shipped in node_modules.
   * @default false (512 MB, 10 s)
   */
  readonly heavy?: boolean;
  /**
   * Data access of the function.
   * @default accessFor(handler) from OPERATION_ACCESS
   */
  readonly access?: OperationAccess;
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
 * Shell commands copying the run-time files of pdfjs-dist and @napi-rs/canvas
 * (with its linux-x64-gnu binary) from the project's node_modules into the
 * asset. Only what Node needs: pdfjs' legacy ESM build, fonts, CMaps, wasm.
 */
export function heavyAssetCommands(inputDir: string, outputDir: string): string[] {
  const from = `${inputDir}/node_modules`;
  const to = `${outputDir}/node_modules`;
  const pdfjs = 'pdfjs-dist';
  return [
    `mkdir -p "${to}/${pdfjs}/legacy/build" "${to}/@napi-rs"`,
    `cp "${from}/${pdfjs}/package.json" "${from}/${pdfjs}/LICENSE" "${to}/${pdfjs}/"`,
    `cp "${from}/${pdfjs}/legacy/build/"*.mjs "${to}/${pdfjs}/legacy/build/"`,
    `cp -R "${from}/${pdfjs}/standard_fonts" "${from}/${pdfjs}/cmaps" "${to}/${pdfjs}/"`,
    `if [ -d "${from}/${pdfjs}/wasm" ]; then cp -R "${from}/${pdfjs}/wasm" "${to}/${pdfjs}/"; fi`,
    `cp -R "${from}/@napi-rs/canvas" "${from}/@napi-rs/canvas-linux-x64-gnu" "${to}/@napi-rs/"`,
  ];
}

const heavyCommandHooks: ICommandHooks = {
  beforeBundling: () => [],
  beforeInstall: () => [],
  afterBundling: heavyAssetCommands,
};

function environmentFor(resources: ServiceResources): Record<string, string> {
  const tableNames = Object.fromEntries(
    (Object.keys(resources.tables) as TableId[]).map((id) => [TABLES[id].envVar, resources.tables[id].tableName]),
  );
  return {
    ...tableNames,
    [ENV.bucket]: resources.bucket.bucketName,
    [ENV.masterSecretArn]: resources.masterSecret.secretArn,
    POWERTOOLS_SERVICE_NAME: 'docintel',
    NODE_OPTIONS: '--enable-source-maps',
  };
}

export class OperationFunction extends Construct {
  public readonly function: NodejsFunction;
  public readonly role: iam.Role;
  public readonly logGroup: logs.LogGroup;
  public readonly handlerName: string;

  constructor(scope: Construct, id: string, props: OperationFunctionProps) {
    super(scope, id);
    const projectRoot = props.projectRoot ?? PROJECT_ROOT;
    if (!/^[a-z][a-z0-9-]*$/.test(props.handler)) throw new Error(`Invalid handler name '${props.handler}'`);
    const entry = join(projectRoot, 'functions', 'handlers', `${props.handler}.ts`);
    if (!existsSync(entry)) throw new Error(`Handler module not found: ${entry}`);
    const access = props.access ?? accessFor(props.handler);
    const heavy = props.heavy ?? false;
    this.handlerName = props.handler;

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
      memorySize: heavy ? 3008 : 512,
      // 29 s: the API Gateway integration timeout; longer work goes through X-Async.
      timeout: Duration.seconds(heavy ? 29 : 10),
      tracing: lambda.Tracing.ACTIVE,
      role: this.role,
      logGroup: this.logGroup,
      environment: environmentFor(props.resources),
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
        ...(heavy ? { commandHooks: heavyCommandHooks } : {}),
      },
    });

    this.grant(access, props.resources);
  }

  private grant(access: OperationAccess, resources: ServiceResources): void {
    const fn = this.function;
    for (const [id, level] of Object.entries(access.tables ?? {}) as [TableId, string][]) {
      const table = resources.tables[id];
      if (!table) throw new Error(`${this.handlerName}: access to unknown table '${id}'`);
      if (level === 'read') table.grantReadData(fn);
      else if (level === 'write') table.grantWriteData(fn);
      else table.grantReadWriteData(fn);
    }

    const objects = (prefix: StoragePrefixId) => `${STORAGE.prefixes[prefix].prefix}*`;
    for (const prefix of access.bucketRead ?? []) resources.bucket.grantRead(fn, objects(prefix));
    for (const prefix of access.bucketPut ?? []) resources.bucket.grantPut(fn, objects(prefix));
    if (access.masterSecret) resources.masterSecret.grantRead(fn);

    this.acknowledgeFindings(access, resources);
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
    if (access.bucketRead?.length) {
      for (const action of ['s3:GetObject*', 's3:GetBucket*', 's3:List*']) {
        validations.acknowledge({
          id: `AwsSolutions-IAM5[Action::${action}]`,
          reason: 'Action set of Bucket.grantRead, limited to the document bucket and the prefixes in OPERATION_ACCESS.',
        });
      }
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
