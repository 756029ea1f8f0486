/**
 * @module runtime/services/secrets/cipher — AES-256-GCM in the spec's layout (spec 002 §7 "Decryption
 * helper", §9 "Encryption"): the stored text is hex of IV (16 bytes) + salt (16) + cipher
 * text + authentication tag (16); the 32-byte key is derived from the server secret and the
 * salt with scrypt (cost below).
 */
import { createCipheriv, createDecipheriv, randomBytes, scrypt, type ScryptOptions } from 'node:crypto';

export const IV_BYTES = 16;
export const SALT_BYTES = 16;
export const TAG_BYTES = 16;
export const KEY_BYTES = 32;
/** spec 001 §7/§9: credentials are encrypted in chunks of 50 (the rotation re-encrypts them so) */
export const ENCRYPT_CHUNK = 50;

/**
 * scrypt cost: N = 2^14, r = 8, p = 1 — 16 MiB of memory and ~30 ms on one core of a small
 * server. Memory-hard, so guessing a weak WEFT_SECRET on GPUs costs far more per guess than
 * PBKDF2 at the same wall time (a generated secret is 32 random bytes: no guessing at all).
 * The parameters are not stored in the blob (the spec's layout has no room for them):
 * changing them makes every stored credential unreadable.
 */
export const KDF: Readonly<ScryptOptions> = Object.freeze({ N: 2 ** 14, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });

export const MISSING_KEY = 'Missing credentials key';
export const CORRUPTED = 'Corrupted or invalid credential, please add the credentials again and try again';
export const UNDECRYPTABLE = 'Unable to decrypt secrets';

export type SecretErrorCode = 'missing_key' | 'corrupted' | 'undecryptable';

/** A failure of the cipher, with the spec's text as its message. */
export class SecretError extends Error {
  constructor(readonly code: SecretErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SecretError';
  }
}

const missingKey = () => new SecretError('missing_key', MISSING_KEY);
const corrupted = (cause?: unknown) => new SecretError('corrupted', CORRUPTED, { cause });

/**
 * Derived keys by (salt, secret). Every blob has its own salt, so without this each read of a
 * credential would pay a full scrypt; with it only the first read does. The secret already
 * lives in this process's memory, so keeping keys derived from it adds no exposure.
 */
const derivedKeys = new Map<string, Promise<Buffer>>();
const DERIVED_KEYS_KEPT = 512;

function deriveKey(secret: string, salt: Buffer): Promise<Buffer> {
  const id = `${salt.toString('hex')}:${secret}`;
  const known = derivedKeys.get(id);
  if (known) {
    derivedKeys.delete(id);
    derivedKeys.set(id, known); // most recently used last
    return known;
  }
  const key = new Promise<Buffer>((resolve, reject) => scrypt(secret, salt, KEY_BYTES, KDF, (error, out) => (error ? reject(error) : resolve(out))));
  derivedKeys.set(id, key);
  key.catch(() => derivedKeys.delete(id));
  if (derivedKeys.size > DERIVED_KEYS_KEPT) derivedKeys.delete(derivedKeys.keys().next().value!);
  return key;
}

function requireSecret(secret: string | undefined | null): string {
  if (typeof secret !== 'string' || secret === '') throw missingKey();
  return secret;
}

/** Encrypt `plain` (UTF-8) under `secret` with a fresh salt and IV; answers the hex layout. */
export async function encrypt(plain: string, secret: string): Promise<string> {
  requireSecret(secret);
  const salt = randomBytes(SALT_BYTES);
  const key = await deriveKey(secret, salt).catch((cause: unknown) => {
    throw new SecretError('undecryptable', 'Unable to encrypt secrets', { cause });
  });
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, salt, body, cipher.getAuthTag()]).toString('hex');
}

/**
 * Decrypt a blob written by `encrypt`. A blob that is not hex of the layout, or fails
 * authentication (a flipped byte, or another secret), is 'Corrupted or invalid credential…';
 * no secret is 'Missing credentials key'; a key derivation that fails is 'Unable to decrypt
 * secrets'.
 */
export async function decrypt(hex: string, secret: string): Promise<string> {
  requireSecret(secret);
  const data = parseBlob(hex);
  const key = await deriveKey(secret, data.salt).catch((cause: unknown) => {
    throw new SecretError('undecryptable', UNDECRYPTABLE, { cause });
  });
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, data.iv, { authTagLength: TAG_BYTES });
    decipher.setAuthTag(data.tag);
    return Buffer.concat([decipher.update(data.body), decipher.final()]).toString('utf8');
  } catch (cause) {
    throw corrupted(cause);
  }
}

/**
 * Decrypt with the first of `secrets` that opens the blob (during a rotation: the new secret,
 * then the old ones). Fails like `decrypt` with the first secret when none does.
 */
export async function decryptWithAny(hex: string, secrets: readonly string[]): Promise<{ plain: string; secretIndex: number }> {
  if (!secrets.some((s) => typeof s === 'string' && s !== '')) throw missingKey();
  let first: unknown;
  for (const [secretIndex, secret] of secrets.entries()) {
    if (typeof secret !== 'string' || secret === '') continue;
    try {
      return { plain: await decrypt(hex, secret), secretIndex };
    } catch (error) {
      if (!(error instanceof SecretError) || error.code !== 'corrupted') throw error;
      first ??= error;
    }
  }
  throw first;
}

/**
 * Decrypted text as data (spec 002 §8 "Decryption helper"): its JSON value, or — when it is not
 * JSON — the text itself, never an error.
 */
export function decryptedValue(plain: string): unknown {
  try {
    return JSON.parse(plain);
  } catch {
    return plain;
  }
}

function parseBlob(hex: string): { iv: Buffer; salt: Buffer; body: Buffer; tag: Buffer } {
  if (typeof hex !== 'string' || hex.length % 2 !== 0 || !/^[0-9a-f]*$/i.test(hex)) throw corrupted();
  const bytes = Buffer.from(hex, 'hex');
  if (bytes.length < IV_BYTES + SALT_BYTES + TAG_BYTES) throw corrupted();
  return {
    iv: bytes.subarray(0, IV_BYTES),
    salt: bytes.subarray(IV_BYTES, IV_BYTES + SALT_BYTES),
    body: bytes.subarray(IV_BYTES + SALT_BYTES, bytes.length - TAG_BYTES),
    tag: bytes.subarray(bytes.length - TAG_BYTES),
  };
}
