import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SourceReader } from '../../../services/sync-sources/types.ts';
import { DataSyncServiceEngine } from './engine.ts';
import { BASIC, discoveredStream, engineFor, microsoftCredential, onedriveSpec, startFakeService, type FakeService } from './testing/fake-data-sync-service.ts';

let service: FakeService;
beforeEach(async () => void (service = await startFakeService()));
afterEach(() => service.api.close());

const oauthClient = { auth_type: 'Client', tenant_id: 'contoso.onmicrosoft.com', client_id: 'app-id', client_secret: 'app-secret', refresh_token: 'refresh-0123' };
const documentStream = { name: 'flow_1', globs: ['**/*.pdf', '**/*.docx', '**/*.txt', '**/*.pptx', '**/*.md'], validation_policy: 'Emit Record', days_to_sync_if_history_is_full: 3, format: { filetype: 'unstructured', strategy: 'auto', skip_unprocessable_files: true } };
const schedule = { scheduleType: 'cron', scheduleData: { cron: { cronTimeZone: 'UTC', cronExpression: '0 0 00 ? * 1 *' } } };
const incrementalStream = { stream: discoveredStream.stream, config: { ...discoveredStream.config, syncMode: 'incremental', destinationSyncMode: 'append', cursorField: ['_ab_source_file_last_modified'], selected: true } };

describe('the data-sync service engine: creating a job (spec 001 §4, §7)', () => {
  it('creates the source, discovers its streams, creates the active cron connection, starts the first sync', async () => {
    const engine = engineFor(service);
    expect(engine).toBeInstanceOf(DataSyncServiceEngine);
    const record = await engine.create(onedriveSpec({ folder_path: 'Reports', start_date: '2026-01-01T00:00:00.000000Z' }));
    expect(record).toEqual({ source: 'source-1', destination: 'destination-1', connection: 'connection-1', status: 'active', credentialId: 'drive', engine: 'dataSyncService' });
    expect(service.calls()).toEqual([
      {
        call: 'POST /api/v1/sources/create',
        body: {
          name: 'flow_1-onedrive',
          workspaceId: 'workspace-1',
          sourceDefinitionId: 'def-onedrive',
          connectionConfiguration: { credentials: oauthClient, drive_name: 'OneDrive', folder_path: 'Reports', search_scope: 'ALL', streams: [documentStream], start_date: '2026-01-01T00:00:00.000000Z' },
        },
      },
      { call: 'POST /api/v1/sources/discover_schema', body: { sourceId: 'source-1', disable_cache: true } },
      {
        call: 'POST /api/v1/web_backend/connections/create',
        body: {
          sourceId: 'source-1',
          destinationId: 'destination-1',
          name: 'flow_1-onedrive',
          ...schedule,
          namespaceDefinition: 'destination',
          nonBreakingChangesPreference: 'propagate_columns',
          geography: 'auto',
          syncCatalog: { streams: [incrementalStream] },
          backfillPreference: 'disabled',
          status: 'active',
        },
      },
      { call: 'POST /api/v1/connections/sync', body: { connectionId: 'connection-1' } },
    ]);
    expect(service.api.seen.every((request) => request.headers.authorization === BASIC)).toBe(true);
  });

  it('sends SharePoint its site, and ACCESSIBLE_DRIVES when no scope is given; full refresh streams in full', async () => {
    await engineFor(service).create(
      onedriveSpec({ site_url: 'https://contoso.sharepoint.com/sites/marketing', search_scope: '' }, { nodeType: 'sharepointTriggerNode', syncMode: 'full_refresh' }),
    );
    const [source, , connection] = service.calls();
    expect(source!.body).toMatchObject({
      name: 'flow_1-sharepoint',
      sourceDefinitionId: 'def-sharepoint',
      connectionConfiguration: { credentials: oauthClient, site_url: 'https://contoso.sharepoint.com/sites/marketing', folder_path: '.', search_scope: 'ACCESSIBLE_DRIVES', streams: [documentStream] },
    });
    expect((source!.body as { connectionConfiguration: object }).connectionConfiguration).not.toHaveProperty('start_date');
    expect((connection!.body as { syncCatalog: unknown }).syncCatalog).toEqual({
      streams: [{ stream: discoveredStream.stream, config: { ...discoveredStream.config, syncMode: 'full_refresh', destinationSyncMode: 'append', selected: true } }],
    });
  });

  it("sends S3's payload (spec 001 §7) and Postgres with Xmin replication, syncing only the chosen tables", async () => {
    const s3 = engineFor(service, { awsAccessKeyId: 'AKIA0000', awsSecretAccessKey: 'secret-key', awsRegion: 'eu-west-1' });
    await s3.create(onedriveSpec({ bucket: 'docs', strategy: 'hi_res' }, { nodeType: 's3TriggerNode', credentialName: 's3' }));
    const s3Stream = { ...documentStream, format: { ...documentStream.format, strategy: 'hi_res' } };
    expect((service.calls()[0]!.body as { connectionConfiguration: unknown }).connectionConfiguration).toEqual({
      bucket: 'docs', format: s3Stream.format, streams: [s3Stream], region: 'eu-west-1', aws_access_key_id: 'AKIA0000', aws_secret_access_key: 'secret-key',
    });

    service.api.seen.length = 0;
    const users = { stream: { name: 'users', namespace: 'public', supportedSyncModes: ['full_refresh', 'incremental'] }, config: { syncMode: 'full_refresh', destinationSyncMode: 'overwrite' } };
    service.override.set('POST /api/v1/sources/discover_schema', { body: { catalog: { streams: [users, { ...users, stream: { ...users.stream, name: 'audit' } }] } } });
    const pg = engineFor(service, { host: 'https://db.example.com/', port: '5432', dbName: 'app', username: 'reader', password: 'pw', sslMode: 'verify-ca', ca_certificate: 'PEM' });
    await pg.create({ ...onedriveSpec({}, { nodeType: 'postgresTriggerNode', syncMode: 'incremental_append' }), values: { credentials: 'pg', schemas: ['public'], tables: ['users'] } });
    const [source, , connection] = service.calls();
    expect((source!.body as { connectionConfiguration: unknown }).connectionConfiguration).toEqual({
      host: 'db.example.com', port: 5432, database: 'app', username: 'reader', password: 'pw', schemas: ['public'],
      ssl_mode: { mode: 'verify-ca', ca_certificate: 'PEM' }, replication_method: { method: 'Xmin' }, tunnel_method: { tunnel_method: 'NO_TUNNEL' },
    });
    const streams = (connection!.body as { syncCatalog: { streams: Array<{ stream: { name: string }; config: { selected: boolean; syncMode: string } }> } }).syncCatalog.streams;
    expect(streams.map((s) => [s.stream.name, s.config.selected, s.config.syncMode])).toEqual([['users', true, 'incremental'], ['audit', false, 'incremental']]);
  });
});

