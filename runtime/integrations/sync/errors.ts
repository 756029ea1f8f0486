/**
 * @module runtime/integrations/sync/errors — the spec's texts for sync jobs (001 §8) and whose fault each
 * is: the caller's or the flow's (ValidationError, 400; a node's user error) or a passing fault
 * (PassingFaultError, 502; a node's operational or timeout error).
 */
import { isNodeError } from '../../../catalogue/errors.ts';
import { DomainError, PassingFaultError, ValidationError } from '../../services/domain-errors.ts';

export const SYNC_TEXTS = {
  create: 'Unable to create the job',
  run: 'Unable to run the job',
  update: 'Unable to update the job',
  setup: 'Job Setup Failed',
  setupWithError: (message: string) => `Job Setup Failed with error: ${message}`,
  invalidOperation: 'Invalid operation',
  credentialsNotFound: 'Credentials not found for workflow',
  noCredentials: (name: string) => `No credentials found for ${name}`,
} as const;

/** the caller's or the flow's: 400 */
export const syncRefused = (message: string) => new ValidationError(message, 'sync_job_refused');

/** a passing fault of a source, a service or the queue: 502 */
export const syncFault = (message: string, cause?: unknown) =>
  new PassingFaultError(message, 'sync_job_failed', cause instanceof Error && cause.message !== message ? { cause: cause.message } : {});

/**
 * A job's setup (its source checked with its credential) that failed unexpectedly: spec 001 §8's
 * 'Job Setup Failed with error' and the error's message when it has one, 'Job Setup Failed'
 * when it has none; a domain or node error as syncErrorOf gives it.
 */
export function setupErrorOf(error: unknown): DomainError {
  const message = error instanceof Error ? error.message.trim() : '';
  return syncErrorOf(error, message ? SYNC_TEXTS.setupWithError(message) : SYNC_TEXTS.setup);
}

/**
 * An error met while making or changing a job, as the caller gets it: domain errors as they
 * are, a node's user error refused with its own text, a node's passing fault as one, and
 * anything else as `fallback` (a passing fault naming what failed).
 */
export function syncErrorOf(error: unknown, fallback: string): DomainError {
  if (error instanceof DomainError) return error;
  if (isNodeError(error)) return error.kind === 'user' ? syncRefused(error.message) : syncFault(error.message, error);
  return syncFault(fallback, error);
}
