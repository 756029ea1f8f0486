/**
 * @module runtime/services/sync-sources/testing/read-source — one sync of a SourceReader as the embedded
 * engine runs it, for the readers' tests: the node's values checked against its definition,
 * weft's outbound client allowed to reach the test's loopback servers only, the service URLs
 * pointed at them; answers every batch and the total the reader announced.
 */
import type { NodeDefinition } from '../../../../catalogue/types.ts';
import { serviceUrlsFrom, type ServiceUrls } from '../../../../catalogue/service-urls.ts';
import { checkValues } from '../../../../catalogue/values.ts';
import { AllowList } from '../../outbound/address-policy.ts';
import { Outbound } from '../../outbound/client.ts';
import type { SourceBatch, SourceReadContext, SourceReader } from '../types.ts';

export interface ReadOptions {
  definition: NodeDefinition;
  values: Record<string, unknown>;
  credential: Record<string, unknown>;
  cursor?: unknown;
  /** `host:port` of the test's loopback servers */
  allow: string[];
  serviceUrls: Partial<ServiceUrls>;
}

export function readContext(options: ReadOptions, total: (count: number) => void = () => {}): SourceReadContext {
  const { values, problems } = checkValues(options.definition, options.values, { resolved: true });
  if (problems.length) throw new Error(problems.map((p) => p.message).join('; '));
  const outbound = new Outbound({ allow: new AllowList(options.allow) });
  const urls = serviceUrlsFrom(options.serviceUrls);
  const signal = new AbortController().signal;
  return {
    projectId: 'project_1',
    flowId: 'flow_1',
    values,
    credential: options.credential,
    cursor: options.cursor ?? null,
    batchSize: Number(values.batchSize ?? 200),
    http: outbound.forActor({ idempotencyKey: 'sync_1/batch', signal: () => signal }),
    serviceUrl: (name) => urls[name],
    services: {},
    signal,
    total,
  };
}

export async function readSource(reader: SourceReader, options: ReadOptions): Promise<{ batches: SourceBatch[]; total?: number }> {
  let total: number | undefined;
  const batches: SourceBatch[] = [];
  for await (const batch of reader.read(readContext(options, (count) => (total = count)))) batches.push(batch);
  return { batches, total };
}
