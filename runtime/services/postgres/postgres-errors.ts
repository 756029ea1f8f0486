/**
 * @module runtime/services/postgres/postgres-errors — a failure of `pg` as the node's error, 'Postgres error:
 * <reason>', with whose fault it is: the caller's (bad SQL, a missing table or schema, a refused
 * login or database, a constraint, a TLS or certificate mismatch: `user`) or a passing one (the
 * connection refused, reset or lost, the server shutting down or out of resources, a deadlock:
 * `operational`; a connect or statement timeout: `timeout`). Only passing faults are retried.
 */
import { NodeError, operationalError, timeoutError, userError } from '../../../catalogue/errors.ts';

/** SQLSTATE classes and codes that are passing faults (https://www.postgresql.org/docs/current/errcodes-appendix.html) */
const PASSING_CLASSES = new Set(['08', '40', '53', '57', '58', 'XX']);
const TIMEOUT_CODES = new Set(['57014', '55P03']);
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'EAI_AGAIN', 'ECONNABORTED']);

export function postgresError(error: unknown): NodeError {
  if (error instanceof NodeError) return error;
  const failure = error as { code?: unknown; message?: unknown };
  const reason = typeof failure.message === 'string' && failure.message ? failure.message : String(error);
  const message = `Postgres error: ${reason}`;
  const code = typeof failure.code === 'string' ? failure.code : '';
  if (/^[0-9A-Z]{5}$/.test(code)) {
    if (TIMEOUT_CODES.has(code)) return timeoutError(message, error);
    return PASSING_CLASSES.has(code.slice(0, 2)) ? operationalError(message, error) : userError(message);
  }
  if (code === 'ETIMEDOUT' || /timeout/i.test(reason)) return timeoutError(message, error);
  if (NETWORK_CODES.has(code) || /Connection terminated/i.test(reason)) return operationalError(message, error);
  // TLS: the server has none, or its certificate is not the one the credential asks for
  if (/SSL|certificate|self-signed|ERR_TLS|CERT_/i.test(`${code} ${reason}`)) return userError(message);
  return operationalError(message, error);
}
