/**
 * @module catalogue/app/tool-service/client — the tool-execution service's tool call (spec 002 §7
 * "Tool-execution service"): `POST {toolService}/tools/execute/{action}` with the operator's key as
 * `x-api-key` and `{connected_account_id, arguments}`; the reply `{data, error, successful}` is read
 * for an error. Every failure is the node's text (`Failed to send email`, `Failed to execute {action}`,
 * the notes workspace's `Failed to …`) followed by the reason.
 */
import { NodeError, userError } from '../../errors.ts';
import { outboundError, type OutboundClient } from '../../outbound.ts';
import { kindOfStatus, isNodeError } from '../../errors.ts';
import type { ServiceName } from '../../service-urls.ts';

/** What a tool call needs of a node's (or a loader's) context. */
export interface ToolServiceAccess {
  http: OutboundClient;
  serviceUrl(name: ServiceName): string;
  toolServiceKey?: string;
}

/** The service's reply to a tool call. */
export interface ToolReply {
  data: unknown;
  successful: boolean;
  error: string | null;
}

export const NOT_CONFIGURED = 'the tool-execution service is not configured on this server (WEFT_TOOL_SERVICE_API_KEY)';

/** The error text of a reply: `error` as text, or a nested `{message}`. */
export function replyError(reply: unknown): string | undefined {
  if (!reply || typeof reply !== 'object') return undefined;
  const { error, message } = reply as { error?: unknown; message?: unknown };
  if (typeof error === 'string' && error) return error;
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') return (error as { message: string }).message;
  const failed = (reply as { successful?: unknown }).successful === false || (reply as { object?: unknown }).object === 'error';
  if (typeof message === 'string' && message && failed) return message;
  if (error && typeof error === 'object' && typeof (error as { type?: unknown }).type === 'string') return (error as { type: string }).type;
  return undefined;
}

/** The operator's key, or the node's failure text saying the service is not set up. */
export function toolServiceKey(access: ToolServiceAccess, failure: string): string {
  if (!access.toolServiceKey) throw userError(`${failure}: ${NOT_CONFIGURED}`);
  return access.toolServiceKey;
}

/** JSON request to the tool-execution service (`path` after its base URL); the parsed answer, or a failure named `failure`. */
export async function toolServiceRequest(
  access: ToolServiceAccess,
  failure: string,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<unknown> {
  const key = toolServiceKey(access, failure);
  let response;
  try {
    response = await access.http.request({
      url: `${access.serviceUrl('toolService')}/${path}`,
      method: init.method ?? 'GET',
      headers: { 'x-api-key': key, accept: 'application/json', ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
  } catch (error) {
    throw isNodeError(error) ? outboundError(failure, error) : error;
  }
  let reply: unknown = null;
  const text = response.text();
  try {
    reply = text ? JSON.parse(text) : null;
  } catch {
    reply = null;
  }
  if (!response.ok) {
    const reason = replyError(reply) ?? `${response.status} ${response.statusText}`.trim();
    throw new NodeError(`${failure}: ${reason}`, kindOfStatus(response.status));
  }
  return reply;
}

/** One tool call; throws `{failure}: {reason}` when the service or the tool failed. */
export async function executeTool(
  access: ToolServiceAccess,
  action: string,
  connectedAccountId: string,
  args: Record<string, unknown>,
  failure = `Failed to execute ${action}`,
): Promise<ToolReply> {
  const reply = await toolServiceRequest(access, failure, `tools/execute/${encodeURIComponent(action)}`, {
    method: 'POST',
    body: { connected_account_id: connectedAccountId, arguments: args },
  });
  const error = replyError(reply);
  const successful = (reply as { successful?: unknown } | null)?.successful;
  if (error || successful === false) throw userError(`${failure}: ${error ?? 'the tool did not succeed'}`);
  return { data: (reply as { data?: unknown } | null)?.data ?? null, successful: true, error: null };
}
