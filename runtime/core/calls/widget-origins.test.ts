import { describe, expect, it } from 'vitest';
import { domainList, originAllowed } from './widget-origins.ts';

describe('widget origins', () => {
  it('allows every origin by default (nothing configured, or *)', () => {
    for (const domains of [undefined, [], '', ['*'], ['https://a.example', '*']]) {
      expect(originAllowed(domains, 'https://anyone.example')).toBe(true);
      expect(originAllowed(domains, '')).toBe(true);
    }
  });

  it('matches full origins exactly (scheme and port)', () => {
    const domains = ['https://shop.example.com', 'http://127.0.0.1:5001/'];
    expect(originAllowed(domains, 'https://shop.example.com')).toBe(true);
    expect(originAllowed(domains, 'https://shop.example.com:443')).toBe(true);
    expect(originAllowed(domains, 'http://shop.example.com')).toBe(false);
    expect(originAllowed(domains, 'http://127.0.0.1:5001')).toBe(true);
    expect(originAllowed(domains, 'http://127.0.0.1:5002')).toBe(false);
  });

  it('matches hosts on any scheme, host:port on that port, and wildcard subdomains', () => {
    expect(originAllowed(['example.com'], 'http://example.com:8080')).toBe(true);
    expect(originAllowed(['example.com'], 'https://www.example.com')).toBe(false);
    expect(originAllowed(['localhost:3000'], 'http://localhost:3000')).toBe(true);
    expect(originAllowed(['localhost:3000'], 'http://localhost:3001')).toBe(false);
    expect(originAllowed(['*.example.com'], 'https://docs.example.com')).toBe(true);
    expect(originAllowed(['*.example.com'], 'https://example.com')).toBe(false);
    expect(originAllowed(['*.example.com'], 'https://badexample.com')).toBe(false);
  });

  it('refuses a missing, opaque or malformed origin once domains are restricted', () => {
    for (const origin of ['', 'null', 'not a url']) expect(originAllowed(['example.com'], origin)).toBe(false);
  });

  it('reads lists and text separated by commas, spaces or lines, ignoring case', () => {
    expect(domainList('A.example, b.example\nhttps://C.example')).toEqual(['a.example', 'b.example', 'https://c.example']);
    expect(originAllowed('A.EXAMPLE', 'https://a.example')).toBe(true);
  });
});
