/**
 * @module runtime/node-runner — the engine's executor: finds a node's catalogue entry,
 * resolves the templates in its frozen values against the outputs it can see, builds the
 * node context and runs the node (whose `run`, made by `defineNode`, checks and coerces the
 * resolved values against its definition before its executor runs).
 */
import type { Activation, ExecuteFn } from '../../actors/engine-types.ts';
import type { RunResult } from '../../actors/engine.ts';
import type { Plan } from '../../actors/types.ts';
import { redactedProgress, resolveStep, runStep } from '../../catalogue/node-step.ts';
import { nodeRefs } from '../../catalogue/refs.ts';
import { declaredServices } from '../../catalogue/services/declared.ts';
import type { FlowAccess } from '../../catalogue/services/index.ts';
import type { CatalogueNode, CredentialReader, Values } from '../../catalogue/types.ts';
import type { ServiceUrls } from '../../catalogue/service-urls.ts';
import type { ServiceProviders, ServiceScope } from './node-services.ts';
import type { Outbound } from '../services/outbound/client.ts';
import { STARTER_PLAN } from '../services/usage/plans.ts';
import { flowToolSchema } from '../services/flows/flow-tool-schema.ts';

/** how long an AI node waits for a flow it called as a tool */
export const FLOW_TOOL_TIMEOUT_MS = 5 * 60_000;

export interface NodeRunnerDeps {
  nodes: (type: string) => CatalogueNode | undefined;
  /**
   * the plan of a flow of the project, for Execute Flow: a test run runs its draft, a production
   * run its deployed version; throws 'Workflow not found' (or that it is not deployed)
   */
  planOf(projectId: string, flowId: string, mode: 'test' | 'production'): Promise<Plan>;
  /**
   * the credentials of a project, decrypted on demand (runtime/services/secrets/credential-access.ts);
   * `onReveal` gets the secret values of each one read, to redact them from what the node hands back
   */
  credentialsOf(projectId: string, onReveal: (secrets: string[]) => void): CredentialReader;
  /** the outbound HTTP client (runtime/services/outbound/); nodes reach it as `ctx.http`, bound to their actor */
  outbound: Outbound;
  /** the public services' base URLs (catalogue/service-urls.ts); nodes reach them as `ctx.serviceUrl(name)` */
  serviceUrls: ServiceUrls;
  /** the tool-execution service's API key (WEFT_TOOL_SERVICE_API_KEY); nodes reach it as `ctx.toolServiceKey` */
  toolServiceKey?: string;
  /**
   * the services nodes declare by name (runtime/core/node-services.ts): the model gateway, the vector
   * store, MCP, SMTP, Postgres, the flows called as webhooks. `flows` (flow tools) is the
   * runner's own, made from `awaitRun`.
   */
  services: Omit<ServiceProviders, 'flows'>;
  /**
   * wait for a run to end (Engine.awaitResult), for flow tools; without it AI nodes have no flow
   * tools. `giveUp` ends the wait early (answered as 'timeout').
   */
  awaitRun?(runId: string, flowId: string, timeoutMs: number, giveUp?: AbortSignal): Promise<RunResult>;
  /** cancel a run (Engine.cancelRun): a flow tool's child run whose calling run ended first */
  cancelRun?(runId: string): Promise<unknown>;
  /** a flow's name, for a flow tool's default name */
  flowName?(flowId: string): Promise<string | undefined>;
  /** the plan of a project (runtime/services/usage/plan-of.ts): a starter-plan project's node may not use a pro-only field */
  projectPlan?(projectId: string): Promise<string>;
}

/** The node ids values read (nodeRefs), worked out once per values object: a plan node's frozen values serve every run of its flow version here. */
const knownRefs = new WeakMap<Values, string[]>();
function refsOf(definition: CatalogueNode['definition'], values: Values): string[] {
  let refs = knownRefs.get(values);
  if (!refs) knownRefs.set(values, (refs = nodeRefs(definition, values)));
  return refs;
}

