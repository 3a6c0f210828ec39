import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AddressPolicy,
  IPV4_SPECIAL_RANGES,
  IPV6_SPECIAL_RANGES,
  ipv6Groups,
} from '../../../functions/adapters/http/special-addresses.ts';
import { DELIVERY_FAILURE_REASONS, HttpWebhookTransport, type ResolveAll } from '../../../functions/adapters/http/webhook-transport.ts';

/** Addresses an attacker would try, with why each must be refused. */
const ADVERSARIAL: readonly [string, string][] = [
  ['169.254.169.254', 'instance metadata (IPv4)'],
  ['::a9fe:a9fe', 'IPv4-compatible IPv6 of the metadata service'],
  ['::169.254.169.254', 'IPv4-compatible, dotted tail'],
  ['::ffff:169.254.169.254', 'IPv4-mapped, dotted tail'],
  ['::ffff:a9fe:a9fe', 'IPv4-mapped, hex tail'],
  ['0:0:0:0:0:ffff:7f00:1', 'IPv4-mapped loopback, uncompressed'],
  ['::ffff:10.0.0.1', 'IPv4-mapped private'],
  ['2002:a9fe:a9fe::1', '6to4 carrying the metadata service'],
  ['2002:0a00:0001::', '6to4 carrying 10.0.0.1'],
  ['2002:808:808::1', '6to4 carrying a public address (relay not ours)'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 well-known prefix carrying the metadata service'],
  ['64:ff9b::8.8.8.8', 'NAT64 well-known prefix carrying a public address'],
  ['64:ff9b:1::a9fe:a9fe', 'local-use NAT64'],
  ['fec0::1', 'site-local (deprecated)'],
  ['feff::1', 'top of site-local'],
  ['2001::1', 'Teredo'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo carrying 192.0.2.45'],
  ['2001:db8::1', 'IPv6 documentation'],
  ['3fff::1', 'IPv6 documentation (RFC 9637)'],
  ['2001:2::1', 'benchmarking'],
  ['2001:10::1', 'ORCHID'],
  ['100::1', 'discard-only'],
  ['5f00::1', 'segment routing SIDs'],
  ['4000::1', 'outside global unicast'],
  ['fd12:3456::1', 'unique-local'],
  ['fe80::1', 'link-local'],
  ['ff02::1', 'multicast'],
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback /8'],
  ['0.0.0.0', 'this network'],
  ['10.255.255.255', 'private'],
  ['172.31.0.1', 'private'],
  ['192.168.0.1', 'private'],
  ['100.100.100.200', 'shared address space (cloud metadata elsewhere)'],
  ['192.0.0.170', 'NAT64 discovery'],
  ['192.0.2.1', 'TEST-NET-1'],
  ['192.31.196.1', 'AS112'],
  ['192.52.193.1', 'AMT'],
  ['192.88.99.1', '6to4 relay anycast'],
  ['192.175.48.1', 'AS112 direct delegation'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.255', 'benchmarking /15'],
  ['198.51.100.7', 'TEST-NET-2'],
  ['203.0.113.9', 'TEST-NET-3'],
  ['224.0.0.1', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'limited broadcast'],
];

const PUBLIC = ['8.8.8.8', '93.184.216.34', '1.1.1.1', '172.32.0.1', '192.169.0.1', '::ffff:8.8.8.8', '2606:4700:4700::1111', '2a00:1450:4001::200e'];

describe('special-purpose address table', () => {
  const policy = new AddressPolicy();

  it.each(ADVERSARIAL)('refuses %s (%s)', (address) => {
    expect(policy.check(address)).toMatchObject({ allowed: false, range: expect.any(String) });
  });

  it.each(PUBLIC)('allows the public address %s', (address) => {
    expect(policy.check(address)).toEqual({ allowed: true });
  });

  it('refuses the first and last address of every registry block', () => {
    for (const r of IPV4_SPECIAL_RANGES) {
      const base = r.network.split('.').reduce((n, o) => n * 256 + Number(o), 0);
      const last = base + 2 ** (32 - r.prefix) - 1;
      for (const n of [base, last]) {
        const address = [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
        expect(policy.isAllowed(address), `${address} in ${r.name}`).toBe(false);
      }
    }
    for (const r of IPV6_SPECIAL_RANGES) {
      const groups = ipv6Groups(r.network)!;
      const last = groups.map((g, i) => {
        const bitsHere = Math.min(16, Math.max(0, r.prefix - i * 16));
        return g | (0xffff >>> bitsHere);
      });
      for (const g of [groups, last]) {
        const address = g.map((x) => x.toString(16)).join(':');
        expect(policy.isAllowed(address), `${address} in ${r.name}`).toBe(false);
      }
    }
  });

  it('checks the IPv4 address inside 6to4, NAT64, IPv4-compatible and Teredo against the IPv4 table', () => {
    expect(policy.check('2002:a9fe:a9fe::1')).toMatchObject({ range: expect.stringMatching(/6to4.*Link Local/) });
    expect(policy.check('64:ff9b::a9fe:a9fe')).toMatchObject({ range: expect.stringMatching(/NAT64.*Link Local/) });
    expect(policy.check('::a9fe:a9fe')).toMatchObject({ range: expect.stringMatching(/IPv4-compatible.*Link Local/) });
    // Teredo stores the client's IPv4 address bit-inverted: 3f57:5601 is ~c0a8:a9fe, 192.168.169.254.
    expect(policy.check('2001:0:1:2:0:0:3f57:5601')).toMatchObject({ range: expect.stringMatching(/Teredo.*Private-Use/) });
  });

  it('parses IPv6 text to eight groups, dotted tails included', () => {
    expect(ipv6Groups('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]);
    expect(ipv6Groups('1:2::3')).toEqual([1, 2, 0, 0, 0, 0, 0, 3]);
    expect(ipv6Groups('10.0.0.1')).toBeUndefined();
  });

  it('allows loopback only when asked (the local server), and nothing else private', () => {
    const local = new AddressPolicy({ allowLoopback: true });
    for (const a of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect(local.isAllowed(a), a).toBe(true);
    for (const [a] of ADVERSARIAL.filter(([a]) => !['127.0.0.1', '127.255.255.254', '::1', '0:0:0:0:0:ffff:7f00:1'].includes(a))) {
      expect(local.isAllowed(a), a).toBe(false);
    }
  });
});

/** A stub DNS: every name maps to the addresses given (an attacker's zone, or rebinding). */
function stubDns(zone: Record<string, string[]>): ResolveAll {
  return async (hostname) => {
    const addresses = zone[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

describe('webhook_url at submission', () => {
  const zone: Record<string, string[]> = Object.fromEntries(ADVERSARIAL.map(([a], i) => [`evil${i}.example.com`, [a]]));
  zone['mixed.example.com'] = ['93.184.216.34', '10.0.0.5'];
  zone['public.example.com'] = ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'];
  const transport = new HttpWebhookTransport({ resolveAll: stubDns(zone) });

  it.each(ADVERSARIAL.map(([a, why], i) => [a, why, i] as const))('refuses an IP literal %s (%s)', async (address) => {
    const host = address.includes(':') ? `[${address}]` : address;
    await expect(transport.checkTarget(`https://${host}/hook`)).rejects.toMatchObject({ code: 'invalid_request', statusCode: 400 });
  });

  it.each(ADVERSARIAL.map(([a, why], i) => [a, why, i] as const))('refuses a name resolving to %s (%s)', async (_a, _why, i) => {
    await expect(transport.checkTarget(`https://evil${i}.example.com/hook`)).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('refuses a name with any private address among public ones', async () => {
    await expect(transport.checkTarget('https://mixed.example.com/hook')).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('says the same for a name that does not resolve and one that resolves privately (no oracle for internal names)', async () => {
    const messageOf = (url: string) => transport.checkTarget(url).then(() => 'accepted', (e: Error) => e.message);
    const missing = await messageOf('https://nowhere.example.com/hook');
    const privateName = await messageOf('https://evil0.example.com/hook');
    expect(missing).not.toBe('accepted');
    expect(missing.replace('nowhere', 'X')).toBe(privateName.replace('evil0', 'X'));
  });

  it('refuses numeric host spellings the URL parser turns into private addresses', async () => {
    for (const url of ['http://2130706433/', 'http://0x7f.1/', 'http://0251.0376.0251.0376/', 'http://169.254.43518/']) {
      await expect(transport.checkTarget(url), url).rejects.toMatchObject({ code: 'invalid_request' });
    }
  });

  it('accepts a name resolving to public addresses only', async () => {
    await expect(transport.checkTarget('https://public.example.com/hook')).resolves.toBeUndefined();
  });
});

describe('webhook delivery at connect time', () => {
  let server: Server;
  let port: number;
  let hits = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      hits++;
      req.resume();
      res.end('ok');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('refuses a name that rebinds to a private address after submission, before any connection, with a generic reason', async () => {
    const zone: Record<string, string[]> = { 'rebind.example.com': ['93.184.216.34'] };
    const transport = new HttpWebhookTransport({ resolveAll: stubDns(zone) });
    await transport.checkTarget(`http://rebind.example.com:${port}/hook`);
    for (const address of ['127.0.0.1', '::ffff:127.0.0.1', '::7f00:1']) {
      zone['rebind.example.com'] = [address];
      const before = hits;
      const error = await transport.post(`http://rebind.example.com:${port}/hook`, {}, Buffer.from('{}'), 2000).catch((e: Error) => e);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toBe(DELIVERY_FAILURE_REASONS.unreachable);
      expect(hits).toBe(before);
    }
  });

  it('refuses private IP literals without connecting', async () => {
    const transport = new HttpWebhookTransport();
    for (const host of ['127.0.0.1', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]']) {
      const before = hits;
      await expect(transport.post(`http://${host}:${port}/hook`, {}, Buffer.from('{}'), 2000)).rejects.toThrow(DELIVERY_FAILURE_REASONS.unreachable);
      expect(hits).toBe(before);
    }
  });

  it('records one fixed reason per failure, never the socket text (no addresses, ports or host names)', async () => {
    const local = new HttpWebhookTransport({ allowLoopback: true });
    // A closed port on loopback: refused, and the message names neither the address nor the port.
    const closed = await new Promise<number>((r) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as AddressInfo).port;
        s.close(() => r(p));
      });
    });
    const error = (await local.post(`http://127.0.0.1:${closed}/hook`, {}, Buffer.from('{}'), 2000).catch((e: Error) => e)) as Error;
    expect(Object.values(DELIVERY_FAILURE_REASONS)).toContain(error.message);
    expect(error.message).not.toMatch(/127\.0\.0\.1|\d{4,5}/);
    // A name that does not resolve reads like a refused private target.
    const missing = new HttpWebhookTransport({ resolveAll: stubDns({}) });
    await expect(missing.post('http://internal-billing.corp/hook', {}, Buffer.from('{}'), 2000)).rejects.toThrow(DELIVERY_FAILURE_REASONS.unreachable);
  });

  it('still delivers to an allowed receiver (loopback on the local server)', async () => {
    const local = new HttpWebhookTransport({ allowLoopback: true, resolveAll: stubDns({ 'hooks.test': ['127.0.0.1'] }) });
    await expect(local.post(`http://hooks.test:${port}/hook`, {}, Buffer.from('{}'), 2000)).resolves.toEqual({ statusCode: 200 });
  });
});
