/**
 * @module catalogue/testing/node-harness — run one catalogue node the way the runtime does,
 * through the runner's own step (catalogue/node-step.ts: template resolution, the pro-field
 * check, redaction of the secrets it read), with a context a test controls. Its `ctx.http` is
 * the real outbound client (test-outbound.ts): loopback is refused like any private address
 * unless the test allows its own servers (`allowOutbound: ['127.0.0.1:<port>']`).
 */
import type { NodeResult } from '../../actors/types.ts';
import { credentialForms } from '../credentials/index.ts';
import { redactedProgress, resolveStep, runStep } from '../node-step.ts';
import { secretValuesOf } from '../secrets/redact.ts';
import { serviceUrlsFrom, type ServiceUrls } from '../service-urls.ts';
import { isNodeError, userError, type NodeError } from '../errors.ts';
import { testOutbound } from './test-outbound.ts';
import { declaredServices } from '../services/declared.ts';
import type { NodeServiceName, ServicesOf } from '../services/index.ts';
import type { CatalogueNode, InputField, NodeContext, NodeDefinition, Values } from '../types.ts';

/** A context a test controls; `S`: the services it was given (a node sees those it declares). */
export interface TestContext<S extends NodeServiceName = never> extends NodeContext<S> {
  /** progress messages the node emitted */
  progressed: string[];
  /** child runs the node started */
  children: Array<{ flowId: string; input: unknown }>;
  /** the project is on the starter plan: a pro-only field the node uses is refused, as in a run */
  starterPlan?: boolean;
}

export interface TestContextOptions<S extends NodeServiceName = never> extends Partial<Omit<NodeContext, 'services'>> {
  /** the services the test hands the node (a real one or one of its own), by name */
  services?: ServicesOf<S>;
  /** WEFT_OUTBOUND_ALLOW entries for this context's `ctx.http` (the test's own loopback servers) */
  allowOutbound?: string[];
  /** base URLs of public services this context's `ctx.serviceUrl` answers (a test's loopback servers) */
  serviceUrls?: Partial<ServiceUrls>;
  starterPlan?: boolean;
}

export function testContext<S extends NodeServiceName = never>(options: TestContextOptions<S> = {}): TestContext<S> {
  const { allowOutbound, serviceUrls: given, services = {} as ServicesOf<S>, ...overrides } = options;
  const serviceUrls = serviceUrlsFrom(given);
  const progressed: string[] = [];
  const children: Array<{ flowId: string; input: unknown }> = [];
  const context: TestContext<S> = {
    runId: 'run_test',
    flowId: 'flow_test',
    projectId: 'project_test',
    nodeId: 'node_1',
    idempotencyKey: 'run_test/node_1',
    attempt: 1,
    mode: 'test',
    input: {},
    outputs: {},
    signal: new AbortController().signal,
    async progress(message) {
      progressed.push(message);
    },
    serviceUrl: (name) => serviceUrls[name],
    async startChildRun(flowId, input) {
      children.push({ flowId, input });
      return `child_run_${children.length}`;
    },
    credentials: {
      async get(name) {
        throw userError(`No credentials found for ${name}`);
      },
    },
    http: { request: (request) => testOutbound(allowOutbound, { idempotencyKey: context.idempotencyKey, signal: () => context.signal }).request(request) },
    services,
    ...overrides,
    progressed,
    children,
  };
  return context;
}

/** A field of a definition, by name (as the plain InputField shape, for reading defaults and bounds). */
export function fieldOf(definition: NodeDefinition, name: string): InputField | undefined {
  return definition.inputs.find((f) => f.name === name);
}

/** Field names some credential form shows as stored; every other field a credential holds is a secret (as the runtime reads them). */
const publicFields = new Set(credentialForms.flatMap((form) => form.fields.filter((field) => !field.isPrivate).map((field) => field.name)));

/**
 * Resolve `values` against `ctx.outputs` (trigger id `trigger_1`) and run the node through the
 * runner's step: its `run` (defineNode) checks and coerces them against the definition, and
 * what it hands back has the secrets it read (`ctx.credentials`, `ctx.toolServiceKey`) masked.
 */
export async function runNode(node: CatalogueNode, values: Values, ctx: NodeContext | TestContext = testContext()): Promise<NodeResult> {
  const starter = 'starterPlan' in ctx && ctx.starterPlan;
  const resolved = await resolveStep(node.definition, values, { outputs: ctx.outputs, triggerId: 'trigger_1', isStarterPlan: async () => Boolean(starter) });
  return runStep(node, resolved, (redactor) => {
    // as the runner: the node sees the services it declares, and only those
    const given: Partial<Record<NodeServiceName, unknown>> = ctx.services;
    const credentials = {
      async get(name: string) {
        const fields = await ctx.credentials.get(name);
        redactor.add(secretValuesOf(fields, publicFields));
        return fields;
      },
    };
    const toolServiceKey = ctx.toolServiceKey;
    if (toolServiceKey) redactor.add([toolServiceKey]);
    return {
      ...ctx,
      credentials,
      progress: redactedProgress(redactor, (message, detail) => ctx.progress(message, detail)),
      services: declaredServices(node.definition.services, (name) => given[name] as never),
    };
  });
}

/** The NodeError a node's run (or any step) fails with; a success or another error fails the test. */
export async function nodeFailure(work: Promise<unknown>): Promise<NodeError> {
  const error = await work.then(() => null, (e: unknown) => e);
  if (!isNodeError(error)) throw new Error(`expected a node error, got ${String(error)}`);
  return error;
}
