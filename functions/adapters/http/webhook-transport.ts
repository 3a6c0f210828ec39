/**
 * Webhook POSTs over node:http(s). The SSRF guard sits in the socket's DNS
 * lookup, so the address checked is the address connected to: a name that
 * resolves to a private, loopback, link-local or otherwise special-purpose
 * address (special-addresses.ts) is refused even if it resolved elsewhere
 * when the webhook_url was accepted (DNS rebinding).
 *
 * What a failed attempt records (and GET /v1/batch shows) is one of a few
 * fixed reasons, never the socket's error text: a refused private target and
 * a name that does not resolve read the same, so webhook_url cannot be used
 * to map which internal names and ports exist.
 *
 * @module
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { ApiError } from '../../contracts/errors.ts';
import type { WebhookResponse, WebhookTransport } from '../../ports/batches.ts';
import { AddressPolicy } from './special-addresses.ts';

/** Resolves a host name to every address it has (dns.lookup with `all: true` by default). */
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;

const systemResolveAll: ResolveAll = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

export interface WebhookTransportOptions {
  /** Locally: a receiver on the developer's machine (127.0.0.1, ::1) is allowed. @default false */
  readonly allowLoopback?: boolean;
  /** Name resolution (tests stub it to resolve names to adversarial addresses). @default dns.lookup */
  readonly resolveAll?: ResolveAll;
}

/** The only reasons a failed attempt records; `cause` keeps the socket error for the process, never for the caller. */
export const DELIVERY_FAILURE_REASONS = {
  /** A refused address and a name that does not resolve are one reason on purpose (no probing oracle). */
  unreachable: 'webhook target is not a reachable public address',
  refused: 'connection refused',
  reset: 'connection reset before an answer',
  tls: 'TLS handshake failed',
  timeout: 'no answer within the delivery timeout',
  failed: 'connection failed',
} as const;

export class WebhookDeliveryError extends Error {
  override readonly name = 'WebhookDeliveryError';
  constructor(reason: keyof typeof DELIVERY_FAILURE_REASONS, cause?: unknown) {
    super(DELIVERY_FAILURE_REASONS[reason], { cause });
  }
}

/** Maps a socket or DNS error to its public reason. */
function publicReason(error: unknown): keyof typeof DELIVERY_FAILURE_REASONS {
  const code = String((error as { code?: unknown })?.code ?? '');
  if (['EADDRNOTALLOWED', 'ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'ENODATA', 'ESERVFAIL', 'EHOSTUNREACH', 'ENETUNREACH'].includes(code)) return 'unreachable';
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'reset';
  if (code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT') return 'timeout';
  if (code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL') || /CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) return 'tls';
  return 'failed';
}

export class HttpWebhookTransport implements WebhookTransport {
  private readonly policy: AddressPolicy;
  private readonly resolveAll: ResolveAll;

  constructor(options: WebhookTransportOptions = {}) {
    this.policy = new AddressPolicy({ allowLoopback: options.allowLoopback ?? false });
    this.resolveAll = options.resolveAll ?? systemResolveAll;
  }

  /** Every address of the name, or undefined when it does not resolve or any address is refused (a mixed answer is not trusted). */
  private async publicAddresses(hostname: string): Promise<LookupAddress[] | undefined> {
    const addresses = await this.resolveAll(hostname).catch(() => []);
    if (addresses.length === 0 || addresses.some((a) => !this.policy.isAllowed(a.address))) return undefined;
    return addresses;
  }

  private readonly guardedLookup: LookupFunction = (hostname, options, callback) => {
    this.publicAddresses(hostname).then((allowed) => {
      if (!allowed) return callback(Object.assign(new Error('webhook target refused'), { code: 'EADDRNOTALLOWED' }), '', 0);
      const wanted = options.family === 4 || options.family === 6 ? allowed.filter((a) => a.family === options.family) : allowed;
      if (wanted.length === 0) return callback(Object.assign(new Error('webhook target refused'), { code: 'EADDRNOTALLOWED' }), '', 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, wanted);
      callback(null, wanted[0].address, wanted[0].family);
    }, (error: unknown) => callback(error as NodeJS.ErrnoException, '', 0));
  };

  async checkTarget(url: string): Promise<void> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new ApiError('invalid_request', 'webhook_url is not a valid URL.');
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new ApiError('invalid_request', 'webhook_url must be an http(s) URL.');
    if (parsed.username || parsed.password) throw new ApiError('invalid_request', 'webhook_url must not carry credentials; authenticate deliveries with the signature.');
    // The WHATWG parser has already turned 0x7f.1, 2130706433 and friends into dotted quads.
    const host = parsed.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host)) {
      if (!this.policy.isAllowed(host)) throw new ApiError('invalid_request', 'webhook_url points at a private, loopback, link-local or other special-purpose address.');
      return;
    }
    if (!(await this.publicAddresses(host))) {
      // One message for "does not resolve" and "resolves to a private address": which internal names exist stays unknown.
      throw new ApiError('invalid_request', `webhook_url host ${host} does not resolve to public internet addresses only.`);
    }
  }

  post(url: string, headers: Record<string, string>, body: Buffer, timeoutMs: number): Promise<WebhookResponse> {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<WebhookResponse>((resolve, reject) => {
      const fail = (error: unknown) => reject(error instanceof WebhookDeliveryError ? error : new WebhookDeliveryError(publicReason(error), error));
      const host = target.hostname.replace(/^\[|\]$/g, '');
      // An IP literal never goes through `lookup`, so it is checked here.
      if (isIP(host) && !this.policy.isAllowed(host)) {
        fail(Object.assign(new Error('webhook target refused'), { code: 'EADDRNOTALLOWED' }));
        return;
      }
      const req = send(
        target,
        {
          method: 'POST',
          headers: { ...headers, 'Content-Length': String(body.length), 'User-Agent': 'docintel-webhooks/1' },
          lookup: this.guardedLookup,
          timeout: timeoutMs,
        },
        (res) => {
          // Only the status matters; drain so the socket is released.
          res.resume();
          res.on('end', () => resolve({ statusCode: res.statusCode ?? 0 }));
          res.on('error', fail);
        },
      );
      // A redirect is not followed (it could point inside the network): a 3xx is a failed attempt.
      const timedOut = () => req.destroy(Object.assign(new Error(`no answer within ${timeoutMs} ms`), { code: 'ETIMEDOUT' }));
      const deadline = setTimeout(timedOut, timeoutMs);
      req.on('close', () => clearTimeout(deadline));
      req.on('timeout', timedOut);
      req.on('error', fail);
      req.end(body);
    });
  }
}
