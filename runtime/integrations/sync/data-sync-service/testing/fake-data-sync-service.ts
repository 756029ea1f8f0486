/**
 * @module runtime/integrations/sync/data-sync-service/testing/fake-data-sync-service — a loopback server
 * speaking the data-sync service's API as spec 001 §7 shapes it (ids, a discovered catalog of
 * one stream, job ids, 204 deletes), answering a path otherwise when a test says so, and the
 * engine wired to it as the server would wire it (dataSyncService, outbound policy).
 */
import { definition as onedrive } from '../../../../../catalogue/data-source/onedrive-trigger-node/definition.ts';
import { startLoopbackApi, type Answer, type LoopbackApi } from '../../../../../catalogue/testing/loopback-api.ts';
import { applyDefaults } from '../../../../../catalogue/values.ts';
import { AllowList } from '../../../../services/outbound/address-policy.ts';
import { Outbound } from '../../../../services/outbound/client.ts';
import type { SourceReader, SyncJobSpec } from '../../../../services/sync-sources/types.ts';
import { dataSyncService } from '../index.ts';
import { dataSyncSettingsFrom } from '../settings.ts';

export const USER = 'weft-sync';
export const PASSWORD = 'sync-service-password-0123';
export const BASIC = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;

export const microsoftCredential = { access_token: 'access', refresh_token: 'refresh-0123', client_id: 'app-id', client_secret: 'app-secret', tenant_id: 'contoso.onmicrosoft.com' };

export const discoveredStream = {
  stream: { name: 'flow_1', supportedSyncModes: ['full_refresh', 'incremental'], defaultCursorField: ['_ab_source_file_last_modified'], sourceDefinedCursor: true },
  config: { syncMode: 'full_refresh', destinationSyncMode: 'overwrite', selected: false, aliasName: 'flow_1' },
};

export interface FakeService {
  api: LoopbackApi;
  /** answers by `METHOD path` that replace the defaults, for the test's while */
  override: Map<string, Answer>;
  /** what was sent, as `METHOD path` and parsed body */
  calls(): Array<{ call: string; body: unknown }>;
}

export async function startFakeService(): Promise<FakeService> {
  let sources = 0;
  let connections = 0;
  const override = new Map<string, Answer>();
  const defaults: Record<string, () => Answer> = {
    'POST /api/v1/sources/create': () => ({ body: { sourceId: `source-${++sources}` } }),
    'POST /api/v1/sources/update': () => ({ body: { sourceId: 'source-1' } }),
    'POST /api/v1/sources/discover_schema': () => ({ body: { catalog: { streams: [discoveredStream] }, jobInfo: { succeeded: true } } }),
    'POST /api/v1/web_backend/connections/create': () => ({ body: { connectionId: `connection-${++connections}` } }),
    'POST /api/v1/web_backend/connections/update': () => ({ body: { connectionId: 'connection-1' } }),
    'POST /api/v1/connections/update': () => ({ body: { connectionId: 'connection-1' } }),
    'POST /api/v1/connections/get': () => ({ body: { connectionId: 'connection-1', status: 'inactive', syncCatalog: { streams: [{ ...discoveredStream, config: { ...discoveredStream.config, syncMode: 'incremental', selected: true } }] } } }),
    'POST /api/v1/connections/sync': () => ({ body: { job: { id: 42, status: 'running' } } }),
  };
  const api = await startLoopbackApi((request) => {
    const call = `${request.method} ${request.url}`;
    if (request.headers.authorization !== BASIC) return { status: 401, body: { message: 'Unauthorized' } };
    const answer = override.get(call) ?? defaults[call]?.();
    if (answer) return answer;
    if (request.method === 'DELETE' && request.url.startsWith('/api/public/v1/')) return { status: 204 };
    return { status: 404, body: { message: `no ${call}` } };
  });
  return {
    api,
    override,
    calls: () => api.seen.map((request) => ({ call: `${request.method} ${request.url}`, body: request.body ? JSON.parse(request.body) : undefined })),
  };
}

export function engineFor(service: FakeService, credential: Record<string, unknown> = microsoftCredential, readerOf?: (nodeType: string) => SourceReader | undefined) {
  const env = {
    WEFT_DATA_SYNC_URL: service.api.url,
    WEFT_DATA_SYNC_USER: USER,
    WEFT_DATA_SYNC_PASSWORD: PASSWORD,
    WEFT_DATA_SYNC_WORKSPACE_ID: 'workspace-1',
    WEFT_DATA_SYNC_DESTINATION_ID: 'destination-1',
    WEFT_DATA_SYNC_SOURCE_DEFINITION_ONEDRIVE: 'def-onedrive',
    WEFT_DATA_SYNC_SOURCE_DEFINITION_SHAREPOINT: 'def-sharepoint',
    WEFT_DATA_SYNC_SOURCE_DEFINITION_S3: 'def-s3',
    WEFT_DATA_SYNC_SOURCE_DEFINITION_POSTGRES: 'def-postgres',
  };
  const outbound = new Outbound({ allow: new AllowList([service.api.hostPort]) });
  return dataSyncService(dataSyncSettingsFrom(env) ?? undefined, { outbound, credentialsOf: () => ({ get: async () => credential }), ...(readerOf ? { readerOf } : {}) })!;
}

export function onedriveSpec(values: Record<string, unknown> = {}, given: Partial<SyncJobSpec> = {}): SyncJobSpec {
  return {
    projectId: 'project_1',
    flowId: 'flow_1',
    nodeId: 'onedriveTrigger_1',
    nodeType: 'onedriveTriggerNode',
    values: applyDefaults(onedrive, { credentials: 'drive', ...values }),
    credentialName: 'drive',
    schedule: { expression: '0 0 00 ? * 1 *', timeZone: 'UTC' },
    syncMode: 'incremental',
    ...given,
  };
}
