import { describe, expect, it } from 'vitest';
import { publicCredentialFields } from '../../../catalogue/credentials/index.ts';
import { containsMasked, MASK, maskCredentials, MaskedValueError, maskSecret, mergeMasked } from './mask.ts';

describe('maskSecret', () => {
  it('shows nothing of a short secret and the last 4 characters of a long one', () => {
    expect(maskSecret('hunter2')).toBe('••••');
    expect(maskSecret('nineteen-characters')).toBe('••••');
    expect(maskSecret('sk-live-0123456789abcdef')).toBe('••••cdef');
    expect(maskSecret(12345)).toBe('••••');
  });
});

describe('maskCredentials', () => {
  it('shows the public fields of the type’s form and masks every secret, at any depth', () => {
    const shown = maskCredentials(
      {
        host: 'db.example.com',
        port: 5432,
        dbName: 'shop',
        username: 'app',
        password: 'correct horse battery staple',
        sslMode: 'disable',
        client_key: 'BEGIN KEY',
        extra: { token: 'abc', list: ['one', 2, true, null] },
      },
      publicCredentialFields('postgres'),
    );
    expect(shown).toEqual({
      host: 'db.example.com',
      port: 5432,
      dbName: 'shop',
      username: 'app',
      password: '••••aple',
      sslMode: 'disable',
      client_key: '••••',
      extra: { token: '••••', list: ['••••', '••••', true, null] },
    });
  });

  it('masks a public field holding a URL with a password or a query string', () => {
    const shown = maskCredentials(
      { hostUrl: 'https://user:pw@crawl.example.com', apiKey: 'k' },
      publicCredentialFields('crawlService'),
    );
    expect(shown).toEqual({ hostUrl: '••••.com', apiKey: '••••' });
    expect(maskCredentials({ hostUrl: 'https://crawl.example.com/?key=s3cret' }, publicCredentialFields('crawlService')).hostUrl).not.toContain('s3cret');
    expect(maskCredentials({ hostUrl: 'https://crawl.example.com' }, publicCredentialFields('crawlService')).hostUrl).toBe('https://crawl.example.com');
  });

  it('masks everything of an unknown type and every field a form does not declare', () => {
    expect(maskCredentials({ host: 'h', access_token: 'at' }, publicCredentialFields('nope'))).toEqual({ host: '••••', access_token: '••••' });
    expect(maskCredentials({ tenant_id: 't-1', access_token: 'at', refresh_token: 'rt' }, publicCredentialFields('teamsOauth'))).toEqual({
      tenant_id: 't-1',
      access_token: '••••',
      refresh_token: '••••',
    });
  });
});

describe('mergeMasked', () => {
  const stored = { apiKey: 'sk-live-0123456789abcdef', password: 'hunter2', nested: { token: 'abcdefghijklmnopqrstuvwxyz' } };

  it('keeps a stored secret where the masked value comes back unchanged, takes new values elsewhere', () => {
    const merged = mergeMasked({ apiKey: '••••cdef', password: 'new password', nested: { token: maskSecret(stored.nested.token) }, added: 1 }, stored);
    expect(merged).toEqual({ apiKey: stored.apiKey, password: 'new password', nested: { token: stored.nested.token }, added: 1 });
    expect(containsMasked({ a: [{ b: `${MASK}x` }] })).toBe(true);
    expect(containsMasked({ a: 'plain' })).toBe(false);
  });

  it('refuses a masked value that matches no stored secret, naming the field only', () => {
    expect(() => mergeMasked({ apiKey: '••••zzzz' }, stored)).toThrow(MaskedValueError);
    expect(() => mergeMasked({ other: '••••' }, stored)).toThrow('credentials.other holds a masked value');
  });

  it('keeps __proto__ as data', () => {
    const merged = mergeMasked(JSON.parse('{"__proto__": {"polluted": true}}'), {}) as Record<string, unknown>;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.hasOwn(merged, '__proto__')).toBe(true);
  });
});
