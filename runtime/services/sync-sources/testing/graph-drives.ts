/**
 * @module runtime/services/sync-sources/testing/graph-drives — what the OneDrive and SharePoint reader
 * tests need around a loopback server speaking Microsoft Graph: an answer table by path, files
 * as Graph describes them, and a SourceReadContext whose calls may reach only that server.
 */
import { AllowList } from '../../outbound/address-policy.ts';
import { Outbound } from '../../outbound/client.ts';
import type { Answer, LoopbackApi, SeenRequest } from '../../../../catalogue/testing/loopback-api.ts';
import type { OptionLoaderContext } from '../../../../catalogue/option-loaders.ts';
import type { SourceBatch, SourceReadContext, SourceReader } from '../types.ts';

export const ACCESS_TOKEN = 'graph-delegated-access-token-for-sync-0123456789';

/** the credential a sync gets: an OAuth record with its access token fresh */
export const microsoftCredential = {
  access_token: ACCESS_TOKEN,
  refresh_token: 'refresh-token-0123456789',
  client_id: 'app-id',
  client_secret: 'app-secret-0123456789',
  tenant_id: 'contoso.onmicrosoft.com',
};

/** a file item of a children listing */
export const fileItem = (id: string, name: string, lastModifiedDateTime: string) => ({ id, name, file: { mimeType: 'application/octet-stream' }, lastModifiedDateTime, webUrl: `https://contoso-my.sharepoint.com/${name}` });
export const folderItem = (id: string, name: string) => ({ id, name, folder: { childCount: 1 } });
export const list = (...value: unknown[]) => ({ body: { value } });

/** answers by path (query included); anything else 404 as Graph says it */
export function graphTable(table: Map<string, Answer | (() => Answer)>) {
  return (request: SeenRequest): Answer => {
    const answer = table.get(request.url);
    if (!answer) return { status: 404, body: { error: { code: 'itemNotFound', message: `no ${request.url}` } } };
    return typeof answer === 'function' ? answer() : answer;
  };
}

export function readContext(graph: LoopbackApi, values: Record<string, unknown>, cursor: unknown = null, batchSize = 10): SourceReadContext & { totals: number[] } {
  const outbound = new Outbound({ allow: new AllowList([graph.hostPort]) });
  const totals: number[] = [];
  return {
    projectId: 'project_1',
    flowId: 'flow_1',
    values,
    credential: microsoftCredential,
    cursor,
    batchSize,
    http: { request: (request) => outbound.request(request, { idempotencyKey: 'sync/1', signal: () => new AbortController().signal }) },
    serviceUrl: () => graph.url,
    services: {},
    signal: new AbortController().signal,
    total: (count) => void totals.push(count),
    totals,
  };
}

/** what a form dropdown's loader gets: the credential's fields under any name, calls only to the loopback Graph */
export function loaderContext(graph: LoopbackApi, fields: Record<string, unknown>): OptionLoaderContext {
  return { projectId: 'project_1', credentials: { get: async () => fields }, http: readContext(graph, {}).http, serviceUrl: () => graph.url, services: {} };
}

export async function readAll(reader: SourceReader, ctx: SourceReadContext): Promise<SourceBatch[]> {
  const batches: SourceBatch[] = [];
  for await (const batch of reader.read(ctx)) batches.push(batch);
  return batches;
}
