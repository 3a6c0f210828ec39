/**
 * Alarms and a dashboard for every function: server-error rate, p95
 * duration and throttles, each per function, thresholds from
 * `ALARMS` (functions/contracts/capacity.ts). No alarm actions: a
 * deployment attaches its own (SNS topic, chat) to `alarms`.
 *
 * The error rate of a route is API Gateway's 5XXError over Count for its
 * method: handlers answer failures with a 5xx response rather than by
 * throwing, so Lambda's Errors metric would miss them. Functions not behind
 * a route (workers, the fallback) use Lambda's Errors over Invocations.
 *
 * @module
 */
import { Duration, Stack } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { ALARMS, type FunctionGroup } from '../../functions/contracts/capacity.ts';
import type { RouteDefinition } from '../../functions/contracts/routes.ts';
import { pascalCase } from './naming.ts';

export interface MonitoredFunction {
  readonly handler: string;
  readonly function: lambda.Function;
  readonly group: FunctionGroup;
  readonly timeout: Duration;
  /** The route it serves, when it serves one (error rate from API Gateway). */
  readonly route?: RouteDefinition;
  /**
   * Whether a failed invocation is an error worth an alarm. The webhook
   * sender fails by design when a customer's receiver is down (the state
   * machine retries); its failures are the customer's, and are recorded on the batch.
   * @default true
   */
  readonly errorsAlarm?: boolean;
}

export interface MonitoringProps {
  readonly functions: readonly MonitoredFunction[];
  readonly api: apigw.RestApi;
  readonly stageName: string;
  /** Queues whose depth the dashboard shows, by label. */
  readonly queues: Readonly<Record<string, sqs.IQueue>>;
}

export interface FunctionAlarms {
  readonly errorRate?: cloudwatch.Alarm;
  readonly p95Duration: cloudwatch.Alarm;
  readonly throttles: cloudwatch.Alarm;
}

/** p95 duration threshold of a function, in milliseconds. */
export function p95ThresholdMs(group: FunctionGroup, timeout: Duration): number {
  return group === 'control' ? ALARMS.controlP95Ms : Math.round(timeout.toMilliseconds() * ALARMS.p95ShareOfTimeout);
}

export class Monitoring extends Construct {
  public readonly alarms: Readonly<Record<string, FunctionAlarms>>;
  public readonly dashboard: cloudwatch.Dashboard;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const period = Duration.seconds(ALARMS.periodSeconds);
    const alarms: Record<string, FunctionAlarms> = {};

