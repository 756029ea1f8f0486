/**
 * @module runtime/compose/engine — the engine of one weft process with its node runner: nodes
 * get their credentials, the flows they call and the services they declare by name; the run
 * services compile and deploy flows through the same caches as the routes.
 */
import { Engine } from '../../actors/engine.ts';
import { conditionHolds } from '../../catalogue/breakpoint-condition.ts';
import { userError } from '../../catalogue/errors.ts';
import type { Registry } from '../../catalogue/registry.ts';
import { flowHooks } from '../core/calls/flow-hooks.ts';
import type { ProductionCalls } from '../core/calls/production-call.ts';
import { createNodeRunner } from '../core/node-runner.ts';
import type { ProjectServiceProviders } from '../core/node-services.ts';
import { createRunServices, type RunServices } from '../core/run-services.ts';
import type { compileForRun } from '../services/flows/compile.ts';
import type { WeftMetrics } from '../services/metrics/weft-metrics.ts';
import { activationSpans } from '../services/tracing/activation-spans.ts';
import { credentialAccess } from '../services/secrets/credential-access.ts';
import type { WeftOptions } from '../weft-options.ts';
import type { Services } from './services.ts';
import type { Stores } from './stores.ts';

export interface EngineParts {
  options: Pick<WeftOptions, 'redisUrl' | 'retentionSeconds' | 'lockDurationMs' | 'pauseTimeoutMs'>;
  prefix: string;
  nodes: Registry;
  compile: ReturnType<typeof compileForRun>;
  stores: Stores;
  services: Services;
  metrics: WeftMetrics;
  /** the production calls, once the server part has started (a worker-only process has none) */
  productionCalls(): ProductionCalls | undefined;
}

/** The services nodes, dropdown loaders and sync readers declare by name (runtime/core/node-services.ts), one provider a name. */
export function serviceProviders(services: Services, productionCalls: () => ProductionCalls | undefined): ProjectServiceProviders {
  return {
    models: ({ projectId, credentials: reader }) => services.models.forProject(projectId, reader),
    vectors: ({ projectId }) => services.vectors.forProject(projectId),
    mcp: () => services.mcp,
    smtp: () => services.smtp,
    postgres: () => services.postgres,
    crawl: () => services.crawl,
    hooks: ({ projectId }) => flowHooks(productionCalls, projectId),
  };
}

export function buildEngine(parts: EngineParts): { engine: Engine; runServices: RunServices; providers: ProjectServiceProviders } {
  const { stores, services } = parts;
  const providers = serviceProviders(services, parts.productionCalls);
  const { flows } = stores;
  const engine: Engine = new Engine(
    {
      redisUrl: parts.options.redisUrl, prefix: parts.prefix, retentionSeconds: parts.options.retentionSeconds, lockDurationMs: parts.options.lockDurationMs,
      pauseTimeoutMs: parts.options.pauseTimeoutMs, breakpointCondition: conditionHolds,
    },
    activationSpans(parts.metrics.observe(createNodeRunner({
      nodes: (type) => parts.nodes.get(type),
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
      credentialsOf: (projectId, onReveal) => credentialAccess(stores.credentials, projectId, onReveal, services.fresh),
      // flow tools of AI nodes: the engine is made by this very call, and is there when a node runs
      awaitRun: (runId, flowId, timeoutMs, giveUp) => engine.awaitResult(runId, flowId, [], timeoutMs, giveUp),
      cancelRun: (runId) => engine.cancelRun(runId),
      flowName: async (flowId) => (await flows.get(flowId))?.name,
      projectPlan: services.planOf,
      outbound: services.outbound,
      serviceUrls: services.serviceUrls,
      toolServiceKey: services.toolService.apiKey,
      services: providers,
    }))),
  );
  // Execute Flow (above) compiles the flows it calls through the same caches as the routes
  const runServices = createRunServices({ engine, getFlow: (id) => flows.shared(id), getVersion: (id, n) => stores.versions.get(id, n), compile: parts.compile });
  return { engine, runServices, providers };
}
