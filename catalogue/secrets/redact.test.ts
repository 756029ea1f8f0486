import { describe, expect, it } from 'vitest';
import { publicCredentialFields } from '../credentials/index.ts';
import { NodeError, operationalError } from '../errors.ts';
import { SecretRedactor, secretValuesOf } from './redact.ts';

describe('secretValuesOf', () => {
  it('takes every value but the type’s public fields, and the token of a "Scheme token" value', () => {
    const values = secretValuesOf(
      { host: 'db.example.com', port: 5432, username: 'app', password: 'hunter22', extra: { nested: ['deep-secret'] }, short: 'abc' },
      publicCredentialFields('postgres'),
    );
    expect(values.sort()).toEqual(['deep-secret', 'hunter22']);
    expect(secretValuesOf({ headerName: 'Authorization', headerValue: 'Bearer tok-123456789' }, publicCredentialFields('httpHeader')).sort()).toEqual([
      'Bearer tok-123456789',
      'tok-123456789',
    ]);
  });
});

describe('SecretRedactor', () => {
  it('leaves everything alone until a secret was read', () => {
    const redactor = new SecretRedactor();
    const output = { a: 'hunter22' };
    expect(redactor.value(output)).toBe(output);
  });

  it('replaces secrets in strings and keys at any depth, longest first, and in errors', () => {
    const redactor = new SecretRedactor();
    redactor.add(['tok-123456789', 'Bearer tok-123456789', 'abc']);
    expect(redactor.value({ h: 'Bearer tok-123456789', list: ['x tok-123456789 y', 7, null], ['tok-123456789']: true })).toEqual({
      h: '••••',
      list: ['x •••• y', 7, null],
      ['••••']: true,
    });
    expect(redactor.text('abc stays: too short to be a secret')).toBe('abc stays: too short to be a secret');
    const error = new Error('upstream said tok-123456789');
    expect(redactor.error(error)).toBe(error);
    expect(error.message).toBe('upstream said ••••');
    expect(error.stack).not.toContain('tok-123456789');
  });

  it('keeps the kind and class of the error it rewrites, also when its message is read only', () => {
    const redactor = new SecretRedactor();
    redactor.add(['tok-123456789']);
    const thrown = operationalError('upstream 503 for tok-123456789');
    const redacted = redactor.error(thrown);
    expect(redacted).toBe(thrown);
    expect(redacted).toMatchObject({ message: 'upstream 503 for ••••', kind: 'operational' });
    expect(redacted).toBeInstanceOf(NodeError);

    const frozen = Object.freeze(new NodeError('refused tok-123456789', 'user'));
    expect(redactor.error(frozen)).toMatchObject({ name: 'NodeError', message: 'refused ••••', kind: 'user' });
    const timedOut = new DOMException('gave up waiting for tok-123456789', 'TimeoutError');
    const copy = redactor.error(timedOut) as Error & { kind: string };
    expect(copy).toMatchObject({ name: 'TimeoutError', message: 'gave up waiting for ••••', kind: 'unexpected' });
    expect(copy.stack).not.toContain('tok-123456789');
  });
});

describe('SecretRedactor, encoded forms', () => {
  const secret = 'Tok/en+Secret 9x?';
  const redactor = new SecretRedactor();
  redactor.add([secret, 'abcd']);
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  const b64url = (text: string) => Buffer.from(text).toString('base64url');

  it('masks the secret in any letter case and URL-encoded', () => {
    for (const form of [secret.toLowerCase(), secret.toUpperCase(), encodeURIComponent(secret), encodeURIComponent(secret).toLowerCase(), encodeURIComponent(secret).replace(/%20/g, '+')]) {
      expect(redactor.text(`got <${form}>`)).toBe('got <••••>');
    }
  });

  it('masks its base64 and base64url forms at every alignment inside a longer encoded text', () => {
    for (const plain of [secret, `user:${secret}`, `Bearer ${secret}`, `{"token":"${secret}"}`, secret.toLowerCase(), secret.toUpperCase()]) {
      for (const encoded of [b64(plain), b64url(plain)]) {
        const masked = redactor.text(`x ${encoded} y`);
        expect(masked, `${plain} as ${encoded}`).toContain('••••');
        // what is left of the encoding is at most the characters it shares with the secret's neighbours
        expect(masked.length, masked).toBeLessThanOrEqual(encoded.length - Math.floor((secret.length * 4) / 3) + 4 + 4 + 4);
        expect(masked).not.toContain(encoded);
      }
    }
  });

  it('masks secrets shorter than 6 characters as exact copies only', () => {
    expect(redactor.text('abcd ABCD YWJjZA==')).toBe('•••• ABCD YWJjZA==');
  });
});
