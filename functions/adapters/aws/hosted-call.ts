/**
 * What every hosted-engine adapter (Bedrock, Comprehend, Textract) does around one
 * SDK call: a deadline made of the call budget and the request's own signal,
 * and the SDK's failures turned into `HostedEngineError` reasons so the
 * operation answers with its local engine instead of failing the request.
 *
 * @module
 */
import { HOSTED_CALL_LIMITS, type FallbackReason } from '../../contracts/engines.ts';
import { HostedEngineError } from '../../contracts/hosted-models.ts';

/** The signal one hosted call runs under: the call budget, and the caller's deadline when it has one. */
export function hostedCallSignal(signal?: AbortSignal, timeoutMs: number = HOSTED_CALL_LIMITS.timeoutMs): AbortSignal {
  const budget = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([budget, signal]) : budget;
}

const THROTTLED = new Set([
  'ThrottlingException',
  'Throttling',
  'TooManyRequestsException',
  'ProvisionedThroughputExceededException',
  'LimitExceededException',
  'RequestLimitExceeded',
  'ServiceQuotaExceededException',
]);
const DENIED = new Set([
  'AccessDeniedException',
  'AccessDenied',
  'UnrecognizedClientException',
  'InvalidSignatureException',
  'SignatureDoesNotMatch',
  'ExpiredTokenException',
  'InvalidClientTokenId',
  'MissingAuthenticationToken',
  'CredentialsProviderError',
]);
const TIMEOUTS = new Set(['AbortError', 'TimeoutError', 'RequestTimeout', 'RequestTimeoutException']);
/** Node's network failures: the endpoint could not be reached at all. */
const NETWORK = /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|UND_ERR_\w+)$/;

/** A service's own error names whose reason differs from the general rule (e.g. Bedrock's `ModelTimeoutException`). */
export type ServiceErrorReasons = Readonly<Record<string, FallbackReason>>;

interface SdkErrorLike {
  name?: string;
  code?: string;
  $fault?: 'client' | 'server';
  $metadata?: { httpStatusCode?: number };
}

/**
 * The fallback reason of an SDK failure, or undefined when the error is not
 * a service or transport failure (a bug of ours, which must propagate).
 */
export function fallbackReasonOf(error: unknown, signal?: AbortSignal, byName: ServiceErrorReasons = {}): FallbackReason | undefined {
  if (signal?.aborted) return 'timeout';
  if (!error || typeof error !== 'object') return undefined;
  const e = error as SdkErrorLike;
  const name = e.name ?? '';
  const status = e.$metadata?.httpStatusCode;
  if (TIMEOUTS.has(name)) return 'timeout';
  if (byName[name]) return byName[name];
  if (THROTTLED.has(name) || status === 429) return 'throttled';
  if (DENIED.has(name) || status === 401 || status === 403) return 'access_denied';
  if ((status !== undefined && status >= 500) || e.$fault === 'server') return 'unavailable';
  if (NETWORK.test(e.code ?? '') || NETWORK.test(name)) return 'unavailable';
  // Any other answer of the service (a 4xx it refused: too large, unsupported
  // document or language) is a request the service cannot serve; the local
  // engine can still read it.
  if (e.$fault === 'client' || (status !== undefined && status >= 400)) return 'unavailable';
  return undefined;
}

/**
 * Runs one SDK call under the hosted-call deadline; service and transport
 * failures become `HostedEngineError` (the message names the service and the
 * error type only: the SDK message may quote the document).
 */
export async function callHosted<T>(
  service: string,
  signal: AbortSignal | undefined,
  send: (abortSignal: AbortSignal) => Promise<T>,
  timeoutMs: number = HOSTED_CALL_LIMITS.timeoutMs,
  reasons: ServiceErrorReasons = {},
): Promise<T> {
  const deadline = hostedCallSignal(signal, timeoutMs);
  // The SDK aborts the HTTP request on the signal; the race also ends a call
  // stuck anywhere else (credential resolution, a retry's back-off wait).
  let stop: () => void = () => undefined;
  const aborted = new Promise<never>((_, reject) => {
    const onAbort = () => reject(Object.assign(new Error('The hosted call was aborted'), { name: 'AbortError' }));
    if (deadline.aborted) onAbort();
    deadline.addEventListener('abort', onAbort, { once: true });
    stop = () => deadline.removeEventListener('abort', onAbort);
  });
  try {
    return await Promise.race([send(deadline), aborted]);
  } catch (error) {
    const reason = fallbackReasonOf(error, deadline, reasons);
    if (!reason) throw error;
    const name = (error as SdkErrorLike).name ?? 'Error';
    throw new HostedEngineError(reason, `${service} failed (${name})`, { cause: error });
  } finally {
    stop();
  }
}

/** A malformed answer: the service answered, but not in the shape its API documents. */
export function invalidResponse(service: string, what: string): HostedEngineError {
  return new HostedEngineError('invalid_response', `${service} answered without ${what}`);
}
