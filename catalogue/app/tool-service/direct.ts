/**
 * @module catalogue/app/tool-service/direct — the provider's own REST API, for credentials that
 * hold a token for it (beyond the spec: a self-hosted weft needs no broker account): Airtable
 * (`Authorization: Bearer <personal access token>`) and Notion (`Bearer <integration token>`,
 * `Notion-Version`). Failures read as the tool-service's: `{failure}: {the API's message}`.
 */
import { isNodeError, kindOfStatus, NodeError } from '../../errors.ts';
import { outboundError } from '../../outbound.ts';
import { replyError, type ToolServiceAccess } from './client.ts';

/** the Notion API version weft speaks */
export const NOTION_VERSION = '2022-06-28';

export interface ProviderRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** after the service's base URL */
  path: string;
  body?: unknown;
}

export async function providerRequest(
  access: Pick<ToolServiceAccess, 'http' | 'serviceUrl'>,
  service: 'airtable' | 'notion',
  token: string,
  failure: string,
  request: ProviderRequest,
): Promise<unknown> {
  let response;
  try {
    response = await access.http.request({
      url: `${access.serviceUrl(service)}${request.path}`,
      method: request.method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(service === 'notion' ? { 'notion-version': NOTION_VERSION } : {}),
        ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
    });
  } catch (error) {
    throw isNodeError(error) ? outboundError(failure, error) : error;
  }
  const text = response.text();
  let reply: unknown = null;
  try {
    reply = text ? JSON.parse(text) : null;
  } catch {
    reply = text;
  }
  if (!response.ok) throw new NodeError(`${failure}: ${replyError(reply) ?? `${response.status} ${response.statusText}`.trim()}`, kindOfStatus(response.status));
  return reply;
}
