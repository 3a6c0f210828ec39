/**
 * The REST API, built from the route table: one method per route, and an
 * `ANY` method on every resource (plus `/{proxy+}`) sending everything else
 * to the fallback function, which answers 404/405 in the service's own error
 * shape. Gateway-generated errors are rewritten to the same shape.
 *
 * @module
 */
import { Stack, Validations } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { ErrorCode } from '../../functions/contracts/errors.ts';
import {
  BINARY_MEDIA_TYPES,
  FALLBACK_HANDLER,
  ROUTES,
  type RouteDefinition,
} from '../../functions/contracts/routes.ts';

export interface HttpApiProps {
  /** The Lambda function of each handler: every route's `handler` and `FALLBACK_HANDLER`. */
  readonly functions: Readonly<Record<string, lambda.IFunction>>;
  /**
   * Routes to expose.
   * @default ROUTES
   */
  readonly routes?: readonly RouteDefinition[];
  /**
   * Name of the single stage.
   * @default 'prod'
   */
  readonly stageName?: string;
  /**
   * Stage-wide throttling, a safety net under the per-key rate limit enforced in Lambda.
   * @default { rateLimit: 2000, burstLimit: 1000 }
   */
  readonly throttling?: { readonly rateLimit: number; readonly burstLimit: number };
  /**
   * Retention of the access log group.
   * @default logs.RetentionDays.THREE_MONTHS
   */
  readonly accessLogRetention?: logs.RetentionDays;
}

/** The service error body (contracts/errors.ts) as an API Gateway response template. */
export function errorBodyTemplate(code: string, messageExpression: string): string {
  return `{"status":"error","error":{"code":"${code}","message":${messageExpression}},"request_id":"$context.requestId"}`;
}

/** Gateway responses: what API Gateway itself answers, in the service's error shape. */
const GATEWAY_RESPONSES: readonly {
  readonly id: string;
  readonly type: apigw.ResponseType;
  readonly statusCode?: string;
  readonly code: ErrorCode | 'gateway_error' | 'timeout';
  readonly message: string;
  readonly headers?: Readonly<Record<string, string>>;
}[] = [
  { id: 'Default4xx', type: apigw.ResponseType.DEFAULT_4XX, code: 'gateway_error', message: '$context.error.messageString' },
  { id: 'Default5xx', type: apigw.ResponseType.DEFAULT_5XX, code: 'internal_error', message: '$context.error.messageString' },
  {
    id: 'IntegrationTimeout',
    type: apigw.ResponseType.INTEGRATION_TIMEOUT,
    statusCode: '504',
    code: 'timeout',
    message: '"The operation did not finish within the 29-second synchronous limit. Retry with header X-Async: true to run it as a job."',
  },
  // A path below an explicit resource that matches nothing (e.g. /v1/nope) never
  // reaches /{proxy+}: API Gateway answers "Missing Authentication Token" (403).
  {
    id: 'RouteNotFound',
    type: apigw.ResponseType.MISSING_AUTHENTICATION_TOKEN,
    statusCode: '404',
    code: 'route_not_found',
    message: '"No route for $context.httpMethod on this path."',
  },
  // Lambda refusing the invocation (the function is at its reserved concurrency) reaches API
  // Gateway as an integration failure; without this the caller sees a bare 500/504.
  {
    id: 'IntegrationFailure',
    type: apigw.ResponseType.INTEGRATION_FAILURE,
    statusCode: '503',
    code: 'service_unavailable',
    message: '"This operation is at capacity right now. Retry after a few seconds with backoff, or send X-Async: true to queue it as a job."',
    headers: { 'Retry-After': "'5'" },
  },
  { id: 'Throttled', type: apigw.ResponseType.THROTTLED, code: 'rate_limited', message: '$context.error.messageString' },
  { id: 'RequestTooLarge', type: apigw.ResponseType.REQUEST_TOO_LARGE, code: 'file_too_large', message: '$context.error.messageString' },
];

/** `/v1/documents/upload` → `['/v1', '/v1/documents', '/v1/documents/upload']`. */
function pathAndAncestors(path: string): string[] {
  const segments = path.split('/').filter(Boolean);
  return segments.map((_, i) => `/${segments.slice(0, i + 1).join('/')}`);
}

export class HttpApi extends Construct {
  public readonly api: apigw.RestApi;
  public readonly accessLogGroup: logs.LogGroup;
  /** Base URL of the stage, ending in `/`. */
  public readonly url: string;

