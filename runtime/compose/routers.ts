/**
 * @module runtime/compose/routers — every router the server part of a weft process mounts
 * besides the app's own, in their order, over the process's stores and services.
 */
import type Redis from 'ioredis';
import type Router from '@koa/router';
import type { Engine } from '../../actors/engine.ts';
import type { Registry } from '../../catalogue/registry.ts';
import type { ProductionCalls } from '../core/calls/production-call.ts';
import type { SuiteRunner } from '../core/flow-tests/suite-runner.ts';
import type { ProjectServiceProviders } from '../core/node-services.ts';
import type { RunServices } from '../core/run-services.ts';
import { ConsentStates } from '../integrations/oauth/oauth-state.ts';
import { BotFrameworkAuth, keyReaderBinding } from '../integrations/teams/bot-framework-auth.ts';
import type { ToolServiceApi } from '../integrations/tool-service/service-api.ts';
import type { TriggerSubscriptions } from '../integrations/tool-service/trigger-subscriptions.ts';
import { ChatHistoryStore } from '../integrations/widgets/chat-history.ts';
import { graphqlApi } from '../http/graphql-door.ts';
import { apiKeysRouter } from '../http/routes/api-keys.ts';
import { automationWorkflowsRouter } from '../http/routes/automation-workflows.ts';
import { testCredentialsRouter } from '../http/routes/credential-tests.ts';
import { credentialsRouter } from '../http/routes/credentials.ts';
import { defaultModelsRouter } from '../http/routes/default-models.ts';
import { docsSiteRouter } from '../http/routes/docs-site.ts';
import { flowTestsRouter } from '../http/routes/flow-tests.ts';
import { syncCredentials } from '../integrations/sync/sync-credentials.ts';
import { tableRows } from '../integrations/sync/table-rows.ts';
import { logsRouter } from '../http/routes/logs.ts';
import { mcpToolsRouter } from '../http/routes/mcp-tools.ts';
import { mcpRouter } from '../http/routes/mcp.ts';
import { metricsRouter } from '../http/routes/metrics.ts';
import { oauthRouter } from '../http/routes/oauth.ts';
import { optionLoadersRouter } from '../http/routes/option-loaders.ts';
import { postgresRouter } from '../http/routes/postgres.ts';
import { runsRouter } from '../http/routes/runs.ts';
import type { RunLogger } from '../services/logs/run-logger.ts';
import { runDebugRouter } from '../http/routes/run-debug.ts';
import type { TableWebhooks } from '../http/routes/table-webhooks.ts';
import { teamsHookRouter } from '../http/routes/teams-hook.ts';
import { connectionRouter } from '../http/routes/tool-service-connections.ts';
import { triggerWebhookRouter } from '../http/routes/tool-service-webhook.ts';
import { transferRouter } from '../http/routes/transfer.ts';
import { usageRouter } from '../http/routes/usage.ts';
import { widgetsRouter } from '../http/routes/widgets.ts';
import type { CatalogueView } from '../services/flows/catalogue-view.ts';
import type { WeftMetrics } from '../services/metrics/weft-metrics.ts';
import { OAuthAppStore } from '../services/secrets/oauth-apps.ts';
import { DEFAULT_ADMIN_EMAIL } from '../services/auth/accounts.ts';
import type { SecretKeyring } from '../services/secrets/server-secret.ts';
import type { WeftOptions } from '../weft-options.ts';
import type { Services } from './services.ts';
import type { Stores } from './stores.ts';
import { widgetsDist } from '../../paths.ts';

export interface RouterParts {
  redis: Redis;
  prefix: string;
  options: WeftOptions;
  keyring: SecretKeyring;
  nodes: Registry;
  catalogue: CatalogueView;
  stores: Stores;
  services: Services;
  metrics: WeftMetrics;
  engine: Engine;
  runServices: RunServices;
  /** the services loaders declare by name */
  providers: ProjectServiceProviders;
  /** the flow tests' suite runs */
  suites: SuiteRunner;
  calls: ProductionCalls;
  /** the production call log: a production-mode re-run is recorded there */
  logs: Pick<RunLogger, 'record'>;
  toolServiceApi: ToolServiceApi;
  triggerSubscriptions: TriggerSubscriptions;
  tableWebhooks: TableWebhooks;
  /** the sync system's routes */
  sync: Router;
}

export function buildRouters(parts: RouterParts): Router[] {
  const { redis, prefix, options, stores, services, calls, runServices } = parts;
  const { credentials, apiKeys, flows, versions } = stores;
  const { outbound, serviceUrls, fresh, planOf, toolService } = services;
  return [
    metricsRouter(parts.metrics, options.metricsToken),
    runsRouter(runServices, apiKeys, stores.tests, parts.logs),
    runDebugRouter(runServices, apiKeys, parts.catalogue),
    flowTestsRouter({
      flows, tests: stores.tests, engine: parts.engine, catalogue: parts.catalogue, runner: parts.suites, apiKeys,
      tableRows: tableRows({ flows, catalogue: parts.catalogue, credentials: syncCredentials({ credentials, fresh }), outbound, serviceUrls, services: parts.providers }),
    }),
    teamsHookRouter({
      calls,
      credentials,
      auth: new BotFrameworkAuth({ http: outbound.forActor(keyReaderBinding()), metadataUrl: () => serviceUrls.botOpenId }),
    }),
    docsSiteRouter(() => parts.nodes.list()),
    usageRouter({ usage: services.usage }),
    logsRouter({ logs: stores.logs }),
    credentialsRouter({ credentials, planOf }),
    oauthRouter({
      apps: new OAuthAppStore(redis, prefix, parts.keyring, options.oauthApps),
      states: new ConsentStates(redis, prefix),
      credentials,
      tokens: services.tokens,
      serviceUrls,
      planOf,
      operatorEmails: options.operatorEmails ?? [DEFAULT_ADMIN_EMAIL],
      publicUrl: options.publicUrl ?? toolService.publicUrl,
    }),
    mcpToolsRouter({ credentials, mcp: services.mcp }),
    automationWorkflowsRouter({ credentials, outbound }),
    optionLoadersRouter({ credentials, outbound, serviceUrls, fresh, toolServiceKey: toolService.apiKey, services: parts.providers }),
    testCredentialsRouter({ credentials, outbound, serviceUrls, fresh, services: parts.providers }),
    postgresRouter({ credentials, postgres: services.postgres }),
    apiKeysRouter({ apiKeys }),
    defaultModelsRouter({ defaults: stores.defaultModels }),
    transferRouter({ catalogue: parts.catalogue, flows, versions, credentials, defaultModels: stores.defaultModels, planOf }),
    widgetsRouter({
      calls,
      history: new ChatHistoryStore(redis, { prefix, ttlSeconds: options.chatHistoryTtlSeconds }),
      scriptsDir: options.widgetsDir ?? widgetsDist,
    }),
    graphqlApi({ services: runServices, calls, flows, versions, apiKeys }),
    mcpRouter({ apiKeys, live: { flows, versions }, calls }),
    connectionRouter({ api: parts.toolServiceApi, settings: toolService, credentials, planOf, redis, prefix }),
    triggerWebhookRouter({ calls, subscriptions: parts.triggerSubscriptions, redis, prefix, webhookSecret: toolService.webhookSecret }),
    parts.tableWebhooks.router(),
    parts.sync,
  ];
}
