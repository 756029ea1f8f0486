/**
 * @module runtime/http/errors — an HTTP error that carries its own response, and the one
 * mapping of domain errors (runtime/domain-errors.ts) to statuses.
 */
import { isRedisUnreachable, UNAVAILABLE_MESSAGE } from '../../actors/redis-outage.ts';
import type { CallFailure } from '../calls/production-call.ts';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  NotFoundError,
  PassingFaultError,
  OverloadedError,
  PlanLimitError,
  TooManyAttemptsError,
  UnprocessableError,
  UnauthorizedError,
  ValidationError,
} from '../domain-errors.ts';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** extra fields of the error object (details, runId…) */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }

  get body() {
    return { error: { message: this.message, code: this.code, ...this.extra } };
  }
}

export const notFound = (message: string) => new HttpError(404, 'not_found', message);
/** 503: Redis cannot be reached (the answer carries Retry-After: errorAnswers) */
export const unavailable = () => new HttpError(503, 'unavailable', UNAVAILABLE_MESSAGE);
export const badRequest = (message: string, extra: Record<string, unknown> = {}) => new HttpError(400, 'bad_request', message, extra);

/**
 * The status of a domain error; a plan's record limit is 403 and its request limit 429 (spec 000 §8);
 * a passing fault 502; an overloaded process 503, a project over its share of it 429.
 */
function statusOf(error: DomainError): number {
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

/**
 * What the caller is answered for `error`: an HttpError as it is, a domain error mapped, 503
 * when Redis could not be reached; null for anything unexpected.
 */
export function httpErrorOf(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error;
  if (isRedisUnreachable(error)) return unavailable();
  if (error instanceof DomainError) return new HttpError(statusOf(error), error.code, error.message, error.details);
  return null;
}

/**
 * A failed run as the caller gets it: the status of its kind (422 the flow's or the caller's,
 * 502 another service's, 504 too slow, 500 weft's own defect; 409 cancelled), the node's
 * message, the node and the run.
 */
export function runFailure(runId: string, failure: CallFailure): HttpError {
  const extra: Record<string, unknown> = { runId };
  if (failure.kind) extra.kind = failure.kind;
  if (failure.nodeId) extra.nodeId = failure.nodeId;
  return new HttpError(failure.status, failure.code, failure.message, extra);
}