  constructor(scope: Construct, id: string, props: HttpApiProps) {
    super(scope, id);
    const routes = props.routes ?? ROUTES;
    const missing = [...new Set([...routes.map((r) => r.handler), FALLBACK_HANDLER])].filter((h) => !props.functions[h]);
    if (missing.length > 0) throw new Error(`HttpApi: no function for handler(s) ${missing.join(', ')}`);
    const throttling = props.throttling ?? { rateLimit: 2000, burstLimit: 1000 };

    this.accessLogGroup = new logs.LogGroup(this, 'AccessLogs', {
      retention: props.accessLogRetention ?? logs.RetentionDays.THREE_MONTHS,
    });

    this.api = new apigw.RestApi(this, 'Api', {
      restApiName: `${Stack.of(this).stackName}-api`,
      description: 'docintel document-intelligence API',
      endpointTypes: [apigw.EndpointType.REGIONAL],
      binaryMediaTypes: [...BINARY_MEDIA_TYPES],
      cloudWatchRole: true,
      deployOptions: {
        stageName: props.stageName ?? 'prod',
        accessLogDestination: new apigw.LogGroupLogDestination(this.accessLogGroup),
        accessLogFormat: apigw.AccessLogFormat.custom(
          JSON.stringify({
            requestId: apigw.AccessLogField.contextRequestId(),
            requestTime: apigw.AccessLogField.contextRequestTime(),
            ip: apigw.AccessLogField.contextIdentitySourceIp(),
            method: apigw.AccessLogField.contextHttpMethod(),
            resourcePath: apigw.AccessLogField.contextResourcePath(),
            path: apigw.AccessLogField.contextPath(),
            status: apigw.AccessLogField.contextStatus(),
            responseLength: apigw.AccessLogField.contextResponseLength(),
            latencyMs: apigw.AccessLogField.contextResponseLatency(),
            integrationLatencyMs: apigw.AccessLogField.contextIntegrationLatency(),
            integrationStatus: apigw.AccessLogField.contextIntegrationStatus(),
            error: apigw.AccessLogField.contextErrorMessage(),
            errorType: apigw.AccessLogField.contextErrorResponseType(),
            xrayTraceId: apigw.AccessLogField.contextXrayTraceId(),
          }),
        ),
        metricsEnabled: true,
        tracingEnabled: true,
        loggingLevel: apigw.MethodLoggingLevel.INFO,
        // Full request/response logging would write X-API-Key headers and documents to CloudWatch.
        dataTraceEnabled: false,
        throttlingRateLimit: throttling.rateLimit,
        throttlingBurstLimit: throttling.burstLimit,
      },
    });
    this.url = this.api.url;
    // RestApi adds an `Endpoint` output; the stack publishes the URL as ApiUrl instead.
    this.api.node.tryRemoveChild('Endpoint');

    for (const route of routes) {
      this.api.root
        .resourceForPath(route.path)
        .addMethod(route.method, new apigw.LambdaIntegration(props.functions[route.handler], { allowTestInvoke: false }));
    }

    // One integration, one API-scoped invoke permission, however many resources.
    const fallback = new apigw.LambdaIntegration(props.functions[FALLBACK_HANDLER], { scopePermissionToMethod: false });
    const resourcePaths = new Set(routes.flatMap((r) => pathAndAncestors(r.path)));
    this.api.root.addMethod('ANY', fallback);
    for (const path of resourcePaths) this.api.root.resourceForPath(path).addMethod('ANY', fallback);
    this.api.root.addResource('{proxy+}').addMethod('ANY', fallback);

    for (const response of GATEWAY_RESPONSES) {
      this.api.addGatewayResponse(response.id, {
        type: response.type,
        ...(response.statusCode ? { statusCode: response.statusCode } : {}),
        ...(response.headers ? { responseHeaders: response.headers } : {}),
        templates: { 'application/json': errorBodyTemplate(response.code, response.message) },
      });
    }

    this.acknowledgeFindings();
  }

  private acknowledgeFindings(): void {
    Validations.of(this.api).acknowledge(
      {
        id: 'AwsSolutions-APIG2',
        reason: 'Bodies are multipart forms and JSON validated by the zod schemas in each handler (functions/contracts/schemas), which answer with the service error shape; a second, weaker validator in API Gateway would answer differently.',
      },
      {
        id: 'AwsSolutions-APIG3',
        reason: 'No WAF yet: callers are authenticated by API key with a per-key rate limit in Lambda, and stage throttling caps total load. Revisit if abuse from unauthenticated traffic shows up.',
      },
      {
        id: 'AwsSolutions-APIG4',
        reason: "Authentication is the service's own X-API-Key, checked in Lambda against SHA-256 hashes in the accounts table (SPEC Authentication); API Gateway authorizers and usage-plan keys do not fit that model.",
      },
      {
        id: 'AwsSolutions-COG4',
        reason: 'Callers are organizations using API keys (X-API-Key), not Cognito users; keys are verified in Lambda.',
      },
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
        reason: 'The account-level API Gateway CloudWatch role needs this AWS-managed policy; it is what API Gateway documents for execution and access logging.',
      },
    );
  }
}
