/**
 * @module runtime/services/logs/log-record — how the log record of one production call (spec 002 §3,
 * §9; its shape is contract/logs.ts) is made: severity from the response status, the request
 * without headers and with secret-looking fields masked (token usage: contract/token-usage.ts).
 */
import type { Severity } from '../../../contract/logs.ts';

/** Spec 002 §9: status 500 or above ERROR, 400 or above WARN, else INFO. */
export function severityOf(status: number): Severity {
  return status >= 500 ? 'ERROR' : status >= 400 ? 'WARN' : 'INFO';
}

const secretKey = /pass(word)?|secret|token|api[-_]?key|authori[sz]ation|credential|cookie|private[-_]?key/i;
const MASKED = '••••';
export const maxLoggedBodyBytes = 4096;

/** The value with every field whose name looks secret masked, at any depth. */
export function maskSecretFields(value: unknown, depth = 0): unknown {
  if (depth > 20) return MASKED;
  if (Array.isArray(value)) return value.map((v) => maskSecretFields(v, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, secretKey.test(key) && inner != null ? MASKED : maskSecretFields(inner, depth + 1)]),
    );
  }
  return value;
}

/** The request body as logged: secret-looking fields masked; over 4 KB of JSON it is cut and kept as text. */
export function loggedBody(body: unknown): unknown {
  const masked = maskSecretFields(body ?? null);
  const text = JSON.stringify(masked) ?? 'null';
  if (Buffer.byteLength(text) <= maxLoggedBodyBytes) return masked;
  return { truncated: true, text: Buffer.from(text).subarray(0, maxLoggedBodyBytes).toString('utf8') };
}
