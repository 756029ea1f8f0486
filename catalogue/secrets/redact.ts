/**
 * @module catalogue/secrets/redact — the last line of defence: every secret an executor read
 * through `ctx.credentials` is replaced by '••••' in what the activation hands back (its
 * output, its error message, its progress messages), so a remote server that echoes a token,
 * or an executor that puts one into an error, still leaks nothing into run outputs, run events
 * or logs.
 */
import { asErrorKind, type ErrorKind } from '../../contract/errors.ts';
import { secretPatterns } from './encoded-forms.ts';
import { isPlainObject } from '../coerce.ts';

/** what a secret is replaced by (runtime/services/secrets/mask.ts shows credentials with it too) */
export const MASK = '••••';

/** Shorter values are not redacted: they would blank unrelated text and guard nothing. */
export const MIN_REDACTED_LENGTH = 4;
/** Pieces of a secret with spaces in it this long are redacted on their own too. */
export const MIN_PIECE_LENGTH = 8;

/** The secret values of a credential: every string or number leaf except the type's public top-level fields. */
export function secretValuesOf(credentials: Record<string, unknown>, publicFields: ReadonlySet<string>): string[] {
  const found: string[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (isPlainObject(value)) Object.values(value).forEach(walk);
    else if (typeof value === 'string' || typeof value === 'number') {
      const text = String(value);
      if (text.length >= MIN_REDACTED_LENGTH) found.push(text);
      // 'Bearer <token>', 'Basic <…>': the token alone is as secret as the whole value
      for (const piece of text.split(/\s+/)) if (piece.length >= MIN_PIECE_LENGTH && piece !== text) found.push(piece);
    }
  };
  for (const [field, value] of Object.entries(credentials)) if (!publicFields.has(field)) walk(value);
  return found;
}

/**
 * The secrets one activation has read, and their removal from what it hands back — as exact
 * copies and, for secrets of MIN_ENCODED_LENGTH characters or more, in their common encodings
 * (catalogue/secrets/encoded-forms.ts: any letter case, URL-encoded, base64, base64url).
 */
export class SecretRedactor {
  private secrets = new Set<string>();
  private patterns: ReturnType<typeof secretPatterns> = { anyCase: null, exactCase: null };

  add(values: readonly string[]): void {
    const before = this.secrets.size;
    for (const value of values) if (value.length >= MIN_REDACTED_LENGTH) this.secrets.add(value);
    if (this.secrets.size !== before) this.patterns = secretPatterns([...this.secrets]);
  }

  get active(): boolean {
    return this.secrets.size > 0;
  }

  text(text: string): string {
    const { anyCase, exactCase } = this.patterns;
    let out = anyCase ? text.replace(anyCase, MASK) : text;
    if (exactCase) out = out.replace(exactCase, MASK);
    return out;
  }

  /** `value` with every string (and object key) holding a secret redacted; other values as they are */
  value<T>(value: T): T {
    if (!this.active) return value;
    const walk = (inner: unknown): unknown => {
      if (typeof inner === 'string') return this.text(inner);
      if (Array.isArray(inner)) return inner.map(walk);
      if (isPlainObject(inner)) return Object.fromEntries(Object.entries(inner).map(([k, v]) => [this.text(k), walk(v)]));
      return inner;
    };
    return walk(value) as T;
  }

  /**
   * The thrown error with its message (and stack) redacted: the same object, so its class and
   * `kind` (whose fault it is, contract/errors.ts) stay; a copy keeping its name and kind when
   * its message cannot be written (a DOMException's, a frozen error's).
   */
  error(error: unknown): unknown {
    if (!this.active) return error;
    if (typeof error === 'string') return this.text(error);
    if (!(error instanceof Error)) return error;
    const message = this.text(error.message);
    const stack = error.stack && this.text(error.stack);
    if (message === error.message && stack === error.stack) return error;
    try {
      error.message = message;
      error.stack = stack;
      return error;
    } catch {
      return new RedactedError(error, message, stack);
    }
  }
}

/** A redacted copy of an error whose message is read only. */
class RedactedError extends Error {
  readonly kind: ErrorKind;

  constructor(original: Error, message: string, stack: string | undefined) {
    super(message);
    this.name = original.name;
    this.kind = asErrorKind((original as { kind?: unknown }).kind);
    this.stack = stack;
  }
}
