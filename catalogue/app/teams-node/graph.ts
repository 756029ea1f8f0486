/**
 * @module catalogue/app/teams-node/graph — calls to Microsoft Graph (`{graph}` base, v1.0) as
 * the connected user (spec 002 §7 "Team messaging via graph API"). A non-2xx answer fails with
 * 'Graph API error: {status} {text}', its kind by status.
 */
import { isNodeError, NodeError, kindOfStatus } from '../../errors.ts';
import { outboundError, type OutboundClient } from '../../outbound.ts';

export const GRAPH_ERROR = 'Graph API error';
/** pages of a list followed through @odata.nextLink */
const MAX_PAGES = 10;

export interface GraphAccess {
  http: OutboundClient;
  /** the Graph base URL (ctx.serviceUrl('graph')) */
  base: string;
  token: string;
  signal?: AbortSignal;
}

/** One Graph call: `path` under the base (or a whole nextLink URL); the answer's JSON. */
export async function graphCall(access: GraphAccess, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await access.http
    .request({
      url: path.startsWith('http') ? path : `${access.base}${path}`,
      method,
      headers: { authorization: `Bearer ${access.token}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(access.signal ? { signal: access.signal } : {}),
    })
    .catch((error: unknown) => {
      throw isNodeError(error) ? outboundError(GRAPH_ERROR, error) : error;
    });
  const text = response.text();
  if (!response.ok) throw new NodeError(`${GRAPH_ERROR}: ${response.status} ${text.slice(0, 1000)}`.trim(), kindOfStatus(response.status));
  if (!text) return {};
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new NodeError(`${GRAPH_ERROR}: ${response.status} the answer is not JSON`, 'operational');
  }
}

/** Every item of a Graph collection (`value`), following @odata.nextLink up to MAX_PAGES pages. */
export async function graphList(access: GraphAccess, path: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let next: string | undefined = path;
  for (let page = 0; next && page < MAX_PAGES; page++) {
    const answer = await graphCall(access, 'GET', next);
    if (Array.isArray(answer.value)) items.push(...(answer.value as Record<string, unknown>[]));
    const link = answer['@odata.nextLink'];
    // the token goes only to Graph itself: a next link elsewhere is not followed
    next = typeof link === 'string' && link.startsWith(`${access.base}/`) ? link : undefined;
  }
  return items;
}

/** A Graph resource without its @odata annotations. */
export function withoutAnnotations(resource: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(resource).filter(([key]) => !key.startsWith('@odata.')));
}
