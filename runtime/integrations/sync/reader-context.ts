/**
 * @module runtime/integrations/sync/reader-context — what a source reader's `read` gets
 * (SourceReadContext) for a job's spec: its credential in clear, weft's outbound client bound to
 * an idempotency key and a signal, the services it declares, the service URLs. The sync runner
 * and the flow tests' table datasets build it here.
 */
import type { ServiceName, ServiceUrls } from '../../../catalogue/service-urls.ts';
import type { NodeServiceName } from '../../../catalogue/services/index.ts';
import { servicesFor, type ProjectServiceProviders } from '../../core/node-services.ts';
import type { Outbound } from '../../services/outbound/client.ts';
import type { AnySourceReader, SourceReadContext, SyncJobSpec } from '../../services/sync-sources/types.ts';
import { DEFAULT_BATCH_SIZE } from './job-spec.ts';
import type { SyncCredentials } from './sync-credentials.ts';

export interface ReaderContextDeps {
  credentials: SyncCredentials;
  outbound: Pick<Outbound, 'request'>;
  serviceUrls?: ServiceUrls;
  services?: ProjectServiceProviders;
}

export interface ReadOptions {
  cursor: unknown;
  idempotencyKey: string;
  signal: AbortSignal;
  total(count: number): void;
}

export async function readerContext(deps: ReaderContextDeps, reader: AnySourceReader, spec: SyncJobSpec, options: ReadOptions): Promise<SourceReadContext<NodeServiceName>> {
  const { projectId, flowId } = spec;
  const credential = await deps.credentials(projectId, spec.credentialName);
  const binding = { idempotencyKey: options.idempotencyKey, signal: () => options.signal };
  return {
    projectId,
    flowId,
    values: spec.values,
    credential: credential.fields,
    cursor: options.cursor,
    batchSize: typeof spec.values.batchSize === 'number' ? spec.values.batchSize : DEFAULT_BATCH_SIZE,
    http: { request: (request) => deps.outbound.request(request, binding) },
    ...(deps.serviceUrls ? { serviceUrl: (name: ServiceName) => deps.serviceUrls![name] } : {}),
    services: servicesFor(deps.services ?? {}, reader.services, { projectId, credentials: { get: async (name) => (await deps.credentials(projectId, name)).fields } }),
    signal: options.signal,
    total: options.total,
  };
}
