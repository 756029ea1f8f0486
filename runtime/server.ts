/**
 * @module runtime/server — one weft process: the HTTP server and/or the workers (by role),
 * against one Redis. `npm start`, the tests and the benchmarks all start weft through here.
 */
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { connectStores } from './services/stores/slot-transactions.ts';
import { Engine } from '../actors/engine.ts';
import { redisOutage } from '../actors/redis-outage.ts';
import { nodes as catalogueNodes, registry } from '../catalogue/nodes.ts';
import { createRegistry } from '../catalogue/registry.ts';
import { userError } from '../catalogue/errors.ts';
import type { CatalogueNode } from '../catalogue/types.ts';
import { ChatHistoryStore } from './integrations/widgets/chat-history.ts';
import { widgetsRouter } from './http/routes/widgets.ts';
import { editorDist, widgetsDist } from '../paths.ts';
import { createApp } from './http/app.ts';
import { webhookEndpoint, webhookRoute } from './http/webhook-endpoint.ts';
import { graphqlApi } from './http/graphql-door.ts';
import { BotFrameworkAuth, keyReaderBinding } from './integrations/teams/bot-framework-auth.ts';
import { teamsHookRouter } from './http/routes/teams-hook.ts';
import { mcpRouter } from './http/routes/mcp.ts';
import { runsRouter } from './http/routes/runs.ts';
import { staticFiles } from './http/static-files.ts';
import { catalogueView } from './services/flows/catalogue-view.ts';
import { compileForRun } from './services/flows/compile.ts';
import { Deployments } from './services/flows/deployments.ts';
import { DefaultModelsStore } from './services/models/default-models.ts';
import { defaultModelsRouter } from './http/routes/default-models.ts';
import { modelGatewayFromEnv } from './services/models/from-env.ts';
import { vectorStoreFromEnv, type LazyVectorStore } from './services/vectors/from-env.ts';
import { ProjectVectors, vectorScope } from './services/vectors/project-vectors.ts';
import { mcpAccess } from './services/mcp-client/mcp-access.ts';
import { mcpToolsRouter } from './http/routes/mcp-tools.ts';
import { smtpAccess } from './services/smtp/smtp-access.ts';
import { postgresAccess } from './services/postgres/postgres-access.ts';
import type { ProjectServiceProviders } from './core/node-services.ts';
import { postgresRouter } from './http/routes/postgres.ts';
import { testCredentialsRouter } from './http/routes/credential-tests.ts';
import { optionLoadersRouter } from './http/routes/option-loaders.ts';
import { createNodeRunner } from './core/node-runner.ts';
import { AllowList } from './services/outbound/address-policy.ts';
import { Outbound } from './services/outbound/client.ts';
import { createRunServices } from './core/run-services.ts';
import { ProductionCalls } from './core/calls/production-call.ts';
import { flowHooks } from './core/calls/flow-hooks.ts';
import { loadLimits, LoadShedder, type LoadLimits } from './core/calls/load-shedding.ts';
import { docsSiteRouter } from './http/routes/docs-site.ts';
import { FlowVersionStore } from './services/stores/flow-versions.ts';
import { FlowStore } from './services/stores/flows.ts';
import { ProjectStore } from './services/stores/projects.ts';
import { OrganisationStore } from './services/stores/organisations.ts';
import { UsageStore } from './services/stores/usage.ts';
import { UsageLimits } from './services/usage/limits.ts';
import { projectPlanReader } from './services/usage/plan-of.ts';
import { defaultStarterLimits, type StarterLimits } from './services/usage/plans.ts';
import { usageRouter } from './http/routes/usage.ts';
import { logsRouter } from './http/routes/logs.ts';
import { logPublisher, type LogPublisherConfig } from './services/logs/publisher.ts';
import { RunLogger } from './services/logs/run-logger.ts';
import { LogStore } from './services/stores/logs.ts';
import { OutageSpool } from './services/logs/outage-spool.ts';
import { IdempotencyKeys } from './core/calls/idempotency.ts';
import { WeftMetrics } from './services/metrics/weft-metrics.ts';
import { metricsRouter } from './http/routes/metrics.ts';
import { productionDoorOf } from './http/production-doors.ts';
import { apiKeysRouter } from './http/routes/api-keys.ts';
import { credentialsRouter } from './http/routes/credentials.ts';
import { credentialAccess } from './services/secrets/credential-access.ts';
import { serviceUrlsFrom, type ServiceUrls } from '../catalogue/service-urls.ts';
import type { RouteEntry } from './http/app.ts';
import { transferRouter } from './http/routes/transfer.ts';
import { automationWorkflowsRouter } from './http/routes/automation-workflows.ts';
import { loadServerSecret, type SecretKeyring } from './services/secrets/server-secret.ts';
import { ApiKeyStore } from './services/stores/api-keys.ts';
import { CredentialStore } from './services/stores/credentials.ts';
import { OAuthAppStore } from './services/secrets/oauth-apps.ts';
import { ConsentStates } from './integrations/oauth/oauth-state.ts';
import { freshTokens } from './integrations/oauth/refresh.ts';
import { oauthRouter } from './http/routes/oauth.ts';
import { tokenCall } from './integrations/oauth/token-call.ts';
import { DEFAULT_ADMIN_EMAIL } from './services/auth/accounts.ts';
import { connectionRouter } from './http/routes/tool-service-connections.ts';
import { ToolServiceApi } from './integrations/tool-service/service-api.ts';
import type { ToolServiceSettings } from './integrations/tool-service/settings.ts';
import { TeamsAppInstallations } from './integrations/teams/teams-app-installations.ts';
import { TableWebhooks } from './http/routes/table-webhooks.ts';
import { TriggerSubscriptions } from './integrations/tool-service/trigger-subscriptions.ts';
import { triggerWebhookRouter } from './http/routes/tool-service-webhook.ts';
import { addSourceReader } from './services/sync-sources/index.ts';
import { dataSyncServiceFromEnv } from './integrations/sync/data-sync-service/index.ts';
import { startSyncSystem, type SyncSettings, type SyncSystem } from './sync-system.ts';
import type { SourceReader } from './services/sync-sources/types.ts';

