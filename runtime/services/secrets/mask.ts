/**
 * @module runtime/services/secrets/mask — what the API shows of a credential's fields instead of the
 * values, and how a form that sends the masked values back keeps the stored secrets.
 */

import { MASK } from '../../../catalogue/secrets/redact.ts';

export { MASK };

/** Secrets this long (API keys, tokens) show their last 4 characters, so one can tell keys apart. */
export const SHOW_TAIL_FROM = 20;

/** '••••' + the last 4 characters of a secret of 20 characters or more, else '••••'. */
export function maskSecret(value: string | number): string {
  const chars = Array.from(String(value));
  return chars.length >= SHOW_TAIL_FROM ? MASK + chars.slice(-4).join('') : MASK;
}

/** A URL with a password or a query string may carry a secret inside a field shown otherwise. */
const carriesSecret = (text: string) => /^[a-z][\w+.-]*:\/\/[^/?#\s]*:[^@/\s]*@|\?./i.test(text);

function maskAll(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskAll);
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, maskAll(inner)]));
  if (typeof value === 'string' || typeof value === 'number') return maskSecret(value);
  return value; // booleans and null hold no secret
}

/**
 * The credentials object as the API shows it. Only the top-level fields named in
 * `publicFields` (the form's fields not marked private: hosts, ports, user names…) are shown,
 * and only when they are a plain number or a string without an embedded password or query;
 * every other value, at any depth, is masked — a field nobody declared is never shown.
 */
export function maskCredentials(credentials: Record<string, unknown>, publicFields: ReadonlySet<string>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(credentials).map(([field, value]) => {
      const shown = publicFields.has(field) && (typeof value === 'number' || (typeof value === 'string' && !carriesSecret(value)));
      return [field, shown ? value : maskAll(value)];
    }),
  );
}

/** True when `value` holds a masked value somewhere (then merging needs the stored secrets). */
export function containsMasked(value: unknown): boolean {
  if (typeof value === 'string') return value.startsWith(MASK);
  if (Array.isArray(value)) return value.some(containsMasked);
  if (isPlainObject(value)) return Object.values(value).some(containsMasked);
  return false;
}

/** A masked value sent back where no stored secret has that mask. */
export class MaskedValueError extends Error {
  constructor(readonly path: string) {
    super(`${path} holds a masked value ('${MASK}…') but no stored secret there matches it: send the real value`);
    this.name = 'MaskedValueError';
  }
}

/**
 * The credentials a PUT sent, with every masked value replaced by the stored value it masks
 * (same place in the object). Fields the PUT left out are gone: it replaces the object.
 */
export function mergeMasked(incoming: unknown, stored: unknown, path = 'credentials'): unknown {
  if (typeof incoming === 'string' && incoming.startsWith(MASK)) {
    if ((typeof stored === 'string' || typeof stored === 'number') && maskSecret(stored) === incoming) return stored;
    throw new MaskedValueError(path);
  }
  if (Array.isArray(incoming)) {
    return incoming.map((item, i) => mergeMasked(item, Array.isArray(stored) ? stored[i] : undefined, `${path}[${i}]`));
  }
  if (isPlainObject(incoming)) {
    const from = isPlainObject(stored) ? stored : {};
    // fromEntries defines own properties, so a '__proto__' key stays data, never a prototype
    return Object.fromEntries(
      Object.entries(incoming).map(([key, value]) => [key, mergeMasked(value, Object.hasOwn(from, key) ? from[key] : undefined, `${path}.${key}`)]),
    );
  }
  return incoming;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
