/**
 * @module catalogue/interface/automation-trigger-node/n8n-workflows — the workflows of an n8n
 * instance that call weft (spec 000 §7 POST /api/n8nworkflow: "only those containing the
 * product's automation-service node"), read through n8n's public REST API:
 * `GET {hostUrl}/api/v1/workflows?limit=250&cursor=…` with the `X-N8N-API-KEY` header, every
 * page followed (`nextCursor`). A workflow calls weft when it holds weft's community node
 * (`n8n-nodes-weft.weft`) or an HTTP Request node whose URL is a weft flow's (`/hook/`).
 */
import { userError } from '../../errors.ts';
import { outboundError, statusError, type OutboundClient } from '../../outbound.ts';
import { isNodeError } from '../../errors.ts';

/** weft's own n8n node type (the community package `n8n-nodes-weft`, node `weft`) */
export const WEFT_N8N_NODE = 'n8n-nodes-weft.weft';
const HTTP_REQUEST_NODE = 'n8n-nodes-base.httpRequest';
/** n8n's page size bound for GET /workflows */
const PAGE_SIZE = 250;
/** pages followed at most (250 × 40 = 10,000 workflows) */
const MAX_PAGES = 40;

export interface N8nNode {
  name?: string;
  type?: string;
  parameters?: Record<string, unknown>;
}

export interface N8nWorkflow {
  id: string;
  name: string;
  nodes: N8nNode[];
}

export interface AutomationCredential {
  hostUrl: string;
  apiKey: string;
}

/** The credential's fields as an automation-service credential, or a user error naming what is missing. */
export function automationCredentialOf(fields: Record<string, unknown>): AutomationCredential {
  const hostUrl = typeof fields.hostUrl === 'string' ? fields.hostUrl.trim().replace(/\/+$/, '') : '';
  const apiKey = typeof fields.apiKey === 'string' ? fields.apiKey.trim() : '';
  if (!hostUrl || !apiKey) throw userError('An automation service credential needs its Host URL and API key');
  return { hostUrl, apiKey };
}

export const callsWeft = (workflow: N8nWorkflow): boolean =>
  workflow.nodes.some(
    (node) => node.type === WEFT_N8N_NODE || (node.type === HTTP_REQUEST_NODE && typeof node.parameters?.url === 'string' && node.parameters.url.includes('/hook/')),
  );

/** Every workflow of the instance (all pages), then those that call weft. */
export async function weftWorkflows(http: OutboundClient, credential: AutomationCredential): Promise<N8nWorkflow[]> {
  const found: N8nWorkflow[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = new URLSearchParams({ limit: String(PAGE_SIZE), ...(cursor ? { cursor } : {}) });
    const response = await http
      .request({ url: `${credential.hostUrl}/api/v1/workflows?${query}`, headers: { 'X-N8N-API-KEY': credential.apiKey, Accept: 'application/json' } })
      .catch((error: unknown) => {
        throw isNodeError(error) ? outboundError('The automation service could not be reached', error) : error;
      });
    if (!response.ok) throw statusError('The automation service refused to list its workflows', response);
    const body = parse(response.text());
    found.push(...body.data.filter(callsWeft));
    cursor = body.nextCursor ?? undefined;
    if (!cursor) break;
  }
  return found;
}

function parse(text: string): { data: N8nWorkflow[]; nextCursor?: string | null } {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw userError('The automation service answered something that is not JSON: is the Host URL an n8n instance?');
  }
  const data = (body as { data?: unknown })?.data;
  if (!Array.isArray(data)) throw userError('The automation service answered without a workflow list: is the Host URL an n8n instance?');
  const workflows = data
    .filter((w): w is Record<string, unknown> => typeof w === 'object' && w !== null)
    .map((w) => ({ id: String(w.id ?? ''), name: String(w.name ?? ''), nodes: Array.isArray(w.nodes) ? (w.nodes as N8nNode[]) : [] }));
  const next = (body as { nextCursor?: unknown }).nextCursor;
  return { data: workflows, nextCursor: typeof next === 'string' ? next : null };
}