export interface WeftOptions {
  redisUrl: string;
  port?: number;
  host?: string;
  prefix?: string;
  role?: 'all' | 'server' | 'worker';
  concurrency?: number;
  /** how long a worker holds an activation before another worker takes over a crashed one's; default 30 s (tests of crashes shorten it) */
  lockDurationMs?: number;
  retentionSeconds?: number;
  /** where the built editor is; default dist/editor */
  editorDir?: string;
  /** where the built widget scripts are; default dist/widgets */
  widgetsDir?: string;
  /** seconds a chat widget session's history is kept after its last message; default one day */
  chatHistoryTtlSeconds?: number;
  /** nodes added to the catalogue (tests of engine paths no shipped node takes yet) */
  extraNodes?: CatalogueNode[];
  /** readers of data sources added with `extraNodes` (runtime/integrations/sync/testing/list-source.ts) */
  extraSourceReaders?: SourceReader[];
  /** the data-source sync jobs: lock time, concurrency, engines besides the embedded one (runtime/sync-system.ts) */
  sync?: SyncSettings;
  /** WEFT_DATA_DIR: where the server secret file is kept unless WEFT_SECRET is set; default ./data */
  dataDir?: string;
  /** the secrets credentials are encrypted under; default from WEFT_SECRET or `${dataDir}/secret.key` */
  keyring?: SecretKeyring;
  /** the starter plan's request and record limits (WEFT_STARTER_MAX_REQUESTS, WEFT_STARTER_MAX_RECORDS) */
  starterLimits?: StarterLimits;
  /** the plan organisations made through the API start on (WEFT_DEFAULT_PLAN); default 'starter' */
  defaultPlan?: string;
  /** seconds production log records are kept (WEFT_LOG_RETENTION); default 30 days */
  logRetentionSeconds?: number;
  /** export every log record to this HTTP log publisher (WEFT_LOG_PUBLISHER_URL / _KEY) */
  logPublisher?: LogPublisherConfig;
  /**
   * addresses nodes (and model credentials' baseUrl) may call although they are private,
   * loopback or link-local (WEFT_OUTBOUND_ALLOW entries: runtime/services/outbound/address-policy.ts); default none
   */
  outboundAllow?: readonly string[];
  /**
   * certificate authorities (PEM) the SMTP node trusts besides the system's, for every account (a
   * test's own SMTP server); a relay with a private CA is trusted through its credential's CA
   * certificate field
   */
  smtpCa?: string;
  /** how long an Idempotency-Key's first call is remembered, in seconds; default 24 h (runtime/core/calls/idempotency.ts) */
  idempotencySeconds?: number;
  /** `GET /metrics` wants this bearer token; unset: loopback clients only (runtime/http/routes/metrics.ts) */
  metricsToken?: string;
  /** base URLs of the public services app nodes call (WEFT_SERVICE_URL_<NAME>; catalogue/service-urls.ts); default their public addresses */
  serviceUrls?: Partial<ServiceUrls>;
  /**
   * On close, how long realtime callers still waiting for their flow's answer get before they
   * are answered 202 with the run id (WEFT_SHUTDOWN_GRACE, seconds); default 10 s
   */
  shutdownGraceMs?: number;
  /** how much the server takes on before it sheds load with 503/429 and Retry-After (WEFT_MAX_CALLS_IN_FLIGHT…; runtime/core/calls/load-shedding.ts) */
  loadLimits?: Partial<LoadLimits>;
  /**
   * who may register OAuth apps (WEFT_OPERATOR_EMAILS, comma-separated); default the admin
   * account's email (WEFT_ADMIN_EMAIL, else admin@weft.local)
   */
  operatorEmails?: readonly string[];
  /** the public base URL OAuth redirect URIs are built on (WEFT_PUBLIC_URL); default each request's origin */
  publicUrl?: string;
  /**
   * the tool-execution service: its API key (nodes send it as x-api-key), webhook secret, auth
   * configs per provider and this server's public URL (runtime/integrations/tool-service/settings.ts); default none
   */
  toolService?: ToolServiceSettings;
}

