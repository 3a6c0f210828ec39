/**
 * Which IP addresses a webhook may reach: the one table of refused ranges
 * and the checker the submission check and the socket lookup both use.
 *
 * Source: the IANA special-purpose address registries (every entry is
 * refused, including those marked "globally reachable": anycast relays,
 * AS112 and AMT servers are never a customer's webhook receiver), plus the
 * ranges outside them that still must not be reached — multicast, the
 * deprecated IPv6 site-local and IPv4-compatible blocks, and every IPv6
 * address outside global unicast 2000::/3 (IANA IPv6 Address Space).
 *
 * IPv6 blocks that carry an IPv4 address (IPv4-mapped, IPv4-compatible,
 * NAT64, 6to4, Teredo) also have that IPv4 address checked against the IPv4
 * table, so `::a9fe:a9fe`, `2002:a9fe:a9fe::` and `64:ff9b::a9fe:a9fe`
 * all count as 169.254.169.254. Only IPv4-mapped addresses are allowed when
 * their IPv4 address is (the socket connects over IPv4 then); the
 * translation blocks are refused whatever they carry, since the relay that
 * would unwrap them is not ours to trust.
 *
 * @module
 */
import { BlockList, isIP } from 'node:net';

export interface SpecialRange {
  readonly network: string;
  readonly prefix: number;
  /** The registry's name for the block (what a refusal reports internally). */
  readonly name: string;
  /** Loopback: allowed on the local server, where the receiver runs on the developer's machine. */
  readonly loopback?: true;
}

/**
 * IANA IPv4 Special-Purpose Address Registry
 * (https://www.iana.org/assignments/iana-ipv4-special-registry), every entry;
 * then multicast (IANA IPv4 Multicast Address Space), which is not in it.
 */
export const IPV4_SPECIAL_RANGES: readonly SpecialRange[] = [
  { network: '0.0.0.0', prefix: 8, name: '"This network" (RFC 791)' },
  { network: '10.0.0.0', prefix: 8, name: 'Private-Use (RFC 1918)' },
  { network: '100.64.0.0', prefix: 10, name: 'Shared Address Space (RFC 6598)' },
  { network: '127.0.0.0', prefix: 8, name: 'Loopback (RFC 1122)', loopback: true },
  { network: '169.254.0.0', prefix: 16, name: 'Link Local (RFC 3927), incl. the instance metadata service' },
  { network: '172.16.0.0', prefix: 12, name: 'Private-Use (RFC 1918)' },
  // Covers 192.0.0.0/29 DS-Lite, .8 dummy, .9 PCP anycast, .10 TURN anycast, .170/.171 NAT64 discovery.
  { network: '192.0.0.0', prefix: 24, name: 'IETF Protocol Assignments (RFC 6890)' },
  { network: '192.0.2.0', prefix: 24, name: 'Documentation TEST-NET-1 (RFC 5737)' },
  { network: '192.31.196.0', prefix: 24, name: 'AS112-v4 (RFC 7535)' },
  { network: '192.52.193.0', prefix: 24, name: 'AMT (RFC 7450)' },
  { network: '192.88.99.0', prefix: 24, name: 'Deprecated 6to4 Relay Anycast (RFC 7526)' },
  { network: '192.168.0.0', prefix: 16, name: 'Private-Use (RFC 1918)' },
  { network: '192.175.48.0', prefix: 24, name: 'Direct Delegation AS112 Service (RFC 7534)' },
  { network: '198.18.0.0', prefix: 15, name: 'Benchmarking (RFC 2544)' },
  { network: '198.51.100.0', prefix: 24, name: 'Documentation TEST-NET-2 (RFC 5737)' },
  { network: '203.0.113.0', prefix: 24, name: 'Documentation TEST-NET-3 (RFC 5737)' },
  { network: '224.0.0.0', prefix: 4, name: 'Multicast (RFC 5771)' },
  // Covers 255.255.255.255/32, Limited Broadcast (RFC 919).
  { network: '240.0.0.0', prefix: 4, name: 'Reserved (RFC 1112)' },
];

