/**
 * @module runtime/services/outbound/address-policy — which addresses weft's outbound calls may reach:
 * none of loopback, link-local, private, shared (CGNAT), multicast, reserved or cloud-metadata
 * ones, unless the operator's allow-list (WEFT_OUTBOUND_ALLOW) names them.
 *
 * Why: a builder types the URL of an API node or a response webhook; without this a flow could
 * read weft's own routes, its Redis, or the cloud's metadata service (credentials included).
 */
import { BlockList, isIP } from 'node:net';

/** [range, why it is refused]; IPv4-mapped IPv6 (::ffff:a.b.c.d) is checked against the IPv4 rows. */
const REFUSED_RANGES: Array<[string, number, 'ipv4' | 'ipv6', string]> = [
  ['0.0.0.0', 8, 'ipv4', 'unspecified (0.0.0.0/8)'],
  ['10.0.0.0', 8, 'ipv4', 'private'],
  ['100.64.0.0', 10, 'ipv4', 'shared (CGNAT)'],
  ['127.0.0.0', 8, 'ipv4', 'loopback'],
  ['169.254.0.0', 16, 'ipv4', 'link-local (cloud metadata)'],
  ['172.16.0.0', 12, 'ipv4', 'private'],
  ['192.0.0.0', 24, 'ipv4', 'IETF protocol (cloud metadata)'],
  ['192.168.0.0', 16, 'ipv4', 'private'],
  ['198.18.0.0', 15, 'ipv4', 'benchmarking'],
  ['224.0.0.0', 4, 'ipv4', 'multicast'],
  ['240.0.0.0', 4, 'ipv4', 'reserved or broadcast'],
  ['::', 128, 'ipv6', 'unspecified'],
  ['::1', 128, 'ipv6', 'loopback'],
  ['64:ff9b:1::', 48, 'ipv6', 'local NAT64'],
  ['100::', 64, 'ipv6', 'discard'],
  ['fc00::', 7, 'ipv6', 'unique local (cloud metadata)'],
  ['fe80::', 10, 'ipv6', 'link-local'],
  ['fec0::', 10, 'ipv6', 'site-local'],
  ['ff00::', 8, 'ipv6', 'multicast'],
];

const refused = REFUSED_RANGES.map(([net, prefix, type, why]) => {
  const list = new BlockList();
  list.addSubnet(net, prefix, type);
  return { list, why };
});

/** Host names of cloud metadata services, refused before they are ever looked up. */
const METADATA_NAMES = new Set(['metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal']);

/** Why `address` (an IP) may not be reached by default, or null when it may. */
export function refusedReason(address: string): string | null {
  const type = isIP(address);
  if (type === 0) return 'not an IP address';
  const embedded = type === 6 ? embeddedIpv4(address) : null;
  if (embedded) return refusedReason(embedded);
  for (const { list, why } of refused) if (list.check(address, type === 4 ? 'ipv4' : 'ipv6')) return why;
  return null;
}

/** Why a host name may not even be looked up (cloud metadata names), or null. */
export function refusedName(hostname: string): string | null {
  return METADATA_NAMES.has(hostname.toLowerCase().replace(/\.$/, '')) ? 'cloud metadata' : null;
}

/** The IPv4 address inside a NAT64 (64:ff9b::/96) or IPv4-compatible (::/96) IPv6 one. */
function embeddedIpv4(address: string): string | null {
  const groups = expandIpv6(address);
  if (!groups) return null;
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0);
  const compatible = groups.slice(0, 6).every((g) => g === 0) && (groups[6] !== 0 || groups[7] > 1);
  if (!nat64 && !compatible) return null;
  return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail read as two groups). */
function expandIpv6(address: string): number[] | null {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : null;
}

/** One entry of the allow-list: a host name, an IP or a CIDR range, optionally with a port. */
type AllowEntry = { kind: 'any' } | { kind: 'name'; name: string; port?: number } | { kind: 'range'; list: BlockList; port?: number };

/**
 * The operator's allow-list: comma-separated `host`, `host:port`, `IP`, `[IPv6]:port`,
 * `CIDR` (e.g. `10.0.0.0/8`, `fd00::/8`) or `*` (every address: no guard at all).
 * A host name entry trusts whatever that name resolves to. Throws naming a bad entry.
 */
export class AllowList {
  private readonly entries: AllowEntry[];

  constructor(entries: readonly string[] = []) {
    this.entries = entries.map((e) => e.trim()).filter(Boolean).map(parseEntry);
  }

  static parse(text: string | undefined): AllowList {
    return new AllowList((text ?? '').split(','));
  }

  /** Does an entry name this host (or allow everything)? For names refused before any lookup. */
  allowsName(hostname: string, port: number): boolean {
    const name = hostname.toLowerCase();
    return this.entries.some((e) => e.kind === 'any' || (e.kind === 'name' && e.name === name && (e.port === undefined || e.port === port)));
  }

  /** May a URL naming `hostname` on `port` connect to `address`? */
  allows(hostname: string, port: number, address: string): boolean {
    const name = hostname.toLowerCase().replace(/^\[|\]$/g, '');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    return this.entries.some((entry) => {
      if (entry.kind === 'any') return true;
      if (entry.port !== undefined && entry.port !== port) return false;
      return entry.kind === 'name' ? entry.name === name : entry.list.check(address, type);
    });
  }
}

function parseEntry(entry: string): AllowEntry {
  if (entry === '*') return { kind: 'any' };
  const bad = () => new Error(`WEFT_OUTBOUND_ALLOW: '${entry}' is not a host, host:port, IP, [IPv6]:port or CIDR range`);
  const cidr = /^([^/]+)\/(\d{1,3})$/.exec(entry);
  if (cidr) {
    const type = isIP(cidr[1]);
    const prefix = Number(cidr[2]);
    if (type === 0 || prefix > (type === 4 ? 32 : 128)) throw bad();
    return { kind: 'range', list: rangeList(cidr[1], prefix, type) };
  }
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  const [host, portText] = bracketed ? [bracketed[1], bracketed[2]] : isIP(entry) === 6 ? [entry, undefined] : entry.split(/:(?=\d+$)/);
  const port = portText === undefined ? undefined : Number(portText);
  if (port !== undefined && (!Number.isInteger(port) || port < 1 || port > 65535)) throw bad();
  const type = isIP(host);
  if (type !== 0) return { kind: 'range', list: rangeList(host, type === 4 ? 32 : 128, type), port };
  if (!/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i.test(host)) throw bad();
  return { kind: 'name', name: host.toLowerCase(), port };
}

function rangeList(address: string, prefix: number, type: number): BlockList {
  const list = new BlockList();
  list.addSubnet(address, prefix, type === 4 ? 'ipv4' : 'ipv6');
  return list;
}
