/**
 * @module catalogue/sync-reader — how a data-source node's sync is read (spec 001): its
 * `SourceReader`, which the node declares (`defineNode(…, { syncReader })`) and the embedded
 * sync engine (runtime/integrations/sync/) calls for each sync, batch after batch.
 */
import type { NodeServiceName, ServicesOf } from './services/index.ts';
import type { OutboundClient } from './outbound.ts';
import type { ServiceName } from './service-urls.ts';

/** what a source reader gets for one read */
export interface SourceReadContext<S extends NodeServiceName = never> {
  projectId: string;
  flowId: string;
  /** the trigger node's values (checked against its definition) */
  values: Record<string, unknown>;
  /** the credential's fields in clear (OAuth: a fresh access token); only inside the worker */
  credential: Record<string, unknown>;
  /** what the last completed batch of the last sync left (null: read from the start; full refresh always gets null) */
  cursor: unknown;
  batchSize: number;
  /** every outbound HTTP call goes through weft's client and its address policy */
  http: OutboundClient;
  /**
   * the base URL of a public service the source calls (catalogue/service-urls.ts, e.g. `graph`),
   * as the server's settings give it; absent: the environment's (WEFT_SERVICE_URL_<NAME>)
   */
  serviceUrl?(name: ServiceName): string;
  /** the services the reader declares (`services`), built by the runtime from the same providers as a node's */
  services: ServicesOf<S>;
  signal: AbortSignal;
  /** the total, once the source knows it (records or files), for the progress bar */
  total(count: number): void;
}

/**
 * One batch read from a source. The embedded engine starts one run of the flow per element of
 * `runs` (table sources: one run per batch with `{records, stream}`; file sources: one run per
 * document with the spec's outputs, e.g. `{document_key, content, document_url}`), then stores
 * `cursor`, so a worker killed mid-sync resumes after the last batch whose runs were started
 * and starts none of them twice (run ids are derived from the sync and batch).
 */
export interface SourceBatch {
  runs: Record<string, unknown>[];
  /** records in this batch (a table batch counts its rows, a document counts 1) */
  records: number;
  cursor: unknown;
}

export interface SourceReader<S extends NodeServiceName = never> {
  /** the data-source node's type, e.g. 'postgresTriggerNode' */
  nodeType: string;
  /** the services `read` uses, by name (catalogue/services/), as a node declares its own */
  services?: readonly S[];
  /** spec 001 §4 update rules: a change of any of these fields recreates source and connection */
  recreateOn: readonly string[];
  /** a change of only these (and no recreateOn field) updates the source and starts a sync */
  resyncOn: readonly string[];
  /** checks a job can be set up (spec 001 §5, §8 texts); throws a user error otherwise */
  check(values: Record<string, unknown>, credential: Record<string, unknown>): void;
  read(ctx: SourceReadContext<S>): AsyncIterable<SourceBatch>;
}

/** A reader of any services, as the catalogue list and the sync engine hold it. */
export type AnySourceReader = SourceReader<NodeServiceName>;
