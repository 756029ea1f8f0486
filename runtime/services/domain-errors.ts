/**
 * @module runtime/domain-errors — what stores, auth, plan limits and the production call throw
 * when they refuse something: the kind of refusal, a stable `code` and the message the caller
 * reads, and the status each is answered with (`answerOf`: the production call logs it, every
 * door answers it). They know nothing of HTTP: runtime/http/errors.ts turns an answer into a
 * response, and GraphQL into its error shape.
 */
import { isRedisUnreachable, UNAVAILABLE_MESSAGE } from '../../actors/redis-outage.ts';
import type { ErrorKind } from '../../contract/errors.ts';

export abstract class DomainError extends Error {
  /**
   * A refusal met inside a run (a plan's record limit, a missing credential) is the flow's or
   * the caller's doing, not a passing fault nor weft's defect: the engine reads this kind.
   */
  readonly kind: ErrorKind = 'user';

  constructor(
    message: string,
    /** stable, machine-readable: 'not_found', 'conflict', 'invalid_flow'… */
    readonly code: string,
    /** more fields the caller may read (details, the stored version…) */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The input or document breaks a rule (a missing field, a flow that cannot run). */
export class ValidationError extends DomainError {
  constructor(message: string, code = 'bad_request', details: Record<string, unknown> = {}) {
    super(message, code, details);
  }
}

/** No (valid) identity: no session, no or a wrong API key, a wrong password. */
export class UnauthorizedError extends DomainError {
  constructor(message: string, code = 'unauthorized') {
    super(message, code);
  }
}

/** Known, but not allowed to do this (a member renaming an organisation, a foreign origin, a pro feature). */
export class ForbiddenError extends DomainError {
  constructor(message: string, code = 'forbidden', details: Record<string, unknown> = {}) {
    super(message, code, details);
  }
}

/** It does not exist, or the caller may not know that it does. */
export class NotFoundError extends DomainError {
  constructor(message: string, code = 'not_found') {
    super(message, code);
  }
}

/** It clashes with the stored state (a stale version, a taken name, a count at its cap). */
export class ConflictError extends DomainError {
  constructor(message: string, code = 'conflict', details: Record<string, unknown> = {}) {
    super(message, code, details);
  }
}

/** Well-formed, but it contradicts what the caller sent before (an Idempotency-Key reused for another request). */
export class UnprocessableError extends DomainError {
  constructor(message: string, code = 'unprocessable') {
    super(message, code);
  }
}

/** Too many attempts in a window (sign-ins); unrelated to the plan. */
export class TooManyAttemptsError extends DomainError {
  constructor(message: string, code = 'too_many_attempts') {
    super(message, code);
  }
}

/** The project's plan refuses more: production requests (`max_requests`) or stored records (`max_records`). */
export class PlanLimitError extends DomainError {
  constructor(
    readonly limit: 'requests' | 'records',
    message: string,
  ) {
    super(message, limit === 'requests' ? 'max_requests' : 'max_records');
  }
}

/**
 * Another service (or the data-sync machinery) failed while weft did what the caller asked: a
 * passing fault, not the caller's (502); the engine reads its kind.
 */
export class PassingFaultError extends DomainError {
  override readonly kind: ErrorKind = 'operational';

  constructor(message: string, code = 'service_failed', details: Record<string, unknown> = {}) {
    super(message, code, details);
  }
}

/**
 * Too busy to take this call now (runtime/core/calls/load-shedding.ts): the server process (503
 * `overloaded`) or the caller's project (429 `project_overloaded`); `details.retryAfter` says
 * how many seconds to wait (the answer's Retry-After).
 */
export class OverloadedError extends DomainError {
  override readonly kind: ErrorKind = 'operational';

  constructor(
    readonly scope: 'process' | 'project',
    message: string,
    retryAfter: number,
  ) {
    super(message, scope === 'process' ? 'overloaded' : 'project_overloaded', { retryAfter });
  }
}

/**
 * A refusal that names its status itself: the doors' own (a bad body, a wrong signature, a
 * service not configured); runtime/http/errors.ts's HttpError is this one.
 */
export class StatusError extends DomainError {
  constructor(
    readonly status: number,
    code: string,
    message: string,
    details: Record<string, unknown> = {},
  ) {
    super(message, code, details);
  }
}

/** How a caller is answered for a refusal. */
export interface Answer {
  status: number;
  code: string;
  message: string;
  details: Record<string, unknown>;
}

/**
 * The status of a domain error; a plan's record limit is 403 and its request limit 429 (spec 000 §8);
 * a passing fault 502; an overloaded process 503, a project over its share of it 429.
 */
function statusOf(error: DomainError): number {
  if (error instanceof StatusError) return error.status;
  if (error instanceof ValidationError) return 400;
  if (error instanceof UnauthorizedError) return 401;
  if (error instanceof ForbiddenError) return 403;
  if (error instanceof NotFoundError) return 404;
  if (error instanceof ConflictError) return 409;
  if (error instanceof UnprocessableError) return 422;
  if (error instanceof TooManyAttemptsError) return 429;
  if (error instanceof PlanLimitError) return error.limit === 'requests' ? 429 : 403;
  if (error instanceof PassingFaultError) return 502;
  if (error instanceof OverloadedError) return error.scope === 'process' ? 503 : 429;
  return 500;
}

/** What the caller is answered for `error`: 503 when Redis could not be reached, a domain error's answer; null for anything unexpected. */
export function answerOf(error: unknown): Answer | null {
  if (isRedisUnreachable(error)) return { status: 503, code: 'unavailable', message: UNAVAILABLE_MESSAGE, details: {} };
  if (error instanceof DomainError) return { status: statusOf(error), code: error.code, message: error.message, details: error.details };
  return null;
}
