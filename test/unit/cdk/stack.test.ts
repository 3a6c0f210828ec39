import { Stack, type CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { Construct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENGINE_NODE_FLAGS, ENV } from '../../../functions/contracts/env.ts';
import { engineEnvVar } from '../../../functions/contracts/engines.ts';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import {
  BATCH_LIMITS,
  BATCH_STATE_MACHINE_FILE,
  BATCH_WORKER_TIMEOUT_SECONDS,
  WEBHOOK_DELIVERY,
} from '../../../functions/contracts/batch.ts';
import {
  BATCH_DEAD_LETTER_HANDLER,
  BATCH_PROGRESS_HANDLER,
  BATCH_WEBHOOK_HANDLER,
  BATCH_WORKER_HANDLER,
  BINARY_MEDIA_TYPES,
  FALLBACK_HANDLER,
  isEngineHandler,
  JOB_WORKER_HANDLER,
  PAGE_RANGE_WORKER_HANDLER,
  ROUTES,
} from '../../../functions/contracts/routes.ts';
import { STORAGE } from '../../../functions/contracts/storage.ts';
import { TABLE_LIST } from '../../../functions/contracts/tables.ts';
import { pascalCase } from '../../../lib/constructs/naming.ts';
import { accessFor, OPERATION_ACCESS } from '../../../lib/constructs/operation-access.ts';
import { VISIBILITY_TIMEOUT_FACTOR } from '../../../lib/constructs/job-queue.ts';
import {
  BATCH_WORKER_MAX_CONCURRENCY,
  JOB_WORKER_MAX_CONCURRENCY,
  JOB_WORKER_TIMEOUT,
  EXTRACT_ENGINE_CONTEXT,
  PAGE_RANGE_WORKER_TIMEOUT,
  type DocintelStack,
} from '../../../lib/stacks/docintel-stack.ts';
import { createDocintelApp } from '../../helpers/cdk-app.ts';

type CfnResource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string };

