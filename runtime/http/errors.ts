/**
 * @module runtime/http/errors — an HTTP error that carries its own response, and a domain
 * error's answer (runtime/services/domain-errors.ts `answerOf`) as one.
 */
import { UNAVAILABLE_MESSAGE } from '../../actors/redis-outage.ts';
import type { CallFailure } from '../core/calls/production-call.ts';
import { answerOf, StatusError } from '../services/domain-errors.ts';

export class HttpError extends StatusError {
  constructor(status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
    super(status, code, message, extra);
    this.name = 'HttpError';
  }

  /** extra fields of the error object (details, runId…) */
  get extra(): Record<string, unknown> {
    return this.details;
  }

  get body() {
    return { error: { message: this.message, code: this.code, ...this.details } };
  }
}

export const notFound = (message: string) => new HttpError(404, 'not_found', message);
/** 503: Redis cannot be reached (the answer carries Retry-After: errorAnswers) */
export const unavailable = () => new HttpError(503, 'unavailable', UNAVAILABLE_MESSAGE);
export const badRequest = (message: string, extra: Record<string, unknown> = {}) => new HttpError(400, 'bad_request', message, extra);

/**
 * What the caller is answered for `error` as a response: an HttpError as it is, a domain error
 * or an unreachable Redis by its answer (runtime/services/domain-errors.ts); null for anything unexpected.
 */
export function httpErrorOf(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error;
  const answer = answerOf(error);
  return answer && new HttpError(answer.status, answer.code, answer.message, answer.details);
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
