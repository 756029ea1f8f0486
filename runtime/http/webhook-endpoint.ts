/**
 * @module runtime/http/webhook-endpoint — the webhook trigger: POST /hook/:flowId, a production
 * call (runtime/core/calls/production-call.ts) of the flow's deployed version; `/hook/:flowId@:version`
 * calls the given deployed version (404 naming the versions there are when it has no such one).
 * It needs `Authorization: Bearer <API key>` of the flow's project unless the builder marked the
 * webhook trigger public. The hottest path of the server, so it is answered on Node's own request
 * and response, before Koa (server.ts), with the API's middleware done by the same functions:
 * request ids, 503 while Redis is down, JSON bodies (json-body.ts), error answers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { redisOutage } from '../../actors/redis-outage.ts';
import { REALTIME_WAIT_MS, type CallOutcome, type ProductionCalls } from '../core/calls/production-call.ts';
import { UnauthorizedError } from '../services/domain-errors.ts';
import { versionNumber } from '../services/stores/flow-versions.ts';
import type { RouteEntry } from './app.ts';
import { MAX_BODY_BYTES } from './body-limits.ts';
import { HttpError, runFailure, unavailable } from './errors.ts';
import { readJsonBody } from './json-body.ts';
import { idempotencyKeyOf } from '../core/calls/idempotency.ts';
import type { OutageSpool } from '../services/logs/outage-spool.ts';
import { refusedCallOf } from './production-doors.ts';
import { errorAnswer, requestIdOf } from './middleware.ts';

export const webhookRoute: RouteEntry = { method: 'POST', path: '/hook/:flowId' };
/** /hook/<flow>[@<version>], a trailing slash and a query allowed (Teams' /hook/teams/<flow> is not this) */
const webhookPath = /^(\/hook\/([^/?]+)\/?)(?:\?|$)/;

/** A request handler that answers the webhook's requests (true) and leaves every other one (false). */
export function webhookEndpoint(calls: ProductionCalls, bodyLimitBytes = MAX_BODY_BYTES, spool?: Pick<OutageSpool, 'add'>) {
  return function answersWebhook(req: IncomingMessage, res: ServerResponse): boolean {
    const match = webhookPath.exec(req.url ?? '');
    if (!match) return false;
    const requestId = requestIdOf(req.headers['x-request-id'] as string | undefined);
    res.setHeader('X-Request-Id', requestId);
    const [, path, named] = match;
    call(calls, req, res, path, decoded(named), bodyLimitBytes, spool).catch((error: unknown) => {
      if (error instanceof UnauthorizedError) res.setHeader('WWW-Authenticate', 'Bearer');
      const { answer, headers } = errorAnswer(error, `${req.method} ${path} (request ${requestId})`);
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      send(res, answer.status, answer.body);
    });
    return true;
  };
}

async function call(calls: ProductionCalls, req: IncomingMessage, res: ServerResponse, path: string, named: string, bodyLimitBytes: number, spool?: Pick<OutageSpool, 'add'>): Promise<void> {
  if (req.method === 'OPTIONS') return void res.writeHead(200, { Allow: 'POST', 'Content-Length': '0' }).end();
  if (req.method !== 'POST') {
    res.setHeader('Allow', 'POST');
    throw new HttpError(405, 'method_not_allowed', `Method Not Allowed: ${req.method} ${path}`);
  }
  if (redisOutage.down) {
    const refused = spool && (await refusedCallOf(req));
    if (refused) spool.add(refused);
    throw unavailable();
  }
  const idempotencyKey = idempotencyKeyOf(req.headers['idempotency-key']);
  const body = await readJsonBody(req, bodyLimitBytes);
  const at = named.indexOf('@');
  const flowId = at < 0 ? named : named.slice(0, at);
  const version = at < 0 ? undefined : named.slice(at + 1);
  const outcome: CallOutcome = await calls.call({
    flowId,
    ...(version !== undefined ? { version: versionNumber(version) } : {}),
    policy: { door: 'webhook', access: { by: 'apiKey', authorization: req.headers.authorization }, waitMs: REALTIME_WAIT_MS, late: 'follow' },
    input: () => body,
    request: { method: 'POST', path, body },
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
  res.setHeader('X-Weft-Run-Id', outcome.runId);
  // a run stopped as not complete (a cloud-drive read, spec 000 §4) still answers its output
  if (outcome.status === 'answered' && outcome.incomplete) res.setHeader('X-Weft-Run-Status', 'incomplete');
  if (outcome.status === 'answered') send(res, 200, outcome.output);
  else if (outcome.status === 'running') send(res, 202, { runId: outcome.runId, status: 'running' });
  else throw runFailure(outcome.runId, outcome.failure);
}

/** An answer as Koa gives it: null is 204 without a body, a string text (HTML when it starts with '<'), anything else JSON. */
function send(res: ServerResponse, status: number, body: unknown): void {
  if (body === null || body === undefined) return void res.writeHead(status === 200 ? 204 : status).end();
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const type = typeof body !== 'string' ? 'application/json' : /^\s*</.test(body) ? 'text/html' : 'text/plain';
  res.writeHead(status, { 'Content-Type': `${type}; charset=utf-8`, 'Content-Length': Buffer.byteLength(text) }).end(text);
}

/** a path segment as the router decodes it (left as sent when it is not valid percent-encoding) */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
