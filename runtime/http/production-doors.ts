/**
 * @module runtime/http/production-doors — which production door a request came through and which
 * flow it calls, from its path alone (nothing needs reading): the metrics count the doors' answers,
 * and a call refused during a Redis outage is kept for its log record (runtime/services/logs/outage-spool.ts).
 */
import type { IncomingMessage } from 'node:http';
import type { ProductionCall } from '../services/logs/run-logger.ts';
import type { RefusedCall } from '../services/logs/outage-spool.ts';
import { MAX_BODY_BYTES } from './body-limits.ts';
import { readJsonBody } from './json-body.ts';

/** A production door of a request: its trigger, and its flow when the request names one. */
type Door = { flowId?: string; trigger: ProductionCall['trigger']; path: string; route: string };

/** each door's path, and its route (the path's template: a call span's `http.route`) */
const doors: { pattern: RegExp; trigger: ProductionCall['trigger']; route: string }[] = [
  { pattern: /^\/hook\/teams\/([^/?]+)\/?$/, trigger: 'teams', route: '/hook/teams/:flowId' },
  { pattern: /^\/hook\/([^/?@]+)(?:@[^/?]*)?\/?$/, trigger: 'webhook', route: '/hook/:flowId' },
  { pattern: /^\/widgets\/chat\/([^/?]+)\/messages\/?$/, trigger: 'chat', route: '/widgets/chat/:flowId/messages' },
  { pattern: /^\/widgets\/search\/([^/?]+)\/query\/?$/, trigger: 'search', route: '/widgets/search/:flowId/query' },
  { pattern: /^\/graphql\/?$/, trigger: 'graphql', route: '/graphql' },
  { pattern: /^\/mcp\/[^/?]+\/?$/, trigger: 'mcp', route: '/mcp/:projectId' },
];

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The production door of a POST, or null when it is none: its flow from the path, GraphQL's from
 * `X-Workflow-Id` (an MCP call names its flow inside the body: none).
 */
export function productionDoorOf(method: string, url: string, headers: IncomingMessage['headers']): Door | null {
  if (method !== 'POST') return null;
  const path = url.split('?')[0];
  for (const { pattern, trigger, route } of doors) {
    const match = pattern.exec(path);
    if (!match) continue;
    const flowId = trigger === 'graphql' ? String(headers['x-workflow-id'] ?? '').trim() : match[1] && decoded(match[1]);
    return { trigger, path, route, ...(flowId ? { flowId } : {}) };
  }
  return null;
}

/**
 * The refused call of `req` (its body read as the route would, left out when it cannot be), or
 * null when the request is no production call.
 */
export async function refusedCallOf(req: IncomingMessage, receivedAt = Date.now()): Promise<RefusedCall | null> {
  const door = productionDoorOf(req.method ?? '', req.url ?? '', req.headers);
  if (!door?.flowId) return null;
  const body = await readJsonBody(req, MAX_BODY_BYTES).catch(() => undefined);
  return { flowId: door.flowId, trigger: door.trigger, receivedAt, request: { method: 'POST', path: door.path, body } };
}
