import type { CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { Construct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_CONCURRENCY, ALARMS, QUEUE_CONSUMER_CONCURRENCY, RESERVED_CONCURRENCY } from '../../../functions/contracts/capacity.ts';
import { KEY_BUILDER_FAMILY, KEY_FAMILIES, type KeyFamilyId } from '../../../functions/contracts/key-families.ts';
import {
  BATCH_DEAD_LETTER_HANDLER,
  BATCH_PROGRESS_HANDLER,
  BATCH_WEBHOOK_HANDLER,
  BATCH_WORKER_HANDLER,
  FALLBACK_HANDLER,
  JOB_WORKER_HANDLER,
  PAGE_RANGE_WORKER_HANDLER,
  ROUTES,
} from '../../../functions/contracts/routes.ts';
import { keys, type TableId } from '../../../functions/contracts/tables.ts';
import { ACCOUNT_CONCURRENCY_CONTEXT, RESERVED_CONCURRENCY_CONTEXT, type DocintelStack } from '../../../lib/stacks/docintel-stack.ts';
import { createDocintelApp } from '../../helpers/cdk-app.ts';

type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Condition?: Record<string, Record<string, string | string[]>> };
type CfnResource = { Type: string; Properties: Record<string, any> };

/** IAM StringLike: `*` any run of characters, `?` one character. */
const stringLike = (pattern: string, value: string) =>
  new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`, 's').test(value);

const heavyRoutes = [...new Set(ROUTES.filter((r) => r.heavy).map((r) => r.handler))];
/** Functions that open caller-supplied files. */
const PARSERS = [...heavyRoutes, JOB_WORKER_HANDLER, BATCH_WORKER_HANDLER, PAGE_RANGE_WORKER_HANDLER];

describe('key families (the partition-key patterns IAM scopes access by)', () => {
  const sample: Record<keyof typeof keys, unknown> = {
    organization: keys.organization('acme'),
    apiKey: keys.apiKey('ab'.repeat(32)),
    apiKeyById: keys.apiKeyById('key_1'),
    sandboxDay: keys.sandboxDay('acme', '2026-11-25'),
    rateWindow: keys.rateWindow('key_1'),
    concurrencyLeases: keys.concurrencyLeases('acme', 'parse', 'test'),
    document: keys.document('acme', crypto.randomUUID()),
    request: keys.request('acme', crypto.randomUUID()),
    cacheEntry: keys.cacheEntry('acme', 'f'.repeat(64)),
    usageMonth: keys.usageMonth('acme', '2026-11'),
    usageRow: keys.usageRow('acme', '2026-11-25T10:00:00.000Z', crypto.randomUUID()),
    job: keys.job('acme', crypto.randomUUID()),
    batch: keys.batch('acme', crypto.randomUUID()),
    batchPartition: keys.batchPartition('acme', crypto.randomUUID()),
    batchItem: keys.batchItem('acme', crypto.randomUUID(), 3),
    batchIndexPartition: keys.batchIndexPartition('acme'),
    batchIndexEntry: keys.batchIndexEntry('acme', '2026-11-25T10:00:00.000Z', crypto.randomUUID()),
    idempotencyKey: keys.idempotencyKey('acme', 'c'.repeat(64)),
  };

  it.each(Object.keys(keys) as (keyof typeof keys)[])('%s keys match their family and no other family of the table', (builder) => {
    const value = sample[builder];
    const pk = typeof value === 'string' ? value : (value as { pk: string }).pk;
    const family = KEY_FAMILIES[KEY_BUILDER_FAMILY[builder]];
    expect(stringLike(family.partition, pk), `${pk} ~ ${family.partition}`).toBe(true);
    const others = (Object.entries(KEY_FAMILIES) as [KeyFamilyId, (typeof KEY_FAMILIES)[KeyFamilyId]][]).filter(
      ([id, f]) => f.table === family.table && id !== KEY_BUILDER_FAMILY[builder],
    );
    for (const [id, other] of others) expect(stringLike(other.partition, pk), `${pk} must not match ${id}`).toBe(false);
  });
});

describe('Containment on AWS (least privilege, reserved concurrency, alarms)', () => {
  let stack: DocintelStack;
  let resources: Record<string, CfnResource>;
  const logicalId = (construct: Construct): string => stack.resolve((construct.node.defaultChild as CfnElement).logicalId) as string;
  const functionId = (handler: string) => logicalId(stack.functions[handler].function);
  const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
  const statements = (handler: string): Statement[] => {
    const roleId = logicalId(stack.functions[handler].role);
    return ofType('AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Properties.Roles).includes(`"${roleId}"`))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
  };
  const tableId = (table: TableId) => logicalId(stack.data.tables[table]);
  const onTable = (s: Statement, table: TableId) => JSON.stringify(s.Resource).includes(`"${tableId(table)}"`);

  /**
   * A small IAM evaluator over the synthesized role policy: may `handler`
   * call `action` on `table` naming partition keys `pks` (none for Scan)?
   * Allow statements only (the roles have no Deny); conditions as IAM
   * evaluates them: ForAllValues:StringLike over every key, Null.
   */
  const allowed = (handler: string, action: string, table: TableId, pks: string[]): boolean =>
    statements(handler).some((s) => {
      if (s.Effect !== 'Allow' || !onTable(s, table)) return false;
      if (![s.Action].flat().some((a) => stringLike(a, action))) return false;
      for (const [operator, entries] of Object.entries(s.Condition ?? {})) {
        for (const [key, values] of Object.entries(entries)) {
          expect(key).toBe('dynamodb:LeadingKeys');
          const patterns = [values].flat();
          if (operator === 'ForAllValues:StringLike') {
            if (!pks.every((pk) => patterns.some((p) => stringLike(p, pk)))) return false;
          } else if (operator === 'Null') {
            if ((patterns[0] === 'false') !== pks.length > 0) return false;
          } else throw new Error(`unexpected condition operator ${operator}`);
        }
      }
      return true;
    });

  beforeAll(() => {
    ({ stack } = createDocintelApp());
    resources = Template.fromStack(stack).toJSON().Resources;
  }, 120_000);

  describe('a parser (a function that opens hostile files) cannot write accounts or keys', () => {
    const attacks: [string, string, TableId, string[]][] = [
      ['mint an API key', 'dynamodb:PutItem', 'accounts', ['KEY#' + 'ab'.repeat(32)]],
      ['un-revoke a key', 'dynamodb:UpdateItem', 'accounts', ['KEY#' + 'ab'.repeat(32)]],
      ['raise an organization to enterprise', 'dynamodb:UpdateItem', 'accounts', ['ORG#acme']],
      ['create an organization', 'dynamodb:PutItem', 'accounts', ['ORG#evil']],
      ['delete a rate window', 'dynamodb:DeleteItem', 'accounts', ['RATE#key_1']],
      ['dump every key hash', 'dynamodb:Scan', 'accounts', []],
      ['batch-write anything', 'dynamodb:BatchWriteItem', 'accounts', ['RATE#key_1']],
      ['zero a usage row', 'dynamodb:UpdateItem', 'requests', ['ORG#acme#USAGE#2026-11']],
      ['delete a usage row', 'dynamodb:DeleteItem', 'requests', ['ORG#acme#USAGE#2026-11']],
      ['batch-write usage rows (no condition possible)', 'dynamodb:BatchWriteItem', 'requests', ['ORG#acme#USAGE#2026-11']],
      ['find usage rows to overwrite', 'dynamodb:Query', 'requests', ['ORG#acme#USAGE#2026-11']],
      ['read a usage row', 'dynamodb:GetItem', 'requests', ['ORG#acme#USAGE#2026-11']],
      ['scan stored requests of every organization', 'dynamodb:Scan', 'requests', []],
      ['PartiQL around the key scope', 'dynamodb:PartiQLUpdate', 'accounts', []],
      ['write a batch row', 'dynamodb:UpdateItem', 'batches', ['ORG#acme#BATCHES']],
      ['mix an allowed key with a forbidden one', 'dynamodb:BatchGetItem', 'accounts', ['ORG#acme', 'RATE#key_1']],
    ];
    for (const handler of PARSERS) {
      it.each(attacks)(`${handler}: cannot %s`, (_why, action, table, pks) => {
        expect(allowed(handler, action, table, pks)).toBe(false);
      });
    }

    it.each(heavyRoutes)('%s: can still authenticate, count the rate window, store its request and cache, and append usage', (handler) => {
      expect(allowed(handler, 'dynamodb:GetItem', 'accounts', ['KEY#' + 'ab'.repeat(32)])).toBe(true);
      expect(allowed(handler, 'dynamodb:GetItem', 'accounts', ['ORG#acme'])).toBe(true);
      expect(allowed(handler, 'dynamodb:UpdateItem', 'accounts', ['RATE#key_1'])).toBe(true);
      expect(allowed(handler, 'dynamodb:PutItem', 'accounts', ['RATE#key_1'])).toBe(true);
      expect(allowed(handler, 'dynamodb:PutItem', 'requests', ['ORG#acme#REQ#r1'])).toBe(true);
      expect(allowed(handler, 'dynamodb:GetItem', 'requests', ['ORG#acme#CACHE#d'])).toBe(true);
      expect(allowed(handler, 'dynamodb:PutItem', 'requests', ['ORG#acme#CACHE#d'])).toBe(true);
      expect(allowed(handler, 'dynamodb:PutItem', 'requests', ['ORG#acme#USAGE#2026-11'])).toBe(true);
      expect(allowed(handler, 'dynamodb:GetItem', 'documents', ['ORG#acme#DOC#d'])).toBe(true);
      expect(allowed(handler, 'dynamodb:UpdateItem', 'documents', ['ORG#acme#DOC#d'])).toBe(true);
      expect(allowed(handler, 'dynamodb:PutItem', 'jobs', ['ORG#acme#JOB#j'])).toBe(true);
    });

    it('the workers keep what they run: the job row for the job worker, the batch partition for the batch worker', () => {
      expect(allowed(JOB_WORKER_HANDLER, 'dynamodb:UpdateItem', 'jobs', ['ORG#acme#JOB#j'])).toBe(true);
      expect(allowed(JOB_WORKER_HANDLER, 'dynamodb:GetItem', 'requests', ['ORG#acme#REQ#r'])).toBe(true);
      expect(allowed(JOB_WORKER_HANDLER, 'dynamodb:UpdateItem', 'accounts', ['RATE#key_1'])).toBe(false);
      expect(allowed(BATCH_WORKER_HANDLER, 'dynamodb:UpdateItem', 'batches', ['ORG#acme#BATCH#b'])).toBe(true);
      expect(allowed(BATCH_WORKER_HANDLER, 'dynamodb:GetItem', 'accounts', ['ORG#acme'])).toBe(true);
      expect(allowed(BATCH_WORKER_HANDLER, 'dynamodb:PutItem', 'batches', ['ORG#acme#IDEMPOTENCY#k'])).toBe(false);
    });

    it('scopes every DynamoDB statement of a parser by partition key, and the ledger to PutItem alone', () => {
      for (const handler of PARSERS) {
        const dynamo = statements(handler).filter((s) => [s.Action].flat().some((a) => a.startsWith('dynamodb:')));
        for (const s of dynamo) {
          expect(s.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'], `${handler} ${JSON.stringify(s.Action)}`).toBeDefined();
          expect(s.Condition?.Null, handler).toEqual({ 'dynamodb:LeadingKeys': 'false' });
          expect(JSON.stringify(s.Resource), handler).not.toContain('/index/');
        }
        const ledger = dynamo.filter((s) => [s.Condition!['ForAllValues:StringLike']['dynamodb:LeadingKeys']].flat().includes(KEY_FAMILIES.usage.partition));
        if (handler === PAGE_RANGE_WORKER_HANDLER) expect(dynamo).toEqual([]);
        else expect(ledger.map((s) => s.Action), handler).toEqual(['dynamodb:PutItem']);
      }
    });

    it('no Lambda function writes organizations or API keys (only the operator CLI does)', () => {
      for (const handler of Object.keys(stack.functions)) {
        for (const action of ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem']) {
          expect(allowed(handler, action, 'accounts', ['KEY#h']), `${handler} ${action} KEY#`).toBe(false);
          expect(allowed(handler, action, 'accounts', ['ORG#acme']), `${handler} ${action} ORG#`).toBe(false);
        }
      }
    });

    it('leaves whole-table access to the functions that never open documents', () => {
      expect(allowed('batch-submit', 'dynamodb:PutItem', 'batches', ['ORG#acme#IDEMPOTENCY#k'])).toBe(true);
      expect(allowed('usage', 'dynamodb:Query', 'requests', ['ORG#acme#USAGE#2026-11'])).toBe(true);
    });
  });

  describe('reserved concurrency per function group', () => {
    const reservedOf = (handler: string) => resources[functionId(handler)].Properties.ReservedConcurrentExecutions;

    it('reserves the contract figure for each group', () => {
      for (const handler of heavyRoutes) expect(reservedOf(handler), handler).toBe(RESERVED_CONCURRENCY.inference);
      expect(reservedOf(PAGE_RANGE_WORKER_HANDLER)).toBe(RESERVED_CONCURRENCY.pageRange);
      for (const handler of [BATCH_WEBHOOK_HANDLER, BATCH_PROGRESS_HANDLER]) expect(reservedOf(handler), handler).toBe(RESERVED_CONCURRENCY.delivery);
      const control = [...new Set(ROUTES.filter((r) => !r.heavy).map((r) => r.handler)), FALLBACK_HANDLER];
      for (const handler of control) expect(reservedOf(handler), handler).toBe(RESERVED_CONCURRENCY.control);
      expect(reservedOf(JOB_WORKER_HANDLER)).toBe(QUEUE_CONSUMER_CONCURRENCY.jobWorker);
      expect(reservedOf(BATCH_WORKER_HANDLER)).toBe(QUEUE_CONSUMER_CONCURRENCY.batchWorker);
      expect(reservedOf(BATCH_DEAD_LETTER_HANDLER)).toBe(QUEUE_CONSUMER_CONCURRENCY.batchDeadLetters);
    });

    it('reserves for every function, and a queue consumer exactly its event source cap', () => {
      for (const handler of Object.keys(stack.functions)) expect(reservedOf(handler), handler).toBeGreaterThan(0);
      for (const [, mapping] of ofType('AWS::Lambda::EventSourceMapping')) {
        const fnId = mapping.Properties.FunctionName.Ref as string;
        expect(resources[fnId].Properties.ReservedConcurrentExecutions, fnId).toBe(mapping.Properties.ScalingConfig.MaximumConcurrency);
      }
    });

    it("leaves at least 100 of a fresh account's 1,000 unreserved, and the figures agree with the stack's record", () => {
      const total = Object.keys(stack.functions).reduce((sum, h) => sum + reservedOf(h), 0);
      expect(total).toBeLessThanOrEqual(ACCOUNT_CONCURRENCY.defaultLimit - ACCOUNT_CONCURRENCY.minimumUnreserved);
      expect(Object.values(stack.reservedConcurrency).reduce((a, b) => a + b, 0)).toBe(total);
    });

    it('refuses at synth an account limit that cannot hold the reservations, naming both context keys', () => {
      expect(() => createDocintelApp({ context: { [ACCOUNT_CONCURRENCY_CONTEXT]: 500 } })).toThrow(
        new RegExp(`${ACCOUNT_CONCURRENCY_CONTEXT}.*${RESERVED_CONCURRENCY_CONTEXT}=false`),
      );
      expect(() => createDocintelApp({ context: { [RESERVED_CONCURRENCY_CONTEXT]: 'maybe' } })).toThrow(/true or false/);
    }, 120_000);

    it('answers a throttled invocation with 503 service_unavailable and Retry-After, in the service error shape', () => {
      const [, response] = ofType('AWS::ApiGateway::GatewayResponse').find(([, r]) => r.Properties.ResponseType === 'INTEGRATION_FAILURE')!;
      expect(response.Properties.StatusCode).toBe('503');
      expect(response.Properties.ResponseParameters).toEqual({ 'gatewayresponse.header.Retry-After': "'5'" });
      expect(response.Properties.ResponseTemplates['application/json']).toContain('"code":"service_unavailable"');
    });
  });

  describe('alarms and dashboard', () => {
    const alarms = () => ofType('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
    const throttleAlarm = (handler: string) =>
      alarms().find((a) => a.MetricName === 'Throttles' && JSON.stringify(a.Dimensions).includes(`"${functionId(handler)}"`));
    const durationAlarm = (handler: string) =>
      alarms().find((a) => a.MetricName === 'Duration' && JSON.stringify(a.Dimensions).includes(`"${functionId(handler)}"`));
    const errorAlarm = (handler: string) =>
      alarms().find((a) => a.Metrics && JSON.stringify(a.Metrics).includes(`"${functionId(handler)}"`)) ??
      alarms().find((a) => a.Metrics && stack.monitoring.alarms[handler]?.errorRate && JSON.stringify(a.AlarmDescription).includes(`docintel ${handler}:`));

    it('alarms on throttles and p95 duration for every function', () => {
      for (const handler of Object.keys(stack.functions)) {
        expect(throttleAlarm(handler), handler).toMatchObject({ Threshold: ALARMS.throttles, Statistic: 'Sum', Period: ALARMS.periodSeconds });
        const timeoutMs = stack.functions[handler].timeout.toMilliseconds();
        const control = !ROUTES.find((r) => r.handler === handler)?.heavy && ROUTES.some((r) => r.handler === handler) || handler === FALLBACK_HANDLER;
        expect(durationAlarm(handler), handler).toMatchObject({
          ExtendedStatistic: 'p95',
          Threshold: control ? ALARMS.controlP95Ms : Math.round(timeoutMs * ALARMS.p95ShareOfTimeout),
        });
      }
    });

    it("alarms on each route's API 5xx rate (its own method), and on the workers' error rate", () => {
      const apiName = stack.http.api.restApiName;
      for (const route of ROUTES) {
        const alarm = alarms().find((a) => String(a.AlarmDescription).startsWith(`docintel ${route.handler}: server errors`));
        expect(alarm, route.handler).toBeDefined();
        const metrics = JSON.stringify(alarm!.Metrics);
        expect(metrics).toContain('"MetricName":"5XXError"');
        expect(metrics).toContain(`{"Name":"Resource","Value":"${route.path}"}`);
        expect(metrics).toContain(`{"Name":"Method","Value":"${route.method}"}`);
        expect(metrics).toContain(`"Value":"${apiName}"`);
        expect(metrics).toContain(`IF(total >= ${ALARMS.errorRateMinRequests}, 100 * errors / total, 0)`);
        expect(alarm!.Threshold).toBe(ALARMS.errorRatePercent);
      }
      for (const handler of [JOB_WORKER_HANDLER, BATCH_WORKER_HANDLER, BATCH_PROGRESS_HANDLER, PAGE_RANGE_WORKER_HANDLER, FALLBACK_HANDLER]) {
        const metrics = JSON.stringify(errorAlarm(handler)?.Metrics);
        expect(metrics, handler).toContain('"MetricName":"Errors"');
        expect(metrics, handler).toContain('"MetricName":"Invocations"');
      }
      // A customer's receiver being down is not our error (retried, and recorded on the batch).
      expect(stack.monitoring.alarms[BATCH_WEBHOOK_HANDLER].errorRate).toBeUndefined();
    });

    it('draws one dashboard covering every function, the API and the queues', () => {
      const dashboards = ofType('AWS::CloudWatch::Dashboard');
      expect(dashboards).toHaveLength(1);
      const body = JSON.stringify(dashboards[0][1].Properties.DashboardBody);
      for (const handler of Object.keys(stack.functions)) expect(body, handler).toContain(`"${functionId(handler)}"`);
      for (const queue of [stack.jobs.queue, stack.batchItems.queue, stack.jobs.deadLetterQueue, stack.batchItems.deadLetterQueue]) {
        expect(body).toContain(`"${logicalId(queue)}"`);
      }
      expect(body).toContain('5XXError');
      expect(body).toContain('p95');
    });
  });
});

describe('reservations off (-c docintel:reservedConcurrency=false)', () => {
  it('deploys without any reservation; the queue consumers stay capped by their event sources', () => {
    const { stack } = createDocintelApp({ context: { [RESERVED_CONCURRENCY_CONTEXT]: 'false' } });
    const template = Template.fromStack(stack).toJSON() as { Resources: Record<string, CfnResource> };
    const fns = Object.values(template.Resources).filter((r) => r.Type === 'AWS::Lambda::Function');
    expect(fns.length).toBeGreaterThan(10);
    for (const fn of fns) expect(fn.Properties.ReservedConcurrentExecutions).toBeUndefined();
    const caps = Object.values(template.Resources)
      .filter((r) => r.Type === 'AWS::Lambda::EventSourceMapping')
      .map((r) => r.Properties.ScalingConfig?.MaximumConcurrency);
    expect(caps.every((c) => typeof c === 'number' && c >= 2)).toBe(true);
    expect(stack.reservedConcurrency).toEqual({});
  }, 120_000);
});