export function createNodeRunner(deps: NodeRunnerDeps): ExecuteFn {
  const { awaitRun } = deps;
  const providers: ServiceProviders = { ...deps.services, ...(awaitRun ? { flows: ({ activation }) => flowAccess(deps, activation, awaitRun) } : {}) };
  return async function runNode(activation) {
    const { node, meta } = activation;
    const entry = deps.nodes(node.type);
    if (!entry) throw new Error(`Unknown node type: ${node.type}`);
    const raw = activation.engineValues ? { ...node.values, ...activation.engineValues } : (node.values ?? {});
    // `{{trigger.…}}` names the trigger by role: fetch it by its id (which may itself be 'trigger');
    // the trigger itself has no output yet (a read of Redis for nothing on every run)
    const refs = new Set(refsOf(entry.definition, raw));
    refs.delete('trigger');
    if (node.id !== meta.trigger) refs.add(meta.trigger);
    const outputs = await activation.outputs([...refs]);
    // the node checks these against its definition before its executor sees them (defineNode);
    // a required field a placeholder left empty fails naming the placeholder (checkValues)
    const { projectPlan } = deps;
    const resolved = await resolveStep(entry.definition, raw, {
      outputs,
      triggerId: meta.trigger,
      isStarterPlan: projectPlan && (async () => (await projectPlan(meta.projectId)) === STARTER_PLAN),
    });
    const idempotencyKey = `${activation.runId}/${activation.actor}`;
    // Secrets the node reads never come back out of it: not in its output, error or progress (runStep).
    return runStep(entry, resolved, (redactor) => {
      const credentials = deps.credentialsOf(meta.projectId, (secrets) => redactor.add(secrets));
      // the credential reader goes in, so the keys a service reads (the model gateway's) are redacted too
      const scope: ServiceScope = { projectId: meta.projectId, credentials, activation };
      return {
        runId: activation.runId,
        flowId: meta.flowId,
        projectId: meta.projectId,
        nodeId: node.id,
        idempotencyKey,
        iteration: activation.iteration,
        attempt: activation.attempt,
        mode: meta.mode,
        input: meta.input,
        outputs,
        get signal() {
          return activation.signal;
        },
        offSlot: activation.offSlot,
        progress: redactedProgress(redactor, activation.progress),
        serviceUrl: (name) => deps.serviceUrls[name],
        // a node that reads the operator's key has it redacted from what it hands back, as a credential's
        get toolServiceKey() {
          if (deps.toolServiceKey) redactor.add([deps.toolServiceKey]);
          return deps.toolServiceKey;
        },
        async startChildRun(flowId, input) {
          const plan = await deps.planOf(meta.projectId, flowId, meta.mode);
          return activation.startChild(plan, input);
        },
        credentials,
        http: deps.outbound.forActor({ idempotencyKey, signal: () => activation.signal, redact: (text) => redactor.text(text) }),
        services: declaredServices(entry.definition.services, (name) => providers[name]?.(scope)),
      };
    });
  };
}

/** The project's flows as tools: a tool call is a child run, awaited here (not by suspension). */
function flowAccess(deps: NodeRunnerDeps, activation: Activation, awaitRun: NonNullable<NodeRunnerDeps['awaitRun']>): FlowAccess {
  const { meta } = activation;
  return {
    async describe(flowId) {
      const plan = await deps.planOf(meta.projectId, flowId, meta.mode);
      return { name: (await deps.flowName?.(flowId)) ?? flowId, inputSchema: flowToolSchema(plan) };
    },
    async run(flowId, input, key) {
      const plan = await deps.planOf(meta.projectId, flowId, meta.mode);
      const asTool = { runId: `${activation.runId}.${activation.actor.replace('#', '-')}.a${activation.attempt}.${key}` };
      const runId = await activation.startChild(plan, input, asTool);
      const result = await childUnlessCallerEnds(deps, activation, runId, flowId, awaitRun);
      const status = result.status === 'responded' ? 'completed' : result.status;
      if (status === 'running') return { runId, status: 'timeout' };
      return { runId, status, output: result.output, error: result.error, errorKind: result.errorKind };
    },
  };
}

/**
 * The child run's result; when the calling run ends first (cancelled, or failed in another
 * branch) the child is cancelled too, and this throws: nobody is left to read its answer.
 */
async function childUnlessCallerEnds(
  deps: NodeRunnerDeps,
  activation: Activation,
  runId: string,
  flowId: string,
  awaitRun: NonNullable<NodeRunnerDeps['awaitRun']>,
): Promise<RunResult> {
  const done = new AbortController();
  const child = awaitRun(runId, flowId, FLOW_TOOL_TIMEOUT_MS, done.signal).then((result) => ({ child: result }));
  // a wait on the caller that breaks (Redis gone) only leaves the child's wait
  const caller = awaitRun(activation.runId, activation.meta.flowId, FLOW_TOOL_TIMEOUT_MS, done.signal).then(
    (result) => ({ caller: result }),
    () => ({ caller: { status: 'timeout' } as RunResult }),
  );
  try {
    const first = await Promise.race([child, caller]);
    if ('child' in first) return first.child;
    if (first.caller.status === 'timeout') return (await child).child;
    await deps.cancelRun?.(runId);
    throw new Error(`The calling run ${activation.runId} ended (${first.caller.status}); its flow tool's run ${runId} was cancelled`);
  } finally {
    done.abort();
  }
}
