import { describe, expect, it } from 'vitest';
import { generatePassword, hashPassword, MAX_PASSWORD, verifyPassword } from './password.ts';

describe('password hashes', () => {
  it('verify the password they were made from and nothing else', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('salt every hash on its own', async () => {
    const [a, b] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(a).not.toBe(b);
    expect(a.split(':')[4]).not.toBe(b.split(':')[4]);
    expect(Buffer.from(a.split(':')[4], 'base64')).toHaveLength(16);
    expect(Buffer.from(a.split(':')[5], 'base64')).toHaveLength(64);
  });

  it('treat the same text in another Unicode form as the same password', async () => {
    const hash = await hashPassword('Caf\u00e9-password');
    expect(await verifyPassword('Cafe\u0301-password', hash)).toBe(true);
  });

  it('answer false for a malformed hash or an overlong password, without throwing', async () => {
    const hash = await hashPassword('x'.repeat(20));
    expect(await verifyPassword('x'.repeat(20), 'plain-text')).toBe(false);
    expect(await verifyPassword('x'.repeat(20), hash.replace('scrypt', 'md5'))).toBe(false);
    expect(await verifyPassword('x'.repeat(MAX_PASSWORD + 1), hash)).toBe(false);
  });

  it('take a noticeable time (a slow KDF), far from a plain digest', async () => {
    const hash = await hashPassword('timing');
    const start = performance.now();
    await verifyPassword('timing', hash);
    expect(performance.now() - start).toBeGreaterThan(5);
  });

  it('generate 24-character passwords, different every time', () => {
    const made = new Set(Array.from({ length: 50 }, generatePassword));
    expect(made.size).toBe(50);
    for (const p of made) expect(p).toMatch(/^[\w-]{24}$/);
  });
});
