/**
 * The address check on its own: private, link-local and metadata ranges are tested here only,
 * never by sending anything to them.
 */
import { describe, expect, it } from 'vitest';
import { AllowList, refusedName, refusedReason } from './address-policy.ts';

describe('refusedReason', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['0.0.0.0', 'unspecified (0.0.0.0/8)'],
    ['0.1.2.3', 'unspecified (0.0.0.0/8)'],
    ['::', 'unspecified'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'shared (CGNAT)'],
    ['100.100.100.200', 'shared (CGNAT)'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['169.254.170.2', 'link-local (cloud metadata)'],
    ['192.0.0.192', 'IETF protocol (cloud metadata)'],
    ['fd00:ec2::254', 'unique local (cloud metadata)'],
    ['fc00::1', 'unique local (cloud metadata)'],
    ['fe80::1', 'link-local'],
    ['febf::1', 'link-local'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'reserved or broadcast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local (cloud metadata)'],
    ['::ffff:a00:1', 'private'],
    ['64:ff9b::a9fe:a9fe', 'link-local (cloud metadata)'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['::127.0.0.1', 'loopback'],
    ['::c0a8:101', 'private'],
  ])('refuses %s (%s)', (address, why) => {
    expect(refusedReason(address)).toBe(why);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '169.255.0.1', '192.169.0.1', '2606:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808'])(
    'lets the public address %s through',
    (address) => {
      expect(refusedReason(address)).toBeNull();
    },
  );

  it('refuses cloud metadata names before any lookup', () => {
    expect(refusedName('metadata.google.internal')).toBe('cloud metadata');
    expect(refusedName('METADATA.google.internal.')).toBe('cloud metadata');
    expect(refusedName('metadata.goog')).toBe('cloud metadata');
    expect(refusedName('api.example.com')).toBeNull();
  });
});

describe('AllowList', () => {
  const list = new AllowList(['127.0.0.1:8080', 'localhost', '10.0.0.0/8', '[::1]:9000', 'fd00::/8', 'Internal.Example:443']);

  it('matches IPs and ranges on the resolved address, with the port when one is given', () => {
    expect(list.allows('127.0.0.1', 8080, '127.0.0.1')).toBe(true);
    expect(list.allows('127.0.0.1', 8081, '127.0.0.1')).toBe(false);
    expect(list.allows('anything.test', 8080, '127.0.0.1')).toBe(true);
    expect(list.allows('10.9.8.7', 1, '10.9.8.7')).toBe(true);
    expect(list.allows('11.0.0.1', 1, '11.0.0.1')).toBe(false);
    expect(list.allows('[::1]', 9000, '::1')).toBe(true);
    expect(list.allows('[::1]', 9001, '::1')).toBe(false);
    expect(list.allows('[fd00:ec2::254]', 80, 'fd00:ec2::254')).toBe(true);
  });

  it('matches names on the URL host, any address they resolve to', () => {
    expect(list.allows('localhost', 3000, '127.0.0.1')).toBe(true);
    expect(list.allows('LOCALHOST', 3000, '::1')).toBe(true);
    expect(list.allows('internal.example', 443, '10.0.0.1')).toBe(true);
    expect(list.allows('internal.example', 80, '192.168.0.1')).toBe(false);
    expect(list.allowsName('internal.example', 443)).toBe(true);
    expect(list.allowsName('metadata.google.internal', 80)).toBe(false);
  });

  it('allows nothing when empty and everything with *', () => {
    expect(AllowList.parse('').allows('localhost', 80, '127.0.0.1')).toBe(false);
    expect(AllowList.parse(' , ').allows('localhost', 80, '127.0.0.1')).toBe(false);
    expect(AllowList.parse('*').allows('x', 1, '169.254.169.254')).toBe(true);
  });

  it.each(['localhost:http', '10.0.0.0/33', '::1/129', 'bad host', 'host:0', 'host:70000', '[::1', 'http://x'])('refuses the entry %s', (entry) => {
    expect(() => new AllowList([entry])).toThrow(`WEFT_OUTBOUND_ALLOW: '${entry}' is not a host`);
  });
});
