/**
 * @module runtime/secrets/mask — what the API shows of a credential's fields instead of the
 * values, and how a form that sends the masked values back keeps the stored secrets.
 */

export const MASK = '••••';

/**
 * Fields whose values are shown as they are: the non-secret parts of the spec's credential
 * forms (hosts, ports, user names, sender, tenant, scopes). Every other field, at any depth,
 * is treated as secret — a field nobody listed is masked, never shown.
 */
export const PUBLIC_FIELDS: ReadonlySet<string> = new Set([
  'host', 'hostUrl', 'port', 'type', 'username', 'senderEmail', 'senderName', 'tenant_id', 'redirect_uri',
  'scope', 'scopes', 'region', 'database', 'token_type', 'expires_in', 'expires_at',
]);

/** '••••' + the last 2 characters when the value is longer than 8, else '••••'. */
export function maskSecret(value: string | number): string {
  const chars = Array.from(String(value));
  return chars.length > 8 ? MASK + chars.slice(-2).join('') : MASK;
}

/** A URL with a password or a query string may carry a secret inside a "public" field. */
const carriesSecret = (text: string) => /^[a-z][\w+.-]*:\/\/[^/?#\s]*:[^@/\s]*@|\?./i.test(text);

function maskAt(value: unknown, field: string | undefined): unknown {
  if (Array.isArray(value)) return value.map((item) => maskAt(item, field));
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, maskAt(inner, key)]));
  if (typeof value === 'string' || typeof value === 'number') {
    const shown = field !== undefined && PUBLIC_FIELDS.has(field) && !(typeof value === 'string' && carriesSecret(value));
    return shown ? value : maskSecret(value);
  }
  return value; // booleans and null hold no secret
}

/** The credentials object as the API shows it: every secret value masked, at any depth. */
export function maskCredentials(credentials: Record<string, unknown>): Record<string, unknown> {
  return maskAt(credentials, undefined) as Record<string, unknown>;
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
