/**
 * @module catalogue/services — the runtime services a node may declare by name
 * (`services: ['postgres'] as const` in its definition). The executor's context then carries
 * exactly those, typed (`ctx.services.postgres`); the runtime builds them from its providers,
 * keyed by the same names (runtime/core/node-services.ts). A new service is a file here with its
 * access interface, one entry in `NodeServices` and one in `SERVICE_UNAVAILABLE`. Types and
 * data only: browser-safe, and it imports no node folder.
 */
import type { CrawlAccess } from './crawl.ts';
import type { FlowAccess } from './flows.ts';
import type { HookAccess } from './hooks.ts';
import type { McpAccess } from './mcp.ts';
import type { ModelAccess } from './models.ts';
import type { PostgresAccess } from './postgres.ts';
import type { SmtpAccess } from './smtp.ts';
import type { VectorAccess } from './vectors.ts';

/** Each service by its name, as a node reaches it. */
export interface NodeServices {
  /** the project's model gateway (runtime/services/models/) */
  models: ModelAccess;
  /** the project's vector store (runtime/services/vectors/) */
  vectors: VectorAccess;
  /** sessions with MCP servers (runtime/services/mcp-client/) */
  mcp: McpAccess;
  /** the project's other flows as tools (runtime/core/node-runner.ts) */
  flows: FlowAccess;
  /** mail servers under the outbound address policy (runtime/services/smtp/) */
  smtp: SmtpAccess;
  /** Postgres databases under the outbound address policy (runtime/services/postgres/) */
  postgres: PostgresAccess;
  /** the project's deployed flows called as webhooks (runtime/core/calls/flow-hooks.ts); none in a worker-only process */
  hooks: HookAccess;
  /** the in-process crawler's limits (WEFT_CRAWL_*; runtime/config.ts) */
  crawl: CrawlAccess;
}

export type NodeServiceName = keyof NodeServices;

/** What a node that reads a service this process does not provide fails with (weft's set-up at fault, not the flow's). */
export const SERVICE_UNAVAILABLE: Record<NodeServiceName, string> = {
  models: 'Model client not found',
  vectors: 'No vector store available',
  mcp: 'MCP servers cannot be reached from this runtime',
  flows: 'Flow tools are not available in this process',
  smtp: 'SMTP servers cannot be reached from this runtime',
  postgres: 'Postgres databases cannot be reached from this runtime',
  hooks: 'flows are called as webhooks only where the weft server runs',
  crawl: 'The crawler is not configured in this runtime',
};

export const NODE_SERVICE_NAMES = Object.keys(SERVICE_UNAVAILABLE) as NodeServiceName[];

export function isNodeServiceName(name: string): name is NodeServiceName {
  return Object.hasOwn(SERVICE_UNAVAILABLE, name);
}

/** The services of the names `S`: what `ctx.services` holds for a node declaring them. */
export type ServicesOf<S extends NodeServiceName> = Pick<NodeServices, S>;

/** The names a definition declares in `services` (never when it declares none). */
export type DeclaredServices<D> = D extends { services: readonly (infer S)[] } ? Extract<S, NodeServiceName> : never;

export type { CrawlAccess } from './crawl.ts';
export type { FlowAccess, FlowRunResult } from './flows.ts';
export type { HookAccess } from './hooks.ts';
