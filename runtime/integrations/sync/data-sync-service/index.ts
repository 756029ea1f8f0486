/**
 * @module runtime/integrations/sync/data-sync-service/index — the data-sync service engine as the server
 * builds it: from the configured settings (settings.ts, read by runtime/config.ts), its calls through weft's outbound
 * client, or null when the operator configured no service (then the embedded engine keeps
 * every job). The core's engine choice (`engineFor`) calls this once at start.
 */
import { randomUUID } from 'node:crypto';
import type { CredentialReader } from '../../../../catalogue/types.ts';
import type { Outbound } from '../../../services/outbound/client.ts';
import type { SourceReader } from '../../../services/sync-sources/types.ts';
import { DataSyncClient } from './client.ts';
import { DataSyncServiceEngine } from './engine.ts';
import type { DataSyncSettings } from './settings.ts';

export interface DataSyncServiceWiring {
  outbound: Outbound;
  /** the project's credentials, decrypted, OAuth ones refreshed (runtime/services/secrets/credential-access.ts with `fresh`) */
  credentialsOf(projectId: string): CredentialReader;
  /** the node types' SourceReaders (their checks and update rules); default runtime/services/sync-sources/index.ts */
  readerOf?(nodeType: string): SourceReader | undefined;
}

export function dataSyncService(settings: DataSyncSettings | undefined, wiring: DataSyncServiceWiring): DataSyncServiceEngine | null {
  if (!settings) return null;
  // each call its own key: the service's calls are no actor's retried step
  const http = { request: (request: Parameters<Outbound['request']>[0]) => wiring.outbound.request(request, { idempotencyKey: `data-sync/${randomUUID()}`, signal: () => new AbortController().signal }) };
  return new DataSyncServiceEngine({ client: new DataSyncClient(settings, http), settings, credentialsOf: wiring.credentialsOf, ...(wiring.readerOf ? { readerOf: wiring.readerOf } : {}) });
}