    for (const f of props.functions) {
      const name = pascalCase(f.handler);
      const errorRate = f.errorsAlarm === false ? undefined : this.errorRate(f, props, period);
      alarms[f.handler] = {
        ...(errorRate
          ? {
              errorRate: errorRate.createAlarm(this, `${name}ErrorRate`, {
                alarmDescription: `docintel ${f.handler}: server errors above ${ALARMS.errorRatePercent}% of requests (at least ${ALARMS.errorRateMinRequests} in ${ALARMS.periodSeconds} s)`,
                threshold: ALARMS.errorRatePercent,
                evaluationPeriods: 1,
                comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
                treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
              }),
            }
          : {}),
        p95Duration: f.function.metricDuration({ statistic: cloudwatch.Stats.p(95), period }).createAlarm(this, `${name}P95Duration`, {
          alarmDescription: `docintel ${f.handler}: p95 duration at or above ${p95ThresholdMs(f.group, f.timeout)} ms (timeout ${f.timeout.toSeconds()} s)`,
          threshold: p95ThresholdMs(f.group, f.timeout),
          evaluationPeriods: 1,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        }),
        throttles: f.function.metricThrottles({ statistic: cloudwatch.Stats.SUM, period }).createAlarm(this, `${name}Throttles`, {
          alarmDescription: `docintel ${f.handler} (${f.group}): ${ALARMS.throttles}+ throttled invocations in ${ALARMS.periodSeconds} s — at its reserved concurrency (a flood, or too small a reservation)`,
          threshold: ALARMS.throttles,
          evaluationPeriods: 1,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        }),
      };
    }
    this.alarms = alarms;
    this.dashboard = this.buildDashboard(props, period);
  }

  /** Percent of requests that failed, 0 while fewer than `errorRateMinRequests` arrived. */
  private errorRate(f: MonitoredFunction, props: MonitoringProps, period: Duration): cloudwatch.MathExpression {
    const [errors, total] = f.route
      ? (['5XXError', 'Count'] as const).map(
          (metricName) =>
            new cloudwatch.Metric({
              namespace: 'AWS/ApiGateway',
              metricName,
              dimensionsMap: { ApiName: props.api.restApiName, Stage: props.stageName, Resource: f.route!.path, Method: f.route!.method },
              statistic: cloudwatch.Stats.SUM,
              period,
            }),
        )
      : [f.function.metricErrors({ statistic: cloudwatch.Stats.SUM, period }), f.function.metricInvocations({ statistic: cloudwatch.Stats.SUM, period })];
    return new cloudwatch.MathExpression({
      expression: `IF(total >= ${ALARMS.errorRateMinRequests}, 100 * errors / total, 0)`,
      usingMetrics: { errors, total },
      label: `${f.handler} error rate (%)`,
      period,
    });
  }

  private buildDashboard(props: MonitoringProps, period: Duration): cloudwatch.Dashboard {
    const dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: `${Stack.of(this).stackName}-operations`,
      defaultInterval: Duration.hours(3),
    });
    const api = props.api;
    dashboard.addWidgets(
      new cloudwatch.TextWidget({
        markdown: '# docintel\nRequests, errors and latency of the API; per function group: concurrency, p95 duration, throttles, errors; queue depths.',
        width: 24,
        height: 2,
      }),
      new cloudwatch.GraphWidget({ title: 'API requests', left: [api.metricCount({ period })], width: 8 }),
      new cloudwatch.GraphWidget({ title: 'API 4xx / 5xx', left: [api.metricClientError({ period }), api.metricServerError({ period })], width: 8 }),
      new cloudwatch.GraphWidget({ title: 'API latency p95 (ms)', left: [api.metricLatency({ period, statistic: cloudwatch.Stats.p(95) })], width: 8 }),
    );
    const groups = [...new Set(props.functions.map((f) => f.group))];
    for (const group of groups) {
      const members = props.functions.filter((f) => f.group === group);
      const per = (metric: (fn: lambda.Function) => cloudwatch.IMetric) => members.map((f) => metric(f.function));
      dashboard.addWidgets(
        new cloudwatch.GraphWidget({
          title: `${group}: concurrent executions`,
          left: per((fn) => fn.metric('ConcurrentExecutions', { statistic: cloudwatch.Stats.MAXIMUM, period })),
          width: 6,
        }),
        new cloudwatch.GraphWidget({ title: `${group}: p95 duration (ms)`, left: per((fn) => fn.metricDuration({ statistic: cloudwatch.Stats.p(95), period })), width: 6 }),
        new cloudwatch.GraphWidget({ title: `${group}: throttles`, left: per((fn) => fn.metricThrottles({ statistic: cloudwatch.Stats.SUM, period })), width: 6 }),
        new cloudwatch.GraphWidget({ title: `${group}: errors`, left: per((fn) => fn.metricErrors({ statistic: cloudwatch.Stats.SUM, period })), width: 6 }),
      );
    }
    dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Queue depth (visible messages)',
        left: Object.entries(props.queues).map(([label, q]) =>
          q.metricApproximateNumberOfMessagesVisible({ period, statistic: cloudwatch.Stats.MAXIMUM, label }),
        ),
        width: 24,
      }),
    );
    dashboard.addWidgets(
      new cloudwatch.AlarmStatusWidget({
        title: 'Alarms',
        alarms: Object.values(this.alarms).flatMap((a) => [a.errorRate, a.p95Duration, a.throttles].filter((x): x is cloudwatch.Alarm => Boolean(x))),
        width: 24,
      }),
    );
    return dashboard;
  }
}
