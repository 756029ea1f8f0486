import { describe, expect, it } from 'vitest';
import { publicCredentialFields } from '../../catalogue/credentials/index.ts';
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
});
