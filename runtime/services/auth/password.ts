/**
 * @module runtime/services/auth/password — password hashes: scrypt (a slow, memory-hard KDF) with a
 * random 16-byte salt per password, compared in constant time. Stored as
 * `scrypt:<N>:<r>:<p>:<salt base64>:<hash base64>`, so the cost can rise later and old hashes
 * still verify.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const COST = { N: 16384, r: 8, p: 1 };
const KEY_BYTES = 64;
const SALT_BYTES = 16;
export const MIN_PASSWORD = 8;
/** longer passwords are refused before hashing, so nobody can make the KDF chew megabytes */
export const MAX_PASSWORD = 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((done, fail) =>
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) => (error ? fail(error) : done(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, COST);
  return `scrypt:${COST.N}:${COST.r}:${COST.p}:${salt.toString('base64')}:${key.toString('base64')}`;
}

/** true when `password` is the one `stored` was made from; a malformed hash is simply false */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split(':');
  if (scheme !== 'scrypt' || !salt || !hash || password.length > MAX_PASSWORD) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of a password nobody knows: checked when the email is unknown, so both failures take as long. */
let decoy: Promise<string> | undefined;
export const decoyHash = (): Promise<string> => (decoy ??= hashPassword(randomBytes(24).toString('base64')));

/** A password for a generated account: 24 characters of base64url (144 random bits). */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
