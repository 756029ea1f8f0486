/**
 * @module catalogue/errors — the error taxonomy executors throw. The engine records the
 * message (the spec's exact text) and the kind (contract/errors.ts): the caller's or flow's
 * ('user'), a passing fault of another service ('operational', 'timeout'), or weft's own
 * defect ('unexpected'). Only passing faults are retried.
 */
import type { ErrorKind } from '../contract/errors.ts';

export type NodeErrorKind = ErrorKind;

export class NodeError extends Error {
  readonly kind: NodeErrorKind;

  constructor(message: string, kind: NodeErrorKind = 'user', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NodeError';
    this.kind = kind;
  }
}

/** A mistake in the node's configuration or input: retrying will not help. */
export function userError(message: string): NodeError {
  return new NodeError(message, 'user');
}

/** An outside service or the network failed: a retry may help. */
export function operationalError(message: string, cause?: unknown): NodeError {
  return new NodeError(message, 'operational', { cause });
}

/** Another service did not answer in time: a retry may help. */
export function timeoutError(message: string, cause?: unknown): NodeError {
  return new NodeError(message, 'timeout', { cause });
}

/**
 * The kind of another service's non-2xx HTTP answer: 408, 425, 429 and 5xx are passing
 * (`operational`, so a node's retries retry them); any other status is the caller's or the
 * flow's (`user`: a 4xx will answer the same next time; a 3xx left unfollowed has no Location).
 */
export function kindOfStatus(status: number): NodeErrorKind {
  return status >= 500 || status === 408 || status === 425 || status === 429 ? 'operational' : 'user';
}

export function isNodeError(error: unknown): error is NodeError {
  return error instanceof NodeError;
}
