import { describe, expect, it } from 'vitest';
import {
  CORRUPTED,
  decrypt,
  decryptWithAny,
  encrypt,
  ENCRYPT_CHUNK,
  IV_BYTES,
  MISSING_KEY,
  SALT_BYTES,
  SecretError,
  TAG_BYTES,
} from './cipher.ts';
import { createDecipheriv, scryptSync } from 'node:crypto';
import { KDF } from './cipher.ts';
import { mapInChunks } from './in-chunks.ts';

const secret = 'a server secret of some length';

async function failure(promise: Promise<unknown>): Promise<SecretError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(SecretError);
  return error as SecretError;
}

describe('cipher (AES-256-GCM, spec layout)', () => {
  it('round-trips text, including empty and non-ASCII', async () => {
    for (const plain of ['', 'hunter2', '{"apiKey":"sk-123","note":"Grüße 👋"}', 'x'.repeat(100_000)]) {
      expect(await decrypt(await encrypt(plain, secret), secret)).toBe(plain);
    }
  });

  it('writes hex of iv(16) | salt(16) | ciphertext | tag(16), a fresh iv and salt each time, the key derived from secret and salt', async () => {
    const plain = 'layout check';
    const hex = await encrypt(plain, secret);
    expect(hex).toMatch(/^[0-9a-f]+$/);
    const bytes = Buffer.from(hex, 'hex');
    expect(bytes.length).toBe(IV_BYTES + SALT_BYTES + Buffer.byteLength(plain) + TAG_BYTES);
    expect([IV_BYTES, SALT_BYTES, TAG_BYTES]).toEqual([16, 16, 16]);
    // decrypt it by hand from the documented layout: proves the layout, not just our own round trip
    const iv = bytes.subarray(0, 16);
    const salt = bytes.subarray(16, 32);
    const body = bytes.subarray(32, bytes.length - 16);
    const tag = bytes.subarray(bytes.length - 16);
    const key = scryptSync(secret, salt, 32, KDF);
    expect(key.length).toBe(32);
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    expect(Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')).toBe(plain);
    const second = Buffer.from(await encrypt(plain, secret), 'hex');
    expect(second.subarray(0, 16).equals(iv)).toBe(false);
    expect(second.subarray(16, 32).equals(salt)).toBe(false);
  });

  it('detects a flipped byte anywhere (iv, salt, ciphertext, tag) with the spec’s text', async () => {
    const hex = await encrypt('{"password":"hunter2"}', secret);
    const length = hex.length / 2;
    for (const at of [0, IV_BYTES, IV_BYTES + SALT_BYTES + 3, length - 1]) {
      const bytes = Buffer.from(hex, 'hex');
      bytes[at] ^= 0x01;
      const error = await failure(decrypt(bytes.toString('hex'), secret));
      expect(error.message, `byte ${at}`).toBe('Corrupted or invalid credential, please add the credentials again and try again');
      expect(error.code).toBe('corrupted');
      expect(error.message).not.toContain('hunter2');
    }
  });

  it('refuses another secret, truncated, odd-length and non-hex blobs as corrupted', async () => {
    const hex = await encrypt('x', secret);
    for (const [blob, key] of [
      [hex, 'another secret of some length'],
      [hex.slice(0, 40), secret],
      [hex.slice(1), secret],
      [`zz${hex.slice(2)}`, secret],
      ['', secret],
    ]) {
      expect((await failure(decrypt(blob, key))).message).toBe(CORRUPTED);
    }
  });

  it("answers 'Missing credentials key' without a secret", async () => {
    const hex = await encrypt('x', secret);
    expect((await failure(decrypt(hex, ''))).message).toBe(MISSING_KEY);
    expect((await failure(encrypt('x', ''))).message).toBe('Missing credentials key');
    expect((await failure(decryptWithAny(hex, ['', '']))).message).toBe(MISSING_KEY);
  });

  it('decrypts with the first of several secrets that opens the blob', async () => {
    const hex = await encrypt('old', 'the old secret value');
    expect(await decryptWithAny(hex, ['the new secret value', 'the old secret value'])).toEqual({ plain: 'old', secretIndex: 1 });
    expect((await failure(decryptWithAny(hex, ['the new secret value']))).message).toBe(CORRUPTED);
  });

  it(`works in bulk (the rotation's re-encryption) ${ENCRYPT_CHUNK} at a time, keeping the order`, async () => {
    const items = Array.from({ length: 120 }, (_, i) => i);
    let running = 0;
    let most = 0;
    const chunks: number[] = [];
    const results = await mapInChunks(items, ENCRYPT_CHUNK, async (item) => {
      most = Math.max(most, ++running);
      await new Promise((ok) => setTimeout(ok, 120 - item)); // later items finish first within a chunk
      running--;
      return item * 2;
    }, (done) => chunks.push(done));
    expect(results).toEqual(items.map((i) => i * 2));
    expect(ENCRYPT_CHUNK).toBe(50);
    expect(most).toBe(50);
    expect(chunks).toEqual([50, 100, 120]);
  });
});