/**
 * IANA IPv6 Special-Purpose Address Registry
 * (https://www.iana.org/assignments/iana-ipv6-special-registry), every entry
 * except IPv4-mapped ::ffff:0:0/96 (checked as the IPv4 address it carries);
 * then deprecated blocks it no longer lists, and multicast.
 */
export const IPV6_SPECIAL_RANGES: readonly SpecialRange[] = [
  { network: '::1', prefix: 128, name: 'Loopback (RFC 4291)', loopback: true },
  { network: '::', prefix: 128, name: 'Unspecified (RFC 4291)' },
  { network: '64:ff9b::', prefix: 96, name: 'IPv4-IPv6 Translation, NAT64 (RFC 6052)' },
  { network: '64:ff9b:1::', prefix: 48, name: 'IPv4-IPv6 Translation, local-use NAT64 (RFC 8215)' },
  { network: '100::', prefix: 64, name: 'Discard-Only (RFC 6666)' },
  { network: '100:0:0:1::', prefix: 64, name: 'Dummy IPv6 Prefix (RFC 9780)' },
  // Covers Teredo 2001::/32, the PCP/TURN/DNS-SD anycasts 2001:1::1-3, benchmarking 2001:2::/48,
  // AMT 2001:3::/32, AS112-v6 2001:4:112::/48, ORCHID 2001:10::/28, ORCHIDv2 2001:20::/28, Drone Remote ID 2001:30::/28.
  { network: '2001::', prefix: 23, name: 'IETF Protocol Assignments (RFC 2928)' },
  { network: '2001:db8::', prefix: 32, name: 'Documentation (RFC 3849)' },
  { network: '2002::', prefix: 16, name: '6to4 (RFC 3056)' },
  { network: '2620:4f:8000::', prefix: 48, name: 'Direct Delegation AS112 Service (RFC 7534)' },
  { network: '3fff::', prefix: 20, name: 'Documentation (RFC 9637)' },
  { network: '5f00::', prefix: 16, name: 'Segment Routing SIDs (RFC 9602)' },
  { network: 'fc00::', prefix: 7, name: 'Unique-Local (RFC 4193)' },
  { network: 'fe80::', prefix: 10, name: 'Link-Local Unicast (RFC 4291)' },
  // Not in the special-purpose registry, and must not be reached either:
  { network: '::', prefix: 96, name: 'IPv4-compatible IPv6, deprecated (RFC 4291 §2.5.5.1)' },
  { network: 'fec0::', prefix: 10, name: 'Site-Local, deprecated (RFC 3879)' },
  { network: 'ff00::', prefix: 8, name: 'Multicast (RFC 4291)' },
];

/** IANA IPv6 Address Space: only 2000::/3 is allocated as global unicast; everything outside it is reserved or special. */
const IPV6_GLOBAL_UNICAST: SpecialRange = { network: '2000::', prefix: 3, name: 'Global Unicast (IANA IPv6 Address Space)' };

/** Where an IPv6 block carries an IPv4 address (RFCs 4291, 6052, 3056, 4380). */
const IPV4_CARRIERS: readonly { readonly range: SpecialRange; readonly ipv4: (groups: readonly number[]) => number }[] = [
  { range: { network: '::ffff:0:0', prefix: 96, name: 'IPv4-mapped' }, ipv4: (g) => g[6] * 0x10000 + g[7] },
  { range: { network: '::', prefix: 96, name: 'IPv4-compatible' }, ipv4: (g) => g[6] * 0x10000 + g[7] },
  { range: { network: '64:ff9b::', prefix: 96, name: 'NAT64' }, ipv4: (g) => g[6] * 0x10000 + g[7] },
  { range: { network: '2002::', prefix: 16, name: '6to4' }, ipv4: (g) => g[1] * 0x10000 + g[2] },
  // Teredo: the client's IPv4 address, bit-inverted, in the last 32 bits (what a relay forwards to).
  { range: { network: '2001::', prefix: 32, name: 'Teredo' }, ipv4: (g) => (~(g[6] * 0x10000 + g[7]) >>> 0) },
];