describe('Stack: Docintel', () => {
  let stack: DocintelStack;
  let template: Template;
  let resources: Record<string, CfnResource>;

  const logicalId = (construct: Construct): string =>
    stack.resolve((construct.node.defaultChild as CfnElement).logicalId) as string;
  const functionId = (handler: string) => logicalId(stack.functions[handler].function);
  const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
  /** Every action the function's role policy allows. */
  const allowedActions = (handler: string): string[] => {
    const roleId = logicalId(stack.functions[handler].role);
    return ofType('AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Properties.Roles).includes(`"${roleId}"`))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement.flatMap((s: { Action: string | string[] }) => s.Action));
  };
  /** Every statement of the function's role policy. */
  const statements = (handler: string): { Action: string | string[]; Resource: unknown; Effect: string; Condition?: { StringLike?: Record<string, string | string[]> } }[] => {
    const roleId = logicalId(stack.functions[handler].role);
    return ofType('AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Properties.Roles).includes(`"${roleId}"`))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
  };
  const handlers = [...new Set(ROUTES.map((r) => r.handler))];
  const heavyHandlers = [...new Set(ROUTES.filter((r) => r.heavy).map((r) => r.handler))];
  const workers = [
    JOB_WORKER_HANDLER,
    PAGE_RANGE_WORKER_HANDLER,
    BATCH_WORKER_HANDLER,
    BATCH_DEAD_LETTER_HANDLER,
    BATCH_PROGRESS_HANDLER,
    BATCH_WEBHOOK_HANDLER,
  ];
  const allHandlers = [...handlers, FALLBACK_HANDLER, ...workers];

  beforeAll(() => {
    // Prepare: one synthesized template, bundling off, shared by every test.
    ({ stack } = createDocintelApp());
    template = Template.fromStack(stack);
    resources = template.toJSON().Resources;
    // Synthesizing ~20 functions takes well over the default 10-s hook budget on a loaded 2-core machine.
  }, 120_000);

  describe('functions', () => {
    it('creates one function per route handler plus the fallback, the job worker, the page-range worker and the batch lane', () => {
      // Assess
      template.resourceCountIs('AWS::Lambda::Function', handlers.length + 1 + workers.length);
      for (const handler of allHandlers) {
        expect(resources[functionId(handler)].Type).toBe('AWS::Lambda::Function');
      }
    });

    it('runs every function on nodejs22.x x86_64 with tracing, ESM entry and the service environment', () => {
      // Act
      const functions = ofType('AWS::Lambda::Function');
      // Assess
      for (const [, fn] of functions) {
        expect(fn.Properties).toMatchObject({
          Runtime: 'nodejs22.x',
          Architectures: ['x86_64'],
          Handler: 'index.handler',
          TracingConfig: { Mode: 'Active' },
          LoggingConfig: { LogGroup: expect.anything() },
        });
        const variables = fn.Properties.Environment.Variables;
        for (const name of [ENV.accountsTable, ENV.documentsTable, ENV.requestsTable, ENV.bucket, ENV.masterSecretArn]) {
          expect(variables[name], name).toBeDefined();
        }
        // The build's source revision keys the result cache: every function of one synth carries the same one.
        expect(variables[ENV.codeRevision]).toMatch(/^[0-9a-f]{16}$/u);
        expect(variables[ENV.codeRevision]).toBe(functions[0][1].Properties.Environment.Variables[ENV.codeRevision]);
        // Engine functions also get the engine V8 flags (a larger young generation for pdf.js); the others only source maps.
        const nodeOptions = variables[ENV.handlerName] ? `--enable-source-maps ${ENGINE_NODE_FLAGS.join(' ')}` : '--enable-source-maps';
        expect(variables).toMatchObject({ POWERTOOLS_SERVICE_NAME: 'docintel', NODE_OPTIONS: nodeOptions });
      }
    });

    it('names each heavy function\'s handler for the shared engine entry, and only heavy functions get one', () => {
      for (const handler of [...handlers, JOB_WORKER_HANDLER, PAGE_RANGE_WORKER_HANDLER, BATCH_WORKER_HANDLER]) {
        // Act
        const variables = resources[functionId(handler)].Properties.Environment.Variables;
        // Assess
        expect(variables[ENV.handlerName], handler).toBe(isEngineHandler(handler) ? handler : undefined);
        expect(String(variables.NODE_OPTIONS).includes('--max-semi-space-size=64'), handler).toBe(isEngineHandler(handler));
      }
    });

    it('sizes heavy routes at 3008 MB / 29 s and the others at 512 MB / 10 s', () => {
      for (const route of ROUTES) {
        // Act
        const props = resources[functionId(route.handler)].Properties;
        // Assess
        expect([props.MemorySize, props.Timeout], route.handler).toEqual(route.heavy ? [3008, 29] : [512, 10]);
      }
    });

    it('sizes the job worker at 3008 MB / 10 min and the page-range worker at 3008 MB / 25 s', () => {
      // Assess
      expect(JOB_WORKER_TIMEOUT.toSeconds()).toBe(600);
      expect(PAGE_RANGE_WORKER_TIMEOUT.toSeconds()).toBe(25);
      const worker = resources[functionId(JOB_WORKER_HANDLER)].Properties;
      const pageRange = resources[functionId(PAGE_RANGE_WORKER_HANDLER)].Properties;
      expect([worker.MemorySize, worker.Timeout]).toEqual([3008, 600]);
      expect([pageRange.MemorySize, pageRange.Timeout]).toEqual([3008, 25]);
      // The synchronous caller (29 s) outlives a page-range invocation and can still answer.
      for (const handler of heavyHandlers) {
        expect(pageRange.Timeout, handler).toBeLessThan(resources[functionId(handler)].Properties.Timeout);
      }
    });

    it('gives inference functions and the job worker the page-range worker name, and inference functions the queue URL', () => {
      // Prepare
      const queueId = logicalId(stack.jobs.queue);
      const pageRangeId = functionId(PAGE_RANGE_WORKER_HANDLER);
      for (const handler of [...heavyHandlers, JOB_WORKER_HANDLER]) {
        // Act
        const variables = resources[functionId(handler)].Properties.Environment.Variables;
        // Assess
        expect(variables[ENV.pageRangeFunctionName], handler).toEqual({ Ref: pageRangeId });
        if (handler !== JOB_WORKER_HANDLER) expect(variables[ENV.jobQueueUrl], handler).toEqual({ Ref: queueId });
      }
      for (const handler of [...handlers.filter((h) => !heavyHandlers.includes(h)), FALLBACK_HANDLER, PAGE_RANGE_WORKER_HANDLER]) {
        const variables = resources[functionId(handler)].Properties.Environment.Variables;
        expect(variables[ENV.jobQueueUrl], handler).toBeUndefined();
        expect(variables[ENV.pageRangeFunctionName], handler).toBeUndefined();
      }
    });

    it('uses no AWS-managed policy on function roles', () => {
      for (const handler of allHandlers) {
        const role = resources[logicalId(stack.functions[handler].role)];
        expect(role.Properties.ManagedPolicyArns, handler).toBeUndefined();
      }
    });
  });

  describe('grants', () => {
    it('has an access row for every route handler, the fallback and the workers', () => {
      // Assess
      for (const handler of allHandlers) expect(OPERATION_ACCESS[handler], handler).toBeDefined();
      expect(() => accessFor('no-such-handler')).toThrow(/OPERATION_ACCESS/);
    });

    it('gives the limits function no S3 access', () => {
      // Act
      const actions = allowedActions('limits');
      // Assess
      expect(actions.filter((a) => a.startsWith('s3:'))).toEqual([]);
      expect(actions).toContain('dynamodb:UpdateItem');
    });

    it('lets parse read objects and write only under stored/ and responses/', () => {
      // Act
      const puts = statements('parse').filter((st) => [st.Action].flat().includes('s3:PutObject'));
      // Assess
      expect(allowedActions('parse')).toEqual(expect.arrayContaining(['s3:GetObject', 's3:PutObject']));
      const putResources = JSON.stringify(puts.map((st) => st.Resource));
      expect(putResources).toContain(`/${STORAGE.prefixes.stored.prefix}*`);
      expect(putResources).toContain(`/${STORAGE.prefixes.responses.prefix}*`);
      expect(putResources).not.toContain(`/${STORAGE.prefixes.uploads.prefix}*`);
    });

    it('lets the batch paths that fail items (worker, dead letters, progress) store the error body under stored/ only', () => {
      for (const handler of [BATCH_WORKER_HANDLER, BATCH_DEAD_LETTER_HANDLER, BATCH_PROGRESS_HANDLER]) {
        // Act
        const puts = statements(handler).filter((st) => [st.Action].flat().includes('s3:PutObject'));
        // Assess
        const putResources = JSON.stringify(puts.map((st) => st.Resource));
        expect(putResources, handler).toContain(`/${STORAGE.prefixes.stored.prefix}*`);
        expect(putResources, handler).not.toContain(`/${STORAGE.prefixes.uploads.prefix}*`);
      }
    });

    it('lets every route that can answer over the Lambda payload limit store and sign the offloaded body', () => {
      // Prepare: inference routes, job results, snapshots and usage exports can be large.
      const large = [...heavyHandlers, 'get-job', 'get-snapshot', 'usage'];
      for (const handler of large) {
        // Act
        const s3 = statements(handler).filter((st) => [st.Action].flat().some((a) => a.startsWith('s3:')));
        const canPut = s3.filter((st) => [st.Action].flat().includes('s3:PutObject'));
        const canGet = s3.filter((st) => [st.Action].flat().some((a) => a.startsWith('s3:GetObject')));
        // Assess
        expect(JSON.stringify(canPut.map((st) => st.Resource)), handler).toContain(`/${STORAGE.prefixes.responses.prefix}*`);
        expect(JSON.stringify(canGet.map((st) => st.Resource)), handler).toContain(`/${STORAGE.prefixes.responses.prefix}*`);
      }
    });

    it('lists no function the whole bucket: objects read under their prefixes, ListBucket only with an s3:prefix condition', () => {
      for (const handler of allHandlers) {
        // Act
        const s3 = statements(handler).filter((st) => [st.Action].flat().some((a) => a.startsWith('s3:')));
        const actions = s3.flatMap((st) => [st.Action].flat());
        // Assess
        // s3:Abort* comes with grantPut, on the put prefixes only.
        expect(actions.filter((a) => (a.includes('*') && a !== 's3:Abort*') || a.startsWith('s3:GetBucket') || (a.startsWith('s3:List') && a !== 's3:ListBucket')), handler).toEqual([]);
        for (const st of s3.filter((x) => [x.Action].flat().includes('s3:ListBucket'))) {
          const prefixes = [st.Condition?.StringLike?.['s3:prefix'] ?? []].flat();
          expect(prefixes.length, handler).toBeGreaterThan(0);
          expect(prefixes.every((p) => Object.values(STORAGE.prefixes).some((x) => p === `${x.prefix}*`)), handler).toBe(true);
        }
        for (const st of s3.filter((x) => [x.Action].flat().includes('s3:GetObject'))) {
          expect(JSON.stringify(st.Resource), handler).toMatch(/\/(uploads|stored|responses)\/\*/);
        }
      }
      // The page-range worker lists uploads/ only.
      const list = statements(PAGE_RANGE_WORKER_HANDLER).find((st) => [st.Action].flat().includes('s3:ListBucket'));
      expect([list?.Condition?.StringLike?.['s3:prefix']].flat()).toEqual([`${STORAGE.prefixes.uploads.prefix}*`]);
    });

    it('lets upload put under uploads/ without reading objects', () => {
      // Act
      const actions = allowedActions('upload');
      // Assess
      expect(actions).toContain('s3:PutObject');
      expect(actions.filter((a) => a.startsWith('s3:Get') || a.startsWith('s3:List'))).toEqual([]);
    });

    it('gives the fallback function nothing beyond logs and tracing', () => {
      // Act
      const actions = allowedActions(FALLBACK_HANDLER);
      // Assess
      expect(actions.every((a) => a.startsWith('logs:') || a.startsWith('xray:'))).toBe(true);
    });

    it('lets parse remember the content hash on the documents row (UpdateItem)', () => {
      // Prepare
      const documentsId = logicalId(stack.data.tables.documents);
      // Act
      const onDocuments = statements('parse').filter((s) => JSON.stringify(s.Resource).includes(`"${documentsId}"`));
      // Assess
      expect(onDocuments.flatMap((s) => s.Action)).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:UpdateItem']));
    });

    it('lets every inference function send to the job queue and invoke exactly the page-range worker', () => {
      // Prepare
      const queueId = logicalId(stack.jobs.queue);
      const pageRangeId = functionId(PAGE_RANGE_WORKER_HANDLER);
      for (const handler of heavyHandlers) {
        // Act
        const all = statements(handler);
        // Assess
        expect(all, handler).toEqual(
          expect.arrayContaining([
            expect.objectContaining({
              Action: expect.arrayContaining(['sqs:SendMessage']),
              Resource: { 'Fn::GetAtt': [queueId, 'Arn'] },
            }),
            expect.objectContaining({ Action: 'lambda:InvokeFunction', Resource: { 'Fn::GetAtt': [pageRangeId, 'Arn'] } }),
          ]),
        );
        // No `:*` (every version and alias) and no other function.
        const invokes = all.filter((s) => [s.Action].flat().includes('lambda:InvokeFunction'));
        expect(invokes.map((s) => s.Resource)).toEqual([{ 'Fn::GetAtt': [pageRangeId, 'Arn'] }]);
      }
    });

    it('lets the job worker consume the queue, run the pipeline and invoke the page-range worker, but not send jobs', () => {
      // Act
      const actions = allowedActions(JOB_WORKER_HANDLER);
      // Assess
      expect(actions).toEqual(
        expect.arrayContaining([
          'sqs:ReceiveMessage',
          'sqs:DeleteMessage',
          'sqs:ChangeMessageVisibility',
          'lambda:InvokeFunction',
          's3:GetObject',
          's3:PutObject',
          'dynamodb:UpdateItem',
        ]),
      );
      expect(actions).not.toContain('sqs:SendMessage');
      expect(actions.filter((a) => a.startsWith('secretsmanager:'))).toEqual([]);
      // Writes only under stored/.
      const puts = statements(JOB_WORKER_HANDLER).filter((s) => [s.Action].flat().includes('s3:PutObject'));
      expect(JSON.stringify(puts.map((s) => s.Resource))).not.toContain('uploads/');
      // Reads the organization, never writes the accounts table.
      const accountsId = logicalId(stack.data.tables.accounts);
      const onAccounts = statements(JOB_WORKER_HANDLER).filter((s) => JSON.stringify(s.Resource).includes(`"${accountsId}"`));
      expect(onAccounts.flatMap((s) => s.Action).filter((a) => /Put|Update|Delete|Write/.test(a))).toEqual([]);
    });

    it('lets the page-range worker only read uploads/ of the bucket', () => {
      // Act
      const all = statements(PAGE_RANGE_WORKER_HANDLER);
      const actions = all.flatMap((s) => s.Action);
      // Assess
      const data = actions.filter((a) => !a.startsWith('logs:') && !a.startsWith('xray:'));
      expect(data.length).toBeGreaterThan(0);
      expect(data.every((a) => a.startsWith('s3:Get') || a.startsWith('s3:List')), data.join(',')).toBe(true);
      const s3Resources = JSON.stringify(all.filter((s) => [s.Action].flat().some((a) => a.startsWith('s3:'))).map((s) => s.Resource));
      expect(s3Resources).toContain(`/${STORAGE.prefixes.uploads.prefix}*`);
      expect(s3Resources).not.toContain(STORAGE.prefixes.stored.prefix);
    });

    it('refuses a heavy route whose access row cannot enqueue jobs or fan out', async () => {
      // Prepare
      const original = OPERATION_ACCESS.parse;
      const mutable = OPERATION_ACCESS as Record<string, (typeof OPERATION_ACCESS)[string]>;
      mutable.parse = { ...original, jobQueue: undefined };
      try {
        // Act & Assess
        expect(() => createDocintelApp()).toThrow(/Heavy route handler 'parse' needs jobQueue/);
      } finally {
        mutable.parse = original;
      }
    });

    it('grants the master secret to the webhook sender only', () => {
      for (const handler of allHandlers) {
        const secretActions = allowedActions(handler).filter((a) => a.startsWith('secretsmanager:'));
        if (handler === BATCH_WEBHOOK_HANDLER) expect(secretActions).toEqual(expect.arrayContaining(['secretsmanager:GetSecretValue']));
        else expect(secretActions, handler).toEqual([]);
      }
    });
  });

  describe('API', () => {
    it('routes each method and path to its function with a scoped invoke permission', () => {
      const permissions = ofType('AWS::Lambda::Permission').map(([, p]) => p.Properties);
      for (const route of ROUTES) {
        // Act
        const method = stack.http.api.root.resourceForPath(route.path).node.findChild(route.method);
        const cfnMethod = resources[logicalId(method)];
        const fnId = functionId(route.handler);
        // Assess
        expect(cfnMethod.Properties.HttpMethod).toBe(route.method);
        expect(cfnMethod.Properties.Integration.Type).toBe('AWS_PROXY');
        expect(JSON.stringify(cfnMethod.Properties.Integration.Uri)).toContain(`"${fnId}"`);
        // Execute-api ARNs spell path parameters as `*`.
        const arnPath = route.path.replace(/\{[^}]+\}/g, '*');
        const permission = permissions.find(
          (p) => p.FunctionName['Fn::GetAtt']?.[0] === fnId && JSON.stringify(p.SourceArn).endsWith(`/${route.method}${arnPath}"]]}`),
        );
        expect(permission, `${route.method} ${route.path}`).toBeDefined();
      }
    });

    it('sends ANY on every resource, the root and /{proxy+} to the fallback function', () => {
      // Prepare
      const paths = new Set(ROUTES.flatMap((r) => r.path.split('/').filter(Boolean).map((_, i, s) => `/${s.slice(0, i + 1).join('/')}`)));
      const fallbackId = functionId(FALLBACK_HANDLER);
      // Act
      const anyMethods = ofType('AWS::ApiGateway::Method').filter(([, m]) => m.Properties.HttpMethod === 'ANY');
      // Assess
      expect(anyMethods).toHaveLength(paths.size + 2);
      for (const [, m] of anyMethods) expect(JSON.stringify(m.Properties.Integration.Uri)).toContain(`"${fallbackId}"`);
      template.hasResourceProperties('AWS::ApiGateway::Resource', { PathPart: '{proxy+}' });
      // One API-wide permission instead of one per ANY method.
      const fallbackPermissions = ofType('AWS::Lambda::Permission').filter(([, p]) => p.Properties.FunctionName['Fn::GetAtt']?.[0] === fallbackId);
      expect(fallbackPermissions).toHaveLength(1);
    });

    it('passes the binary media types of the route contract: */*, so gzip responses reach clients as binary', () => {
      expect(BINARY_MEDIA_TYPES).toEqual(['*/*']);
      template.hasResourceProperties('AWS::ApiGateway::RestApi', { BinaryMediaTypes: ['*/*'] });
    });

    it('deploys stage prod with access logs, metrics, tracing, INFO logging and throttling', () => {
      template.hasResourceProperties('AWS::ApiGateway::Stage', {
        StageName: 'prod',
        TracingEnabled: true,
        AccessLogSetting: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('"requestId":"\\$context.requestId"') },
        MethodSettings: [
          Match.objectLike({ LoggingLevel: 'INFO', MetricsEnabled: true, DataTraceEnabled: false, ThrottlingRateLimit: 2000, ThrottlingBurstLimit: 1000 }),
        ],
      });
      template.resourceCountIs('AWS::ApiGateway::Account', 1);
    });

    it.each([
      ['DEFAULT_4XX', undefined, 'gateway_error'],
      ['DEFAULT_5XX', undefined, 'internal_error'],
      ['INTEGRATION_TIMEOUT', '504', 'timeout'],
      ['MISSING_AUTHENTICATION_TOKEN', '404', 'route_not_found'],
    ])('rewrites gateway response %s to the service error body', (type, statusCode, code) => {
      // Act
      const [, response] = ofType('AWS::ApiGateway::GatewayResponse').find(([, r]) => r.Properties.ResponseType === type)!;
      const body = response.Properties.ResponseTemplates['application/json'] as string;
      // Assess
      expect(response.Properties.StatusCode).toBe(statusCode);
      expect(body).toContain(`{"status":"error","error":{"code":"${code}","message":`);
      expect(body).toContain('"request_id":"$context.requestId"');
      if (type === 'INTEGRATION_TIMEOUT') expect(body).toContain('X-Async: true');
      else if (type.startsWith('DEFAULT')) expect(body).toContain('"message":$context.error.messageString}');
    });
  });

  describe('job queue', () => {
    it('encrypts both queues (SSE-SQS) and sends failed messages to the DLQ after 3 receives', () => {
      // Act
      const queue = resources[logicalId(stack.jobs.queue)];
      const dlq = resources[logicalId(stack.jobs.deadLetterQueue)];
      // Assess
      template.resourceCountIs('AWS::SQS::Queue', 4);
      expect(queue.Properties).toMatchObject({
        SqsManagedSseEnabled: true,
        MessageRetentionPeriod: 4 * 86400,
        RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [logicalId(stack.jobs.deadLetterQueue), 'Arn'] }, maxReceiveCount: 3 },
      });
      expect(dlq.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 86400 });
    });

    it('keeps a message invisible for at least six worker timeouts', () => {
      // Act
      const queue = resources[logicalId(stack.jobs.queue)];
      const workerTimeout = resources[functionId(JOB_WORKER_HANDLER)].Properties.Timeout as number;
      // Assess
      expect(VISIBILITY_TIMEOUT_FACTOR).toBe(6);
      expect(queue.Properties.VisibilityTimeout).toBeGreaterThanOrEqual(6 * workerTimeout);
    });

    it('denies non-TLS access to both queues', () => {
      for (const queue of [stack.jobs.queue, stack.jobs.deadLetterQueue]) {
        template.hasResourceProperties('AWS::SQS::QueuePolicy', {
          Queues: [{ Ref: logicalId(queue) }],
          PolicyDocument: {
            Statement: Match.arrayWith([
              Match.objectLike({ Effect: 'Deny', Action: 'sqs:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
            ]),
          },
        });
      }
    });

    it('triggers the job worker one message at a time with partial batch failures and a concurrency cap', () => {
      // Assess
      template.resourceCountIs('AWS::Lambda::EventSourceMapping', 3);
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        EventSourceArn: { 'Fn::GetAtt': [logicalId(stack.jobs.queue), 'Arn'] },
        FunctionName: { Ref: functionId(JOB_WORKER_HANDLER) },
        BatchSize: 1,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        ScalingConfig: { MaximumConcurrency: JOB_WORKER_MAX_CONCURRENCY },
      });
    });

    it('alarms as soon as a message reaches the dead-letter queue', () => {
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/SQS',
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [logicalId(stack.jobs.deadLetterQueue), 'QueueName'] } }],
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        TreatMissingData: 'notBreaching',
      });
    });

    it('outputs both queue URLs', () => {
      template.hasOutput('JobQueueUrl', { Value: { Ref: logicalId(stack.jobs.queue) } });
      template.hasOutput('JobDeadLetterQueueUrl', { Value: { Ref: logicalId(stack.jobs.deadLetterQueue) } });
    });
  });

  describe('batch lane', () => {
    const sqsActions = (handler: string) => statements(handler).filter((st) => [st.Action].flat().some((a) => a.startsWith('sqs:')));

    it('queues items on their own encrypted queue with a dead-letter queue after the item receive limit', () => {
      const queue = resources[logicalId(stack.batchItems.queue)];
      expect(queue.Properties).toMatchObject({
        SqsManagedSseEnabled: true,
        RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [logicalId(stack.batchItems.deadLetterQueue), 'Arn'] }, maxReceiveCount: BATCH_LIMITS.maxItemReceives },
      });
      expect(queue.Properties.VisibilityTimeout).toBeGreaterThanOrEqual(6 * BATCH_WORKER_TIMEOUT_SECONDS);
      expect(resources[functionId(BATCH_WORKER_HANDLER)].Properties).toMatchObject({ Timeout: BATCH_WORKER_TIMEOUT_SECONDS, MemorySize: 3008 });
    });

    it('runs the batch worker one item at a time with partial batch failures and a low concurrency cap, and consumes the DLQ', () => {
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        EventSourceArn: { 'Fn::GetAtt': [logicalId(stack.batchItems.queue), 'Arn'] },
        FunctionName: { Ref: functionId(BATCH_WORKER_HANDLER) },
        BatchSize: 1,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        ScalingConfig: { MaximumConcurrency: BATCH_WORKER_MAX_CONCURRENCY },
      });
      expect(BATCH_WORKER_MAX_CONCURRENCY).toBeLessThan(JOB_WORKER_MAX_CONCURRENCY);
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        EventSourceArn: { 'Fn::GetAtt': [logicalId(stack.batchItems.deadLetterQueue), 'Arn'] },
        FunctionName: { Ref: functionId(BATCH_DEAD_LETTER_HANDLER) },
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
    });

    it('defines the state machine from the ASL file, which validates, with the two functions substituted', () => {
      const asl = JSON.parse(readFileSync(BATCH_STATE_MACHINE_FILE, 'utf8'));
      const validator = createRequire(import.meta.url)('asl-validator') as (d: unknown) => { isValid: boolean; errors: unknown[] };
      // The validator annotates the object it checks: validate a copy.
      expect(validator(structuredClone(asl))).toMatchObject({ isValid: true, errors: [] });
      const [[, machine]] = ofType('AWS::StepFunctions::StateMachine');
      expect(JSON.parse(machine.Properties.DefinitionString)).toEqual(asl);
      expect(machine.Properties.DefinitionSubstitutions).toEqual({
        BatchProgressFunctionArn: { 'Fn::GetAtt': [functionId(BATCH_PROGRESS_HANDLER), 'Arn'] },
        BatchWebhookFunctionArn: { 'Fn::GetAtt': [functionId(BATCH_WEBHOOK_HANDLER), 'Arn'] },
      });
      expect(machine.Properties).toMatchObject({ StateMachineType: 'STANDARD', TracingConfiguration: { Enabled: true }, LoggingConfiguration: { Level: 'ALL' } });
      expect(machine.Properties.StateMachineName).toBe(`${stack.stackName}-batches`);
    });

    it('retries webhooks on the schedule the contract documents', () => {
      const asl = JSON.parse(readFileSync(BATCH_STATE_MACHINE_FILE, 'utf8'));
      const retry = asl.States.SendWebhook.Retry.find((r: any) => r.ErrorEquals.includes(WEBHOOK_DELIVERY.retryableError));
      expect(retry).toEqual({
        ErrorEquals: [WEBHOOK_DELIVERY.retryableError],
        IntervalSeconds: WEBHOOK_DELIVERY.retry.intervalSeconds,
        BackoffRate: WEBHOOK_DELIVERY.retry.backoffRate,
        MaxAttempts: WEBHOOK_DELIVERY.retry.maxAttempts,
        MaxDelaySeconds: WEBHOOK_DELIVERY.retry.maxDelaySeconds,
      });
      expect(asl.States.SendWebhook.Catch[0].Next).toBe('RecordWebhookGaveUp');
    });

    it('lets the state machine invoke exactly the progress and webhook functions', () => {
      const roleId = logicalId(stack.batchWorkflow.stateMachine.role.node.defaultChild?.node.scope as Construct);
      const invoke = ofType('AWS::IAM::Policy')
        .filter(([, p]) => JSON.stringify(p.Properties.Roles).includes(`"${roleId}"`))
        .flatMap(([, p]) => p.Properties.PolicyDocument.Statement)
        .filter((st: any) => [st.Action].flat().includes('lambda:InvokeFunction'));
      expect(invoke).toHaveLength(1);
      expect(invoke[0].Resource).toEqual([
        { 'Fn::GetAtt': [functionId(BATCH_PROGRESS_HANDLER), 'Arn'] },
        { 'Fn::GetAtt': [functionId(BATCH_WEBHOOK_HANDLER), 'Arn'] },
      ]);
    });

    it('lets submission and the progress step queue items and start executions, and no one else', () => {
      const startersOf = (handler: string) => statements(handler).filter((st) => [st.Action].flat().includes('states:StartExecution'));
      for (const handler of allHandlers) {
        const starts = startersOf(handler);
        const sends = sqsActions(handler).filter((st) => JSON.stringify(st.Resource).includes(logicalId(stack.batchItems.queue)) && [st.Action].flat().includes('sqs:SendMessage'));
        if (handler === 'batch-submit' || handler === BATCH_PROGRESS_HANDLER) {
          expect(starts, handler).toHaveLength(1);
          expect(JSON.stringify(starts[0].Resource)).toContain(`:stateMachine:${stack.stackName}-batches`);
          expect(sends, handler).toHaveLength(1);
          expect(resources[functionId(handler)].Properties.Environment.Variables).toHaveProperty(ENV.batchQueueUrl);
          expect(resources[functionId(handler)].Properties.Environment.Variables).toHaveProperty(ENV.batchStateMachineArn);
        } else {
          expect(starts, handler).toEqual([]);
          expect(sends, handler).toEqual([]);
        }
      }
    });

    it('keeps the batch read routes read-only on the batches table', () => {
      for (const handler of ['batch-get', 'batch-list']) {
        const writes = allowedActions(handler).filter((a) => /dynamodb:(PutItem|UpdateItem|DeleteItem|BatchWriteItem)/.test(a));
        const batchesTable = logicalId(stack.data.tables.batches);
        const batchWrites = statements(handler).filter(
          (st) => JSON.stringify(st.Resource).includes(batchesTable) && [st.Action].flat().some((a) => /Put|Update|Delete|BatchWrite/.test(a)),
        );
        expect(batchWrites, handler).toEqual([]);
        void writes;
      }
    });

    it('outputs the batch queue and the state machine', () => {
      template.hasOutput('BatchQueueUrl', { Value: { Ref: logicalId(stack.batchItems.queue) } });
      template.hasOutput('BatchStateMachineArn', { Value: { Ref: logicalId(stack.batchWorkflow.stateMachine) } });
    });
  });

  describe('tables', () => {
    it.each(TABLE_LIST.map((d) => [d.id, d] as const))('creates table %s on demand with pk/sk, TTL, PITR and protection', (_, definition) => {
      // Act
      const table = resources[logicalId(stack.data.tables[definition.id])];
      // Assess
      expect(table.DeletionPolicy).toBe('Retain');
      expect(table.Properties).toMatchObject({
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [
          { AttributeName: definition.partitionKey, KeyType: 'HASH' },
          { AttributeName: definition.sortKey, KeyType: 'RANGE' },
        ],
        AttributeDefinitions: [
          { AttributeName: definition.partitionKey, AttributeType: 'S' },
          { AttributeName: definition.sortKey, AttributeType: 'S' },
        ],
        TimeToLiveSpecification: { AttributeName: definition.ttlAttribute, Enabled: true },
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        SSESpecification: { SSEEnabled: true },
        DeletionProtectionEnabled: true,
      });
      expect(table.Properties.TableName).toBeUndefined();
      template.hasOutput(`${pascalCase(definition.id)}TableName`, { Value: { Ref: logicalId(stack.data.tables[definition.id]) } });
    });

    it('creates exactly the tables of the contract', () => {
      template.resourceCountIs('AWS::DynamoDB::Table', TABLE_LIST.length);
    });
  });

  describe('document bucket', () => {
    it('expires uploads/ and responses/ after 1 day and stored/ after 30 days, and aborts stale multipart uploads', () => {
      // Prepare
      expect([STORAGE.prefixes.uploads.expireAfterDays, STORAGE.prefixes.stored.expireAfterDays]).toEqual([1, 30]);
      expect(STORAGE.prefixes.responses.expireAfterDays).toBe(1);
      // Act
      const bucket = resources[logicalId(stack.store.bucket)];
      const rules = bucket.Properties.LifecycleConfiguration.Rules as Record<string, unknown>[];
      // Assess
      expect(rules).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ Prefix: 'uploads/', ExpirationInDays: 1, Status: 'Enabled' }),
          expect.objectContaining({ Prefix: 'stored/', ExpirationInDays: 30, Status: 'Enabled' }),
          expect.objectContaining({ Prefix: 'responses/', ExpirationInDays: 1, Status: 'Enabled' }),
          expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' }),
        ]),
      );
    });

    it('is private, SSE-S3 encrypted, access-logged, retained and CORS-enabled for presigned PUT/GET', () => {
      // Act
      const bucket = resources[logicalId(stack.store.bucket)];
      // Assess
      expect(bucket.DeletionPolicy).toBe('Retain');
      expect(bucket.Properties).toMatchObject({
        BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
        PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
        LoggingConfiguration: { DestinationBucketName: { Ref: logicalId(stack.store.accessLogsBucket) } },
        CorsConfiguration: { CorsRules: [expect.objectContaining({ AllowedMethods: ['PUT', 'GET'], AllowedOrigins: ['*'] })] },
      });
    });

    it('denies requests without TLS on both buckets', () => {
      for (const bucket of [stack.store.bucket, stack.store.accessLogsBucket]) {
        template.hasResourceProperties('AWS::S3::BucketPolicy', {
          Bucket: { Ref: logicalId(bucket) },
          PolicyDocument: {
            Statement: Match.arrayWith([
              Match.objectLike({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
            ]),
          },
        });
      }
    });
  });

  describe('outputs and secret', () => {
    it('generates a 64-character hex master secret and outputs its ARN', () => {
      template.hasResourceProperties('AWS::SecretsManager::Secret', {
        GenerateSecretString: Match.objectLike({ PasswordLength: 64, ExcludePunctuation: true, ExcludeUppercase: true }),
      });
      template.hasOutput('MasterSecretArn', {});
    });

    it('outputs the API URL and bucket name', () => {
      template.hasOutput('ApiUrl', {});
      template.hasOutput('BucketName', { Value: { Ref: logicalId(stack.store.bucket) } });
    });
  });

  describe('cdk-nag', () => {
    it('reports no unacknowledged AwsSolutions finding', () => {
      // Prepare
      const { app } = createDocintelApp({ nag: true });
      // Act & Assess: a validation plugin finding makes synth throw with the report.
      expect(() => app.synth()).not.toThrow();
      expect(Stack.isStack(app.node.findChild('Docintel'))).toBe(true);
    });
  });

  describe('deployment settings', () => {
    const extractEnvironment = (stack: DocintelStack) => {
      const resources = Template.fromStack(stack).toJSON().Resources as Record<string, { Type: string; Properties: { Environment?: { Variables?: Record<string, unknown> } } }>;
      const id = stack.getLogicalId(stack.functions.extract.function.node.defaultChild as CfnElement);
      return resources[id].Properties.Environment?.Variables ?? {};
    };

    it('passes the extractor engine chosen with -c docintel:extractEngine=… to the functions', () => {
      // Prepare
      const { stack: chosen } = createDocintelApp({ context: { [EXTRACT_ENGINE_CONTEXT]: 'local' } });
      const { stack: plain } = createDocintelApp();
      // Act / Assess
      expect(extractEnvironment(chosen)[engineEnvVar('extract')]).toBe('local');
      expect(extractEnvironment(plain)[engineEnvVar('extract')]).toBeUndefined();
    });
  });
});
