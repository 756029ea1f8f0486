/**
 * @module catalogue/app/extract-file-node/service — the remote file-parsing service (spec 002
 * §7), chosen by a "File parsing service" credential (hostUrl, apiKey): POST
 * {hostUrl}/tools/{pdf|doc}/parse with { url, password, chunk } and a bearer key answers
 * { metadata, result } (or { detail } on error); POST {hostUrl}/tools/pdf/to-images with
 * { url, password } answers { result: { images } }. The service fetches the file itself.
 */
import { isNodeError, kindOfStatus, NodeError, userError } from '../../errors.ts';
import { outboundError, statusError } from '../../outbound.ts';
import type { NodeContext } from '../../types.ts';

export const SERVICE_ERROR = 'File parsing service';

export interface ServiceCredential {
  hostUrl: string;
  apiKey: string;
}

export interface ServiceAnswer {
  metadata: Record<string, unknown>;
  result: unknown;
}

/** The credential's fields, checked; errors name the field, never a value. */
export async function serviceCredential(name: string, ctx: NodeContext): Promise<ServiceCredential> {
  const fields = await ctx.credentials.get(name);
  const hostUrl = typeof fields.hostUrl === 'string' ? fields.hostUrl.trim().replace(/\/+$/, '') : '';
  const apiKey = typeof fields.apiKey === 'string' ? fields.apiKey : '';
  if (!hostUrl || !apiKey) throw userError(`${SERVICE_ERROR}: the credential ${name} needs a hostUrl and an apiKey`);
  return { hostUrl, apiKey };
}

export type ServiceCall = { path: 'pdf/parse' | 'doc/parse'; body: { url: string; password: string; chunk: boolean } } | { path: 'pdf/to-images'; body: { url: string; password: string } };

export async function callService(call: ServiceCall, credential: ServiceCredential, timeoutSeconds: number, ctx: NodeContext): Promise<ServiceAnswer> {
  let response;
  try {
    response = await ctx.http.request({
      url: `${credential.hostUrl}/tools/${call.path}`,
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${credential.apiKey}` },
      body: JSON.stringify(call.body),
      timeoutSeconds,
      maxResponseMB: 100,
    });
  } catch (error) {
    if (ctx.signal.aborted || !isNodeError(error)) throw error;
    throw outboundError(SERVICE_ERROR, error);
  }
  const reply = parseJson(response.text());
  if (!response.ok) {
    const detail = typeof reply?.detail === 'string' ? reply.detail : undefined;
    throw detail ? new NodeError(`${SERVICE_ERROR}: ${detail}`, kindOfStatus(response.status)) : statusError(SERVICE_ERROR, response);
  }
  if (!reply || !('result' in reply)) throw userError(`${SERVICE_ERROR}: the answer holds no result`);
  const metadata = reply.metadata && typeof reply.metadata === 'object' ? (reply.metadata as Record<string, unknown>) : {};
  return { metadata, result: reply.result };
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
