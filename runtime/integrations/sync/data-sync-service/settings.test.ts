import { describe, expect, it } from 'vitest';
import { Outbound } from '../../../services/outbound/client.ts';
import { dataSyncService } from './index.ts';
import { dataSyncSettingsFrom } from './settings.ts';

const base = { WEFT_DATA_SYNC_URL: 'http://airbyte.internal:8001/', WEFT_DATA_SYNC_WORKSPACE_ID: 'ws', WEFT_DATA_SYNC_DESTINATION_ID: 'dest' };

describe('the data-sync service settings (environment)', () => {
  it('are absent without WEFT_DATA_SYNC_URL: no engine, the embedded one keeps the jobs', () => {
    expect(dataSyncSettingsFrom({})).toBeNull();
    expect(dataSyncService(dataSyncSettingsFrom({}) ?? undefined, { outbound: new Outbound(), credentialsOf: () => ({ get: async () => ({}) }) })).toBeNull();
  });

  it('read the URL, basic auth, workspace, destination and each source definition', () => {
    expect(dataSyncSettingsFrom({ ...base, WEFT_DATA_SYNC_USER: 'airbyte', WEFT_DATA_SYNC_PASSWORD: 'pw', WEFT_DATA_SYNC_SOURCE_DEFINITION_SHAREPOINT: ' def-sp ' })).toEqual({
      url: 'http://airbyte.internal:8001',
      user: 'airbyte',
      password: 'pw',
      workspaceId: 'ws',
      destinationId: 'dest',
      sourceDefinitions: { sharepoint: 'def-sp' },
    });
  });

  it('refuse a half configuration, naming what is missing', () => {
    expect(() => dataSyncSettingsFrom({ WEFT_DATA_SYNC_URL: 'http://x' })).toThrow('WEFT_DATA_SYNC_URL is set: WEFT_DATA_SYNC_WORKSPACE_ID and WEFT_DATA_SYNC_DESTINATION_ID must be set too');
    expect(() => dataSyncSettingsFrom({ ...base, WEFT_DATA_SYNC_USER: 'airbyte' })).toThrow('WEFT_DATA_SYNC_USER and WEFT_DATA_SYNC_PASSWORD go together');
    expect(() => dataSyncSettingsFrom({ ...base, WEFT_DATA_SYNC_URL: 'airbyte:8001' })).toThrow('WEFT_DATA_SYNC_URL must be an http:// or https:// URL');
  });
});
