/**
 * @module catalogue/errors — the error taxonomy executors throw. The engine records the
 * message (the spec's exact text); the kind tells the runtime whether the flow's builder can
 * fix it ('user'), an outside service failed ('operational'), or weft itself broke ('unexpected').
 */

export type NodeErrorKind = 'user' | 'operational' | 'unexpected';

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

export function isNodeError(error: unknown): error is NodeError {
  return error instanceof NodeError;
}

/** Anything thrown, as a NodeError; foreign errors become 'unexpected' with their message kept. */
export function toNodeError(error: unknown): NodeError {
  if (error instanceof NodeError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new NodeError(message, 'unexpected', { cause: error });
}
