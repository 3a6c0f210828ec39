/**
 * Builds the API Gateway REST (v1) proxy event and Lambda context from a
 * plain HTTP request, the same shape the deployed API sends: single- and
 * multi-value headers and query, path parameters, and binary bodies
 * base64-encoded for the API's binary media types.
 *
 * @module
 */
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { BINARY_MEDIA_TYPES } from '../../contracts/routes.ts';

export interface RawRequest {
  readonly method: string;
  readonly url: string;
  /** Header pairs as received (node's rawHeaders order and case). */
  readonly rawHeaders: readonly string[];
  readonly body: Buffer;
  readonly sourceIp: string;
}

export const LOCAL_STAGE = 'local';

function isBinary(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const mime = contentType.split(';')[0].trim().toLowerCase();
  return BINARY_MEDIA_TYPES.some((pattern) =>
    pattern === '*/*' ? true : pattern.endsWith('/*') ? mime.startsWith(pattern.slice(0, -1)) : mime === pattern,
  );
}

export function toApiGatewayEvent(
  request: RawRequest,
  route: { resource: string; pathParameters: Record<string, string> | null },
): APIGatewayProxyEvent {
  const url = new URL(request.url, 'http://localhost');
  const headers: Record<string, string> = {};
  const multiValueHeaders: Record<string, string[]> = {};
  for (let i = 0; i < request.rawHeaders.length; i += 2) {
    const name = request.rawHeaders[i];
    const value = request.rawHeaders[i + 1];
    headers[name] = value;
    (multiValueHeaders[name] ??= []).push(value);
  }
  const query: Record<string, string> = {};
  const multiQuery: Record<string, string[]> = {};
  for (const [name, value] of url.searchParams) {
    query[name] = value;
    (multiQuery[name] ??= []).push(value);
  }
  const contentType = Object.entries(headers).find(([n]) => n.toLowerCase() === 'content-type')?.[1];
  const binary = isBinary(contentType);
  const now = new Date();
  const requestId = randomUUID();
  return {
    resource: route.resource,
    path: url.pathname,
    httpMethod: request.method.toUpperCase(),
    headers,
    multiValueHeaders,
    queryStringParameters: Object.keys(query).length ? query : null,
    multiValueQueryStringParameters: Object.keys(multiQuery).length ? multiQuery : null,
    pathParameters: route.pathParameters && Object.keys(route.pathParameters).length ? route.pathParameters : null,
    stageVariables: null,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      authorizer: undefined,
      protocol: 'HTTP/1.1',
      httpMethod: request.method.toUpperCase(),
      identity: {
        sourceIp: request.sourceIp,
        userAgent: Object.entries(headers).find(([n]) => n.toLowerCase() === 'user-agent')?.[1] ?? null,
        accessKey: null,
        accountId: null,
        apiKey: null,
        apiKeyId: null,
        caller: null,
        clientCert: null,
        cognitoAuthenticationProvider: null,
        cognitoAuthenticationType: null,
        cognitoIdentityId: null,
        cognitoIdentityPoolId: null,
        principalOrgId: null,
        user: null,
        userArn: null,
      },
      path: `/${LOCAL_STAGE}${url.pathname}`,
      stage: LOCAL_STAGE,
      requestId,
      requestTimeEpoch: now.getTime(),
      resourceId: 'local',
      resourcePath: route.resource,
    },
    body: request.body.length ? request.body.toString(binary ? 'base64' : 'utf8') : null,
    isBase64Encoded: binary && request.body.length > 0,
  };
}

export function lambdaContext(functionName: string, timeoutMs: number): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '3008',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
