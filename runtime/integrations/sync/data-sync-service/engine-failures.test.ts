import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INACTIVE_SYNC_CONFIG } from '../../../services/sync-sources/types.ts';
import { engineFor, onedriveSpec, startFakeService, type FakeService } from './testing/fake-data-sync-service.ts';

let service: FakeService;
beforeEach(async () => void (service = await startFakeService()));
afterEach(() => service.api.close());

const refused = { status: 500, body: { message: 'Internal Server Error: connector crashed' } };
const record = { source: 'source-1', destination: 'destination-1', connection: 'connection-1', status: 'active' as const, credentialId: 'drive', engine: 'dataSyncService' as const };
const calls = () => service.calls().map((c) => c.call);

describe('the data-sync service engine: a create that fails leaves nothing behind (spec 001 §4, §8)', () => {
  it("a source the service refuses: 'Unable to setup onedrive source for workflow: {id}'", async () => {
    service.override.set('POST /api/v1/sources/create', { status: 422, body: { message: 'bad config' } });
    const failure = engineFor(service).create(onedriveSpec());
    await expect(failure).rejects.toThrow(/^Unable to setup onedrive source for workflow: flow_1$/);
    await expect(failure).rejects.toMatchObject({ kind: 'user', cause: { message: expect.stringContaining('422') } });
    expect(calls()).toEqual(['POST /api/v1/sources/create']);
  });

  it("a schema that cannot be discovered: 'Unable to discover schema for the source', the source deleted", async () => {
    service.override.set('POST /api/v1/sources/discover_schema', refused);
    await expect(engineFor(service).create(onedriveSpec())).rejects.toThrow(/^Unable to discover schema for the source$/);
    expect(calls()).toEqual(['POST /api/v1/sources/create', 'POST /api/v1/sources/discover_schema', 'DELETE /api/public/v1/sources/source-1']);
  });

  it('a connection the service refuses: the SharePoint/OneDrive text, the source deleted', async () => {
    service.override.set('POST /api/v1/web_backend/connections/create', refused);
    const failure = engineFor(service).create(onedriveSpec());
    await expect(failure).rejects.toThrow(/^Unable to setup sharepoint\/onedrive source or connection for workflow$/);
    await expect(failure).rejects.toMatchObject({ kind: 'operational' });
    expect(calls().slice(-2)).toEqual(['POST /api/v1/web_backend/connections/create', 'DELETE /api/public/v1/sources/source-1']);
  });

  it("S3's texts carry the reason, inside 'S3 Job Setup Failed with error: {message}'", async () => {
    service.override.set('POST /api/v1/web_backend/connections/create', refused);
    const s3 = engineFor(service, { awsAccessKeyId: 'AKIA', awsSecretAccessKey: 'secret', awsRegion: 'us-east-1' });
    const spec = onedriveSpec({ bucket: 'docs' }, { nodeType: 's3TriggerNode' });
    const failure = s3.create(spec);
    await expect(failure).rejects.toThrow(
      /^S3 Job Setup Failed with error: Unable to setup S3 Job: POST \/api\/v1\/web_backend\/connections\/create: 500 \{"message":"Internal Server Error: connector crashed"\}$/,
    );
    await expect(failure).rejects.toMatchObject({ kind: 'operational' });
    service.override.set('POST /api/v1/sources/create', { status: 422, body: { message: 'bad bucket' } });
    await expect(s3.create(spec)).rejects.toThrow(/^S3 Job Setup Failed with error: Unable to setup S3 Source: .*bad bucket/);
    // a step with a text of its own for every source type keeps it inside
    service.override.delete('POST /api/v1/sources/create');
    service.override.set('POST /api/v1/sources/discover_schema', refused);
    await expect(s3.create(spec)).rejects.toThrow(/^S3 Job Setup Failed with error: Unable to discover schema for the source$/);
  });

  it('a first sync that cannot start: the connection and the source deleted', async () => {
    service.override.set('POST /api/v1/connections/sync', refused);
    await expect(engineFor(service).create(onedriveSpec())).rejects.toThrow(/^Unable to run the job, please check the flow configuration and try again$/);
    expect(calls().slice(-3)).toEqual(['POST /api/v1/connections/sync', 'DELETE /api/public/v1/connections/connection-1', 'DELETE /api/public/v1/sources/source-1']);
  });

  it('a source type without a source definition id is refused before any call', async () => {
    await expect(engineFor(service).create(onedriveSpec({}, { nodeType: 'googleSheetsTriggerNode' }))).rejects.toThrow(/^Unable to setup source for Google Sheets/);
    await expect(engineFor(service).create(onedriveSpec({}, { nodeType: 'webhookTriggerNode' }))).rejects.toThrow(/^Unable to create the job: webhookTriggerNode/);
    expect(calls()).toEqual([]);
  });
});

describe('the data-sync service engine: pause, resume, run, delete', () => {
  it('pause and resume set the connection status', async () => {
    const engine = engineFor(service);
    expect(await engine.pause(record, onedriveSpec())).toEqual({ ...record, status: 'inactive' });
    expect(await engine.resume({ ...record, status: 'inactive' }, onedriveSpec())).toEqual(record);
    expect(service.calls()).toEqual([
      { call: 'POST /api/v1/connections/update', body: { connectionId: 'connection-1', status: 'inactive' } },
      { call: 'POST /api/v1/connections/update', body: { connectionId: 'connection-1', status: 'active' } },
    ]);
    service.override.set('POST /api/v1/connections/update', refused);
    await expect(engine.pause(record, onedriveSpec())).rejects.toThrow(/^Unable to update the job status, please try again or contact support$/);
  });

  it('runs a sync now, answering its job id', async () => {
    expect(await engineFor(service).runNow(record, onedriveSpec())).toBe('42');
    service.override.set('POST /api/v1/connections/sync', refused);
    await expect(engineFor(service).runNow(record, onedriveSpec())).rejects.toThrow(/^Unable to start the job for the flow$/);
  });

  it('reads the state from the connection', async () => {
    expect(await engineFor(service).state(record, onedriveSpec())).toMatchObject({ flowId: 'flow_1', engine: 'dataSyncService', state: 'paused', config: record });
    expect(await engineFor(service).state(INACTIVE_SYNC_CONFIG, onedriveSpec())).toMatchObject({ state: 'inactive' });
  });

  it('deletes the connection and the source (204 each), answering the inactive record', async () => {
    expect(await engineFor(service).delete(record, onedriveSpec())).toEqual(INACTIVE_SYNC_CONFIG);
    expect(calls()).toEqual(['DELETE /api/public/v1/connections/connection-1', 'DELETE /api/public/v1/sources/source-1']);
  });

  it("any other status than 204 is a failure: 'Unable to delete existing job'", async () => {
    service.override.set('DELETE /api/public/v1/sources/source-1', { status: 200, body: {} });
    await expect(engineFor(service).delete(record, onedriveSpec())).rejects.toThrow(/^Unable to delete existing job$/);
    service.override.set('DELETE /api/public/v1/connections/connection-1', { status: 404, body: { message: 'not found' } });
    await expect(engineFor(service).delete(record, onedriveSpec())).rejects.toThrow(/^Unable to delete existing job$/);
  });
});
