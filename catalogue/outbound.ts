/**
 * @module catalogue/outbound — the contract of `ctx.http`, the one client every call a node
 * makes to another server goes through (runtime/services/outbound/ implements it): its requests, its
 * answers, its limits and the error kind of each failure.
 */
import { kindOfStatus, NodeError } from './errors.ts';

/** Bounds of the per-request limits; node fields that override them declare the same numbers. */
export const OUTBOUND_LIMITS = {
  /** seconds to connect (DNS, TCP and TLS) */
  connectTimeoutSeconds: { defaultValue: 10, minValue: 1, maxValue: 60 },
  /** seconds for the whole exchange, redirects and the answer's body included */
  timeoutSeconds: { defaultValue: 30, minValue: 1, maxValue: 300 },
  /** megabytes of answer body (after decompression) */
  maxResponseMB: { defaultValue: 10, minValue: 1, maxValue: 100 },
} as const;

/** Redirects followed (each hop's address checked again) before the call fails. */
export const MAX_REDIRECTS = 5;

export interface OutboundRequest {
  url: string;
  /** default GET */
  method?: string;
  /** a header set here wins over the client's own (Idempotency-Key, Accept-Encoding, User-Agent) */
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** cancels the call; the actor's own signal (run cancelled) always does */
  signal?: AbortSignal;
  /** overrides within OUTBOUND_LIMITS; out of bounds is a user error naming the bound */
  connectTimeoutSeconds?: number;
  timeoutSeconds?: number;
  maxResponseMB?: number;
}

export interface OutboundResponse {
  status: number;
  statusText: string;
  /** 2xx */
  ok: boolean;
  /** header names lower-case; repeated headers joined with ', ' */
  headers: Record<string, string>;
  /** the URL that answered, after redirects */
  url: string;
  body: Uint8Array;
  text(): string;
}

/**
 * Every call of a node to another server. Each request carries `Idempotency-Key: <runId>/<actor>`
 * (the actor's identity, the same when a worker re-runs the step after a crash). It resolves
 * to the answer whatever its status; it throws a NodeError whose message is the reason alone
 * (callers prefix their spec text) and whose kind says whose fault it was:
 * - `user`: a bad or refused URL (scheme, address, too many redirects), an answer over the size limit;
 * - `operational`: the network (refused, reset, DNS);
 * - `timeout`: the connect or total timeout.
 * A cancelled run rejects with the signal's reason, not a NodeError.
 */
export interface OutboundClient {
  request(request: OutboundRequest): Promise<OutboundResponse>;
}

/** A non-2xx answer as the node's error: '<prefix>: <status> <statusText>', its kind by status. */
export function statusError(prefix: string, response: Pick<OutboundResponse, 'status' | 'statusText'>): NodeError {
  return new NodeError(`${prefix}: ${response.status} ${response.statusText}`.trim(), kindOfStatus(response.status));
}

/** A failure of the client as the node's error: '<prefix>: <reason>', the kind kept. */
export function outboundError(prefix: string, error: NodeError): NodeError {
  return new NodeError(`${prefix}: ${error.message}`, error.kind, { cause: error });
}
