/**
 * @module runtime/compose/services — the services of one weft process, built once from its
 * configuration: the outbound policy and client, OAuth tokens, plan limits and usage, models,
 * vectors, MCP, SMTP, Postgres and the crawler's limits. Nodes reach them by name
 * (runtime/core/node-services.ts); the routers and the sync system get them from here.
 */
import type Redis from 'ioredis';
import { crawlSettingsFrom } from '../../catalogue/app/crawl/settings.ts';
import { serviceUrlsFrom } from '../../catalogue/service-urls.ts';
import { freshTokens } from '../integrations/oauth/refresh.ts';
import { tokenCall } from '../integrations/oauth/token-call.ts';
import { mcpAccess } from '../services/mcp-client/mcp-access.ts';
import { ModelGateway } from '../services/models/gateway.ts';
import { AllowList } from '../services/outbound/address-policy.ts';
import { Outbound } from '../services/outbound/client.ts';
import { postgresAccess } from '../services/postgres/postgres-access.ts';
import { smtpAccess } from '../services/smtp/smtp-access.ts';
import { UsageLimits } from '../services/usage/limits.ts';
import { projectPlanReader } from '../services/usage/plan-of.ts';
import { defaultStarterLimits } from '../services/usage/plans.ts';
import { lazyVectorStore } from '../services/vectors/lazy-store.ts';
import { ProjectVectors, vectorScope } from '../services/vectors/project-vectors.ts';
import type { WeftOptions } from '../weft-options.ts';
import type { Stores } from './stores.ts';

export function buildServices(redis: Redis, prefix: string, stores: Stores, options: WeftOptions) {
  // Plan limits: production triggers count requests; nodes that store records adjust the count.
  const planOf = projectPlanReader({ projects: stores.projects, organisations: stores.organisations });
  const usage = new UsageLimits({ store: stores.usage, planOf, starter: options.starterLimits ?? defaultStarterLimits });
  const vectorStore = lazyVectorStore(options.dataDir ?? './data', options.databaseUrl);
  const allow = new AllowList(options.outboundAllow);
  const outbound = new Outbound({ allow });
  const serviceUrls = serviceUrlsFrom(options.serviceUrls);
  // OAuth: token calls go out through the outbound policy; tokens refresh before they expire
  const tokens = tokenCall(outbound);
  const fresh = freshTokens({ redis, prefix, credentials: stores.credentials, tokens, serviceUrls });
  return {
    planOf,
    usage,
    vectorStore,
    allow,
    outbound,
    serviceUrls,
    tokens,
    fresh,
    toolService: options.toolService ?? { authConfigs: {} },
    mcp: mcpAccess(outbound),
    smtp: smtpAccess({ allow, ca: options.smtpCa }),
    // the Postgres nodes, dropdowns, helper routes and the sync reader (through the sync runner) get it injected
    postgres: postgresAccess({ allow }),
    crawl: { settings: options.crawl ?? crawlSettingsFrom({}) },
    models: new ModelGateway({ defaults: stores.defaultModels, outbound, proxies: options.modelProxies ?? {} }),
    vectors: new ProjectVectors({
      store: () => vectorStore.get(),
      scopeOf: vectorScope(stores.projects, stores.organisations),
      addRecords: (projectId, added, deleted) => usage.addRecords(projectId, added, deleted),
    }),
  };
}

export type Services = ReturnType<typeof buildServices>;