export interface Weft {
  /** the server's base URL ('' for a worker-only process) */
  url: string;
  engine: Engine;
  /** plan limits and usage counters (`addRecords` for nodes that store records) */
  usage: UsageLimits;
  /** the vector store: its backend is loaded and opened by the first call that needs it */
  vectorStore: LazyVectorStore;
  /** every route the server answers ([] for a worker-only process) */
  routes: RouteEntry[];
  /** the data-source sync jobs (null for a worker-only process: syncs run where production calls are served) */
  sync: SyncSystem | null;
  /**
   * Resolves once the log record of every production call this process took so far is written:
   * runs still going on are waited for (`npm run sync` waits so before it exits, since a run's
   * record is written by the process that started it, or else only at the next server start)
   */
  logged(): Promise<void>;
  close(): Promise<void>;
}

export async function startWeft(options: WeftOptions): Promise<Weft> {
  const prefix = options.prefix ?? 'weft:';
  const role = options.role ?? 'all';
  // the stores' connection: on a cluster, their MULTIs go one a slot (runtime/services/stores/slot-transactions.ts)
  const redis = redisOutage.watch(connectStores(options.redisUrl, { maxRetriesPerRequest: 3 }));
  const flows = new FlowStore(redis, prefix);
  const versions = new FlowVersionStore(redis, prefix);
  for (const reader of options.extraSourceReaders ?? []) addSourceReader(reader);
  const nodes = options.extraNodes?.length ? createRegistry([...catalogueNodes, ...options.extraNodes]) : registry;
  const catalogue = catalogueView(nodes);
  const compile = compileForRun(catalogue);
  const keyring = options.keyring ?? loadServerSecret(options.dataDir ?? './data');
  const credentials = new CredentialStore(redis, prefix, keyring);
  // Plan limits: production triggers count requests; nodes that store records adjust the count.
  const planOf = projectPlanReader({ projects: new ProjectStore(redis, prefix), organisations: new OrganisationStore(redis, prefix) });
  const usage = new UsageLimits({
    store: new UsageStore(redis, prefix),
    planOf,
    starter: options.starterLimits ?? defaultStarterLimits,
  });
  const vectorStore = vectorStoreFromEnv(options.dataDir ?? './data');
  const allow = new AllowList(options.outboundAllow);
  const outbound = new Outbound({ allow });
  const serviceUrls = serviceUrlsFrom(options.serviceUrls);
  // OAuth: token calls go out through the outbound policy; tokens refresh before they expire
  const tokens = tokenCall(outbound);
  const fresh = freshTokens({ redis, prefix, credentials, tokens, serviceUrls });
  const toolService = options.toolService ?? { authConfigs: {} };
  const mcpServers = mcpAccess(outbound);
  const mailServers = smtpAccess({ allow, ca: options.smtpCa });
  // the Postgres nodes, dropdowns, helper routes and the sync reader (through the sync runner) get it injected
  const databases = postgresAccess({ allow });
  // set once the server part starts (below): a worker-only process calls no flows as webhooks
  let productionCalls: ProductionCalls | undefined;
  // read when Prometheus scrapes; the sync system and the outage spool are there once the server part starts
  let syncSystem: SyncSystem | null = null;
  let outageSpool: OutageSpool | null = null;
  const metrics = new WeftMetrics({
    queueDepth: () => engine.queuedActivations(),
    ping: () => redis.ping(),
    syncJobStates: async () => (syncSystem ? syncSystem.jobStates() : {}),
    droppedLogRecords: () => outageSpool?.dropped ?? 0,
  });
  const models = modelGatewayFromEnv(redis, prefix, outbound);
  const vectors = new ProjectVectors({
    store: () => vectorStore.get(),
    scopeOf: vectorScope(new ProjectStore(redis, prefix), new OrganisationStore(redis, prefix)),
    addRecords: (projectId, added, deleted) => usage.addRecords(projectId, added, deleted),
  });
  // the services nodes, dropdown loaders and sync readers declare by name (runtime/core/node-services.ts)
  const services: ProjectServiceProviders = {
    models: ({ projectId, credentials: reader }) => models.forProject(projectId, reader),
    vectors: ({ projectId }) => vectors.forProject(projectId),
    mcp: () => mcpServers,
    smtp: () => mailServers,
    postgres: () => databases,
    hooks: ({ projectId }) => flowHooks(() => productionCalls, projectId),
  };
  const engine: Engine = new Engine(
    { redisUrl: options.redisUrl, prefix, retentionSeconds: options.retentionSeconds, lockDurationMs: options.lockDurationMs },
    metrics.observe(createNodeRunner({
      nodes: (type) => nodes.get(type),
      async planOf(projectId, flowId, mode) {
        const flow = await flows.get(flowId);
        // the flow names a flow that is not there: the builder's to mend, not a passing fault
        if (!flow || flow.projectId !== projectId) throw userError('Workflow not found');
        if (mode === 'test') return runServices.compiled(flow).plan;
        // production runs deployed versions only, never a draft
        const deployed = await runServices.deployed(flow);
        if (!deployed) throw userError(`Workflow ${flowId} is not deployed: a production run runs the deployed version of the flows it calls`);
        return deployed.plan;
      },
      credentialsOf: (projectId, onReveal) => credentialAccess(credentials, projectId, onReveal, fresh),
      // flow tools of AI nodes: the engine is made by this very call, and is there when a node runs
      awaitRun: (runId, flowId, timeoutMs, giveUp) => engine.awaitResult(runId, flowId, [], timeoutMs, giveUp),
      cancelRun: (runId) => engine.cancelRun(runId),
      flowName: async (flowId) => (await flows.get(flowId))?.name,
      projectPlan: planOf,
      outbound,
      serviceUrls,
      toolServiceKey: toolService.apiKey,
      services,
    })),
  );
  // Execute Flow (above) compiles the flows it calls through the same caches as the routes
  const runServices = createRunServices({ engine, getFlow: (id) => flows.shared(id), getVersion: (id, n) => versions.get(id, n), compile });
  if (role !== 'server') engine.startWorker(options.concurrency ?? 16);

  let url = '';
  let routes: RouteEntry[] = [];
  let close = async () => {};
  let logged = async () => {};
  if (role !== 'worker') {
    const projects = new ProjectStore(redis, prefix);
    const apiKeys = new ApiKeyStore(redis, prefix);
    const defaultModels = new DefaultModelsStore(redis, prefix);
    const logStore = new LogStore(redis, prefix, options.logRetentionSeconds ?? 30 * 24 * 3600);
    const logs = new RunLogger({
      engine,
      store: logStore,
      flowOf: (id) => flows.get(id),
      publish: options.logPublisher ? logPublisher(options.logPublisher) : undefined,
    });
    void logs.resumeFollowing(); // runs whose record a stopped server could not write
    // calls answered 503 while Redis is down get their records when it is back
    // every production call's answer is counted, then logged
    const answered: Pick<RunLogger, 'record' | 'started'> = {
      record(call) {
        metrics.call(call);
        logs.record(call);
      },
      started: (call) => logs.started(call),
    };
    const spool = (outageSpool = new OutageSpool((call) => answered.record(call)));
    const stopSpooling = redisOutage.onReachable(() => spool.flush());
    logged = () => logs.idle();
    // active flows of a weft from before versions: their live draft becomes version 1
    await new Deployments({ flows, versions, catalogue, planOf }).upgradeActiveFlows(projects);
    // every production call (webhook, GraphQL, widgets, MCP, app triggers) goes through this one path
    const shedder = new LoadShedder(loadLimits(options.loadLimits), { queueDepth: () => engine.queuedActivations() });
    const calls = new ProductionCalls({ engine, services: runServices, apiKeys, usage, logs: answered, shedder, idempotency: new IdempotencyKeys(redis, prefix, options.idempotencySeconds) });
    const toolServiceApi = new ToolServiceApi({ outbound, baseUrl: serviceUrls.toolService, apiKey: toolService.apiKey });
    const triggerSubscriptions = new TriggerSubscriptions({ redis, prefix, api: toolServiceApi, credentials });
    const tableWebhooks = new TableWebhooks({ redis, prefix, outbound, serviceUrls, credentials, publicUrl: toolService.publicUrl, calls });
    const teamsApps = new TeamsAppInstallations({ redis, prefix, outbound, serviceUrls, credentials, fresh });
    // data-source flows: their sync jobs, and the worker that runs the embedded engine's syncs through the production calls
    // the data-sync service keeps new jobs when WEFT_DATA_SYNC_URL is set, else the embedded engine
    const dataSyncService = dataSyncServiceFromEnv(process.env, { outbound, credentialsOf: (projectId) => credentialAccess(credentials, projectId, undefined, fresh) });
    const syncSettings = { ...options.sync, engines: { ...(dataSyncService ? { dataSyncService } : {}), ...options.sync?.engines } };
    const sync = (syncSystem = startSyncSystem({ redis, prefix, catalogue, flows, outbound, serviceUrls, services, usage, engine, calls, credentials, fresh, settings: syncSettings }));
    productionCalls = calls;
    const app = createApp({
      redis,
      prefix,
      outageSpool: spool,
      catalogue,
      projects,
      flows,
      versions,
      organisations: new OrganisationStore(redis, prefix, options.defaultPlan),
      deploymentHooks: [triggerSubscriptions, tableWebhooks, teamsApps, sync.jobs],
      routers: [
        metricsRouter(metrics, options.metricsToken),
        runsRouter(runServices, apiKeys),
        teamsHookRouter({
          calls,
          credentials,
          auth: new BotFrameworkAuth({ http: outbound.forActor(keyReaderBinding()), metadataUrl: () => serviceUrls.botOpenId }),
        }),
        docsSiteRouter(() => nodes.list()),
        usageRouter({ usage }),
        logsRouter({ logs: logStore }),
        credentialsRouter({ credentials, planOf }),
        oauthRouter({
          apps: new OAuthAppStore(redis, prefix, keyring),
          states: new ConsentStates(redis, prefix),
          credentials,
          tokens,
          serviceUrls,
          planOf,
          operatorEmails: options.operatorEmails ?? operatorEmailsFromEnv(),
          publicUrl: options.publicUrl ?? (process.env.WEFT_PUBLIC_URL || undefined),
        }),
        mcpToolsRouter({ credentials, mcp: mcpServers }),
        automationWorkflowsRouter({ credentials, outbound }),
        optionLoadersRouter({ credentials, outbound, serviceUrls, fresh, toolServiceKey: toolService.apiKey, services }),
        testCredentialsRouter({ credentials, outbound, serviceUrls, smtp: mailServers, mcp: mcpServers, postgres: databases }),
        postgresRouter({ credentials, postgres: databases }),
        apiKeysRouter({ apiKeys }),
        defaultModelsRouter({ defaults: defaultModels }),
        transferRouter({ catalogue, flows, versions, credentials, defaultModels, planOf }),
        widgetsRouter({
          calls,
          history: new ChatHistoryStore(redis, { prefix, ttlSeconds: options.chatHistoryTtlSeconds }),
          scriptsDir: options.widgetsDir ?? widgetsDist,
        }),
        graphqlApi({ services: runServices, calls, flows, versions, apiKeys }),
        mcpRouter({ apiKeys, live: { flows, versions }, calls }),
        connectionRouter({ api: toolServiceApi, settings: toolService, credentials, planOf, redis, prefix }),
        triggerWebhookRouter({ calls, subscriptions: triggerSubscriptions, redis, prefix, webhookSecret: toolService.webhookSecret }),
        tableWebhooks.router(),
        sync.router,
      ],
    });
    routes = [...app.routeTable, webhookRoute];
    app.use(staticFiles(options.editorDir ?? editorDist));
    // the webhook is answered before Koa (its hottest path); every other request goes through Koa
    const [answersWebhook, answer] = [webhookEndpoint(calls, undefined, spool), app.callback()];
    const server = createServer({ keepAliveTimeout: 65_000 }, (req, res) => {
      const door = req.method === 'POST' ? productionDoorOf('POST', req.url ?? '', req.headers) : null;
      if (door) res.once('finish', () => metrics.answered(door.trigger, res.statusCode));
      return answersWebhook(req, res) || answer(req, res);
    });
    await new Promise<void>((ok) => server.listen(options.port ?? 3000, options.host ?? '127.0.0.1', ok));
    const address = server.address() as AddressInfo;
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    url = `http://${host}:${address.port}`;
    close = async () => {
      // syncs under way stop at their last batch (another worker, or the next start, resumes them)
      await sync.close();
      // no new connections; waiting callers get their grace period, then an answer each
      const closed = new Promise<void>((ok) => server.close(() => ok()));
      await calls.drain(options.shutdownGraceMs ?? 10_000);
      stopSpooling();
      logs.stop();
      // the last answers go out, then whatever is still open (keep-alive, streams) is closed
      server.closeIdleConnections();
      await Promise.race([closed, new Promise((ok) => setTimeout(ok, 1000).unref())]);
      server.closeAllConnections();
      await closed;
    };
  }
  return {
    url,
    engine,
    usage,
    vectorStore,
    routes,
    sync: syncSystem,
    logged: () => logged(),
    async close() {
      await close();
      mailServers.close();
      await databases.close();
      await engine.close();
      await vectorStore.close();
      redis.disconnect();
    },
  };
}

function operatorEmailsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  const listed = (env.WEFT_OPERATOR_EMAILS ?? '').split(',').map((e) => e.trim()).filter(Boolean);
  return listed.length ? listed : [env.WEFT_ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL];
}
