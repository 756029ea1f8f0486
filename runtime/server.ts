/**
 * @module runtime/server — one weft process: the HTTP server and/or the workers (by role),
 * against one Redis. `npm start`, the tests and the benchmarks all start weft through here.
 * It only composes: the stores, services, engine, routers and HTTP listener are built in
 * runtime/compose/, each once.
 */
import { connectStores } from './services/stores/slot-transactions.ts';
import type { Engine } from '../actors/engine.ts';
import { redisOutage } from '../actors/redis-outage.ts';
import { nodes as catalogueNodes, registry } from '../catalogue/nodes.ts';
import { createRegistry } from '../catalogue/registry.ts';
import { editorDist } from '../paths.ts';
import { createApp, type RouteEntry } from './http/app.ts';
import { webhookEndpoint, webhookRoute } from './http/webhook-endpoint.ts';
import { staticFiles } from './http/static-files.ts';
import { catalogueView } from './services/flows/catalogue-view.ts';
import { compileForRun } from './services/flows/compile.ts';
import { Deployments } from './services/flows/deployments.ts';
import type { LazyVectorStore } from './services/vectors/lazy-store.ts';
import { ProductionCalls } from './core/calls/production-call.ts';
import { loadLimits, LoadShedder } from './core/calls/load-shedding.ts';
import type { UsageLimits } from './services/usage/limits.ts';
import { logPublisher } from './services/logs/publisher.ts';
import { RunLogger } from './services/logs/run-logger.ts';
import { OutageSpool } from './services/logs/outage-spool.ts';
import { IdempotencyKeys } from './core/calls/idempotency.ts';
import { WeftMetrics } from './services/metrics/weft-metrics.ts';
import { credentialAccess } from './services/secrets/credential-access.ts';
import { loadServerSecret } from './services/secrets/server-secret.ts';
import { TeamsAppInstallations } from './integrations/teams/teams-app-installations.ts';
import { ToolServiceApi } from './integrations/tool-service/service-api.ts';
import { TableWebhooks } from './http/routes/table-webhooks.ts';
import { TriggerSubscriptions } from './integrations/tool-service/trigger-subscriptions.ts';
import { addSourceReader } from './services/sync-sources/index.ts';
import { dataSyncService } from './integrations/sync/data-sync-service/index.ts';
import { startSyncSystem, type SyncSystem } from './sync-system.ts';
import type { WeftOptions } from './weft-options.ts';
import { buildStores } from './compose/stores.ts';
import { buildServices } from './compose/services.ts';
import { buildEngine } from './compose/engine.ts';
import { buildRouters } from './compose/routers.ts';
import { SuiteRunner } from './core/flow-tests/suite-runner.ts';
import { deployGate } from './core/flow-tests/deploy-gate.ts';
import { listen } from './compose/http-server.ts';
import { startTracing } from './services/tracing/sdk.ts';

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
  // before anything that may start a run or call out: their spans need the SDK
  const tracing = options.traces ? startTracing(role) : undefined;
  // the stores' connection: on a cluster, their MULTIs go one a slot (runtime/services/stores/slot-transactions.ts)
  const redis = redisOutage.watch(connectStores(options.redisUrl, { maxRetriesPerRequest: 3 }));
  for (const reader of options.extraSourceReaders ?? []) addSourceReader(reader);
  const nodes = options.extraNodes?.length ? createRegistry([...catalogueNodes, ...options.extraNodes]) : registry;
  const catalogue = catalogueView(nodes);
  const keyring = options.keyring ?? loadServerSecret(options.dataDir ?? './data', options.secret);
  const stores = buildStores(redis, prefix, { keyring, defaultPlan: options.defaultPlan, logRetentionSeconds: options.logRetentionSeconds ?? 30 * 24 * 3600 });
  const services = buildServices(redis, prefix, stores, options);
  const { flows, versions, credentials, projects } = stores;
  const { outbound, serviceUrls, fresh, usage, planOf } = services;
  // set once the server part starts (below): a worker-only process calls no flows as webhooks
  let productionCalls: ProductionCalls | undefined;
  // read when Prometheus scrapes; the sync system and the outage spool are there once the server part starts
  let syncSystem: SyncSystem | null = null;
  let outageSpool: OutageSpool | null = null;
  const metrics = new WeftMetrics({
    queueDepth: () => engine.queuedActivations(),
    putBack: () => engine.putBackActivations(),
    ping: () => redis.ping(),
    syncJobStates: async () => (syncSystem ? syncSystem.jobStates() : {}),
    droppedLogRecords: () => outageSpool?.dropped ?? 0,
  });
  const compile = compileForRun(catalogue);
  const { engine, runServices, providers } = buildEngine({ options, prefix, nodes, compile, stores, services, metrics, productionCalls: () => productionCalls });
  if (role !== 'server') engine.startWorker(options.concurrency ?? 16);

  let url = '';
  let routes: RouteEntry[] = [];
  let close = async () => {};
  let logged = async () => {};
  if (role !== 'worker') {
    const logs = new RunLogger({
      engine,
      store: stores.logs,
      flowOf: (id) => flows.get(id),
      publish: options.logPublisher ? logPublisher(options.logPublisher) : undefined,
      written: (record) => metrics.run(record),
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
    const calls = new ProductionCalls({ engine, services: runServices, apiKeys: stores.apiKeys, usage, logs: answered, shedder, idempotency: new IdempotencyKeys(redis, prefix, options.idempotencySeconds) });
    const toolServiceApi = new ToolServiceApi({ outbound, baseUrl: serviceUrls.toolService, apiKey: services.toolService.apiKey });
    const triggerSubscriptions = new TriggerSubscriptions({ redis, prefix, api: toolServiceApi, credentials });
    const tableWebhooks = new TableWebhooks({ redis, prefix, outbound, serviceUrls, credentials, publicUrl: services.toolService.publicUrl, calls });
    const teamsApps = new TeamsAppInstallations({ redis, prefix, outbound, serviceUrls, credentials, fresh });
    // data-source flows: their sync jobs, and the worker that runs the embedded engine's syncs through the production calls
    // the data-sync service keeps new jobs when WEFT_DATA_SYNC_URL is set, else the embedded engine
    const syncService = dataSyncService(options.dataSync, { outbound, credentialsOf: (projectId) => credentialAccess(credentials, projectId, undefined, fresh) });
    const syncSettings = { ...options.sync, engines: { ...(syncService ? { dataSyncService: syncService } : {}), ...options.sync?.engines } };
    const sync = (syncSystem = startSyncSystem({ redis, prefix, catalogue, flows, outbound, serviceUrls, services: providers, usage, engine, calls, credentials, fresh, settings: syncSettings }));
    productionCalls = calls;
    // flow tests: their cases run as test runs; a flow may want them to pass before a deploy
    const suites = new SuiteRunner({ engine, tests: stores.tests, versions, compile, flowOf: (id) => flows.get(id), models: (projectId) => services.models.forProject(projectId, credentialAccess(credentials, projectId, undefined, fresh)) });
    void suites.sweep(); // suite runs a stopped server left unfinished
    const app = createApp({
      redis,
      prefix,
      outageSpool: spool,
      catalogue,
      projects,
      flows,
      versions,
      organisations: stores.organisations,
      deploymentHooks: [triggerSubscriptions, tableWebhooks, teamsApps, sync.jobs],
      deployGate: deployGate(stores.tests, suites),
      flowDeleted: (flowId) => stores.tests.deleteAll(flowId),
      routers: buildRouters({ redis, prefix, options, keyring, nodes, catalogue, stores, services, metrics, engine, runServices, providers, suites, calls, logs, toolServiceApi, triggerSubscriptions, tableWebhooks, sync: sync.router }),
    });
    routes = [...app.routeTable, webhookRoute];
    app.use(staticFiles(options.editorDir ?? editorDist));
    const server = await listen({ webhook: webhookEndpoint(calls, undefined, spool), app: app.callback() }, metrics, { port: options.port ?? 3000, host: options.host ?? '127.0.0.1' }, Boolean(tracing));
    url = server.url;
    close = async () => {
      // syncs under way stop at their last batch (another worker, or the next start, resumes them)
      await sync.close();
      await suites.close();
      await server.close(async () => {
        await calls.drain(options.shutdownGraceMs ?? 10_000);
        stopSpooling();
        logs.stop();
      });
    };
  }
  return {
    url,
    engine,
    usage,
    vectorStore: services.vectorStore,
    routes,
    sync: syncSystem,
    logged: () => logged(),
    async close() {
      await close();
      services.smtp.close();
      await services.postgres.close();
      await engine.close();
      await services.vectorStore.close();
      redis.disconnect();
      await tracing?.close();
    },
  };
}