/** The eight 16-bit groups of an IPv6 address (a trailing dotted quad included); undefined if not IPv6. */
export function ipv6Groups(address: string): number[] | undefined {
  if (isIP(address) !== 6) return undefined;
  let text = address.toLowerCase();
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number);
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((h) => parseInt(h, 16)) : []);
  const front = parse(head);
  const back = parse(tail);
  const zeros = tail === undefined ? [] : new Array<number>(8 - front.length - back.length).fill(0);
  const groups = [...front, ...zeros, ...back];
  return groups.length === 8 ? groups : undefined;
}

const dottedQuad = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');

export type AddressVerdict =
  | { readonly allowed: true }
  | {
      readonly allowed: false;
      /** The block that matched; for operators' logs, never for the caller (it would map the network). */
      readonly range: string;
    };

function listOf(range: SpecialRange, family: 'ipv4' | 'ipv6'): BlockList {
  const list = new BlockList();
  list.addSubnet(range.network, range.prefix, family);
  return list;
}

export interface AddressPolicyOptions {
  /** Locally: a receiver on the developer's machine (127.0.0.0/8, ::1) is allowed. @default false */
  readonly allowLoopback?: boolean;
}

/** Decides whether a webhook may connect to an IP address (matching through node's `net.BlockList`). */
export class AddressPolicy {
  private readonly v4: readonly { range: SpecialRange; list: BlockList }[];
  private readonly v6: readonly { range: SpecialRange; list: BlockList }[];
  private readonly globalUnicast = listOf(IPV6_GLOBAL_UNICAST, 'ipv6');
  private readonly carriers = IPV4_CARRIERS.map((c) => ({ ...c, list: listOf(c.range, 'ipv6') }));

  constructor(private readonly options: AddressPolicyOptions = {}) {
    const keep = (r: SpecialRange) => !(r.loopback && options.allowLoopback);
    this.v4 = IPV4_SPECIAL_RANGES.filter(keep).map((range) => ({ range, list: listOf(range, 'ipv4') }));
    this.v6 = IPV6_SPECIAL_RANGES.filter(keep).map((range) => ({ range, list: listOf(range, 'ipv6') }));
  }

  /** The verdict on one IP address (IPv4 or IPv6 text); anything else is refused. */
  check(address: string): AddressVerdict {
    const family = isIP(address);
    if (family === 4) {
      const hit = this.v4.find((r) => r.list.check(address, 'ipv4'));
      return hit ? { allowed: false, range: hit.range.name } : { allowed: true };
    }
    const groups = family === 6 ? ipv6Groups(address) : undefined;
    if (!groups) return { allowed: false, range: 'not an IP address' };
    if (this.options.allowLoopback && groups.every((g, i) => g === (i === 7 ? 1 : 0))) return { allowed: true };

    for (const carrier of this.carriers) {
      if (!carrier.list.check(address, 'ipv6')) continue;
      const inner = dottedQuad(carrier.ipv4(groups));
      const verdict = this.check(inner);
      if (!verdict.allowed) return { allowed: false, range: `${carrier.range.name} address carrying ${verdict.range}` };
      if (carrier.range.name === 'IPv4-mapped') return verdict;
    }
    const hit = this.v6.find((r) => r.list.check(address, 'ipv6'));
    if (hit) return { allowed: false, range: hit.range.name };
    if (!this.globalUnicast.check(address, 'ipv6')) return { allowed: false, range: `outside ${IPV6_GLOBAL_UNICAST.name}` };
    return { allowed: true };
  }

  isAllowed(address: string): boolean {
    return this.check(address).allowed;
  }
}
