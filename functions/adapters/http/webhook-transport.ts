/**
 * Webhook POSTs over node:http(s). The SSRF guard sits in the socket's DNS
 * lookup, so the address checked is the address connected to: a name that
 * resolves to a private, loopback or link-local address is refused even if
 * it resolved elsewhere when the webhook_url was accepted (DNS rebinding).
 *
 * @module
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { ApiError } from '../../contracts/errors.ts';
import type { WebhookResponse, WebhookTransport } from '../../ports/batches.ts';

/** Ranges a webhook may never reach on AWS: the VPC, the instance metadata service, loopback, and friends. */
function privateRanges(allowLoopback: boolean): BlockList {
  const list = new BlockList();
  const v4: [string, number][] = [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ];
  if (!allowLoopback) v4.push(['127.0.0.0', 8]);
  for (const [net, prefix] of v4) list.addSubnet(net, prefix, 'ipv4');
  const v6: [string, number][] = [
    ['::', 128],
    ['fc00::', 7],
    ['fe80::', 10],
    ['ff00::', 8],
    ['64:ff9b::', 96],
  ];
  if (!allowLoopback) v6.push(['::1', 128]);
  for (const [net, prefix] of v6) list.addSubnet(net, prefix, 'ipv6');
  return list;
}

export interface WebhookTransportOptions {
  /** Locally: a receiver on the developer's machine (127.0.0.1, ::1) is allowed. @default false */
  readonly allowLoopback?: boolean;
}

export class HttpWebhookTransport implements WebhookTransport {
  private readonly blocked: BlockList;

  constructor(private readonly options: WebhookTransportOptions = {}) {
    this.blocked = privateRanges(options.allowLoopback ?? false);
  }

  private isBlocked(address: string): boolean {
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    // IPv4-mapped IPv6 (::ffff:10.0.0.1) is checked as the IPv4 address it is.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return this.blocked.check(mapped[1], 'ipv4');
    return this.blocked.check(address, family);
  }

  private readonly guardedLookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const allowed = addresses.filter((a) => !this.isBlocked(a.address));
      if (allowed.length === 0) {
        const refused = Object.assign(new Error(`webhook target ${hostname} resolves only to private or reserved addresses`), { code: 'EADDRNOTALLOWED' });
        return callback(refused, '', 0);
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
      callback(null, allowed[0].address, allowed[0].family);
    });
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
    const host = parsed.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host)) {
      if (this.isBlocked(host)) throw new ApiError('invalid_request', 'webhook_url points at a private, loopback or link-local address.');
      return;
    }
    const addresses = await new Promise<LookupAddress[]>((resolve) => dnsLookup(host, { all: true }, (e, a) => resolve(e ? [] : a)));
    if (addresses.length === 0) throw new ApiError('invalid_request', `webhook_url host ${host} does not resolve.`);
    if (addresses.every((a) => this.isBlocked(a.address))) {
      throw new ApiError('invalid_request', 'webhook_url resolves to a private, loopback or link-local address.');
    }
  }

  post(url: string, headers: Record<string, string>, body: Buffer, timeoutMs: number): Promise<WebhookResponse> {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<WebhookResponse>((resolve, reject) => {
      const host = target.hostname.replace(/^\[|\]$/g, '');
      if (isIP(host) && this.isBlocked(host)) {
        reject(new Error(`webhook target ${host} is a private or reserved address`));
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
          res.on('error', reject);
        },
      );
      // A redirect is not followed (it could point inside the network): a 3xx is a failed attempt.
      const deadline = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      req.on('close', () => clearTimeout(deadline));
      req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      req.on('error', reject);
      req.end(body);
    });
  }
}
