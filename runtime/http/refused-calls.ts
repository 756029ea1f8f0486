/**
 * @module runtime/http/refused-calls — which production call a request refused during a Redis
 * outage was (its flow and door, from the path alone: nothing can be read), so that the outage
 * spool (runtime/logs/outage-spool.ts) can write its log record once Redis is back.
 */
import type { IncomingMessage } from 'node:http';
import type { ProductionCall } from '../logs/run-logger.ts';
import type { RefusedCall } from '../logs/outage-spool.ts';
import { MAX_BODY_BYTES } from './body-limits.ts';
import { readJsonBody } from './json-body.ts';

type Door = { flowId: string; trigger: ProductionCall['trigger']; path: string };

const doors: { pattern: RegExp; trigger: ProductionCall['trigger'] }[] = [
  { pattern: /^\/hook\/teams\/([^/?]+)\/?$/, trigger: 'teams' },
  { pattern: /^\/hook\/([^/?@]+)(?:@[^/?]*)?\/?$/, trigger: 'webhook' },
  { pattern: /^\/widgets\/chat\/([^/?]+)\/messages\/?$/, trigger: 'chat' },
  { pattern: /^\/widgets\/search\/([^/?]+)\/query\/?$/, trigger: 'search' },
];

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The production door of a POST (its flow from the path, GraphQL's from `X-Workflow-Id`), or null when it is none. */
export function productionDoorOf(method: string, url: string, headers: IncomingMessage['headers']): Door | null {
  if (method !== 'POST') return null;
  const path = url.split('?')[0];
  if (/^\/graphql\/?$/.test(path)) {
    const flowId = String(headers['x-workflow-id'] ?? '').trim();
    return flowId ? { flowId, trigger: 'graphql', path } : null;
  }
  for (const { pattern, trigger } of doors) {
    const match = pattern.exec(path);
    if (match) return { flowId: decoded(match[1]), trigger, path };
  }
  return null;
}

/**
 * The refused call of `req` (its body read as the route would, left out when it cannot be), or
 * null when the request is no production call.
 */
export async function refusedCallOf(req: IncomingMessage, receivedAt = Date.now()): Promise<RefusedCall | null> {
  const door = productionDoorOf(req.method ?? '', req.url ?? '', req.headers);
  if (!door) return null;
  const body = await readJsonBody(req, MAX_BODY_BYTES).catch(() => undefined);
  return { flowId: door.flowId, trigger: door.trigger, receivedAt, request: { method: 'POST', path: door.path, body } };
}