describe('the data-sync service engine: updating a job (spec 001 §4)', () => {
  const record = { source: 'source-1', destination: 'destination-1', connection: 'connection-1', status: 'inactive' as const, credentialId: 'drive', engine: 'dataSyncService' as const };

  it('a new schedule or sync mode only updates the connection, active again', async () => {
    const next = onedriveSpec({ syncMode: 'full_refresh', cronExpression: '0 0 12 * * ? * Europe/Paris' }, { syncMode: 'full_refresh', schedule: { expression: '0 0 12 * * ? *', timeZone: 'Europe/Paris' } });
    expect(await engineFor(service).update(record, onedriveSpec(), next)).toEqual({ ...record, status: 'active' });
    expect(service.calls()).toEqual([
      { call: 'POST /api/v1/connections/get', body: { connectionId: 'connection-1' } },
      {
        call: 'POST /api/v1/web_backend/connections/update',
        body: {
          connectionId: 'connection-1',
          scheduleType: 'cron',
          scheduleData: { cron: { cronTimeZone: 'Europe/Paris', cronExpression: '0 0 12 * * ? *' } },
          syncCatalog: { streams: [{ stream: discoveredStream.stream, config: { ...discoveredStream.config, syncMode: 'full_refresh', destinationSyncMode: 'append', selected: true } }] },
          status: 'active',
        },
      },
    ]);
  });

  it('anything else re-saves the source (its id kept), updates the connection and starts a run', async () => {
    await engineFor(service).update(record, onedriveSpec(), onedriveSpec({ folder_path: 'Archive' }));
    const calls = service.calls();
    expect(calls.map((c) => c.call)).toEqual(['POST /api/v1/sources/update', 'POST /api/v1/connections/get', 'POST /api/v1/web_backend/connections/update', 'POST /api/v1/connections/sync']);
    expect(calls[0]!.body).toMatchObject({ sourceId: 'source-1', name: 'flow_1-onedrive', workspaceId: 'workspace-1', sourceDefinitionId: 'def-onedrive', connectionConfiguration: { folder_path: 'Archive' } });
  });

  it("a change of a reader's recreateOn field makes a new source and connection, then deletes the old ones", async () => {
    const reader: SourceReader = { nodeType: 'onedriveTriggerNode', recreateOn: ['drive_name'], resyncOn: [], check: () => {}, read: async function* () {} };
    const engine = engineFor(service, microsoftCredential, () => reader);
    const next = await engine.update({ ...record, source: 'old-source', connection: 'old-connection' }, onedriveSpec(), onedriveSpec({ drive_name: 'Team' }));
    expect(next).toMatchObject({ source: 'source-1', connection: 'connection-1', status: 'active' });
    expect(service.calls().map((c) => c.call)).toEqual([
      'POST /api/v1/sources/create',
      'POST /api/v1/sources/discover_schema',
      'POST /api/v1/web_backend/connections/create',
      'POST /api/v1/connections/sync',
      'DELETE /api/public/v1/connections/old-connection',
      'DELETE /api/public/v1/sources/old-source',
    ]);
  });

  it('checks the stored credential first: no refresh token, no call (spec 001 §5)', async () => {
    const { refresh_token: _, ...withoutRefresh } = microsoftCredential;
    await expect(engineFor(service, withoutRefresh).create(onedriveSpec())).rejects.toThrow(/^Credentials not found for workflow$/);
    expect(service.calls()).toEqual([]);
  });
});
