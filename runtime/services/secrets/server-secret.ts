/**
 * @module runtime/services/secrets/server-secret — the server secret credentials are encrypted under.
 *
 * - `WEFT_SECRET` set: that secret (and `WEFT_PREVIOUS_SECRET`, still read during a rotation).
 * - else `${WEFT_DATA_DIR}/secret.key`, made once (32 random bytes as hex, mode 0600), and
 *   `secret.key.previous` while `npm run rotate-secret` moves credentials off it. The files
 *   are looked at again (cheaply, by their change time) whenever a secret is needed, so a
 *   running server follows a rotation without a restart.
 */
import { randomBytes, scrypt } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { KDF } from './cipher.ts';

/** The secrets of a server: encrypt with `current()`; decrypt with any of `readable()`. */
export interface SecretKeyring {
  current(): string;
  /** the current secret first, then the ones a rotation is moving credentials off */
  readable(): string[];
  /** where the secret comes from, for the start banner and the rotation script */
  readonly source: 'env' | 'file';
  /** the secret file (file source) */
  readonly file?: string;
}

export const SECRET_FILE = 'secret.key';
export const PREVIOUS_SUFFIX = '.previous';
export const MIN_SECRET_LENGTH = 16;

const advice = 'use e.g. `openssl rand -hex 32`';

/** A secret from an operator: trimmed, at least 16 characters, or a clear error naming `where`. */
export function checkSecret(text: string, where: string): string {
  const secret = text.trim();
  if (secret.length < MIN_SECRET_LENGTH) throw new Error(`${where} must hold a secret of at least ${MIN_SECRET_LENGTH} characters (${advice})`);
  return secret;
}

/** A fixed keyring (tests; `WEFT_SECRET`). */
export function staticKeyring(current: string, previous: readonly string[] = []): SecretKeyring {
  const readable = [current, ...previous.filter((p) => p !== current)];
  return { source: 'env', current: () => current, readable: () => [...readable] };
}

/**
 * The server's keyring: the configured secret when `WEFT_SECRET` is set (runtime/config.ts
 * `secret`, already checked), else from the data directory (making `secret.key` when there is
 * none, unless `create` is false).
 */
export function loadServerSecret(dataDir: string, secret?: { current: string; previous: readonly string[] }, options: { create?: boolean } = {}): SecretKeyring {
  if (secret) return staticKeyring(secret.current, secret.previous);
  const file = join(dataDir, SECRET_FILE);
  if (readSecretFile(file) === null) {
    if (options.create === false) throw new Error(`No server secret: WEFT_SECRET is not set and ${file} does not exist`);
    mkdirSync(dataDir, { recursive: true });
    try {
      // 'wx': if another process made the file a moment ago, keep that one
      writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return fileKeyring(file);
}

/** Secrets read from `file` and `file.previous`, re-read when either file changes. */
export function fileKeyring(file: string): SecretKeyring {
  const previousFile = file + PREVIOUS_SUFFIX;
  let seen = '';
  let secrets: string[] = [];
  const load = () => {
    const stamp = `${changeStamp(file)}|${changeStamp(previousFile)}`;
    if (stamp === seen && secrets.length > 0) return secrets;
    const current = readSecretFile(file);
    if (current === null) throw new Error(`The server secret file ${file} is gone: restore it, or no credential can be read`);
    const previous = readSecretFile(previousFile);
    secrets = previous && previous !== current ? [current, previous] : [current];
    seen = stamp;
    return secrets;
  };
  return { source: 'file', file, current: () => load()[0], readable: () => [...load()] };
}

function changeStamp(file: string): string {
  try {
    const stat = statSync(file);
    return `${stat.ino}:${stat.mtimeMs}:${stat.size}`;
  } catch {
    return 'none';
  }
}

export function readSecretFile(file: string): string | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  // Only the owner may read it; a copy made with a looser umask is tightened, not refused.
  if (process.platform !== 'win32' && (statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return checkSecret(text, file);
}

/** Write a secret file in one step (a temporary file renamed over it), mode 0600. */
export function writeSecretFile(file: string, secret: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${secret}\n`, { mode: 0o600 });
  renameSync(temporary, file);
}

/**
 * A short, stable name for a secret (16 hex characters) that does not reveal it: scrypt with
 * the cipher's cost, so it is no cheaper to guess a weak secret from than from a blob.
 */
export function secretFingerprint(secret: string): Promise<string> {
  return new Promise((resolve, reject) =>
    scrypt(secret, 'weft secret fingerprint', 8, KDF, (error, key) => (error ? reject(error) : resolve(key.toString('hex')))),
  );
}
