/**
 * @module catalogue/testing/node-harness — run one catalogue node the way the runtime does
 * (defaults, then template resolution, then the executor) with a context a test controls.
 * Its `ctx.http` is the real outbound client: loopback is refused like any private address
 * unless the test allows its own servers (`allowOutbound: ['127.0.0.1:<port>']`).
 */
import type { NodeResult } from '../../actors/types.ts';
import { AllowList } from '../../runtime/outbound/address-policy.ts';
import { Outbound } from '../../runtime/outbound/client.ts';
import { serviceUrlsFrom, type ServiceUrls } from '../service-urls.ts';
import { resolveValues } from '../template.ts';
import { isNodeError, userError, type NodeError } from '../errors.ts';
import { declaredServices } from '../services/declared.ts';
import type { NodeServiceName, ServicesOf } from '../services/index.ts';
import type { CatalogueNode, InputField, NodeContext, NodeDefinition, Values } from '../types.ts';

/** A context a test controls; `S`: the services it was given (a node sees those it declares). */
export interface TestContext<S extends NodeServiceName = never> extends NodeContext<S> {
  /** progress messages the node emitted */
  progressed: string[];
  /** child runs the node started */
  children: Array<{ flowId: string; input: unknown }>;
}

export interface TestContextOptions<S extends NodeServiceName = never> extends Partial<Omit<NodeContext, 'services'>> {
  /** the services the test hands the node (a real one or one of its own), by name */
  services?: ServicesOf<S>;
  /** WEFT_OUTBOUND_ALLOW entries for this context's `ctx.http` (the test's own loopback servers) */
  allowOutbound?: string[];
  /** base URLs of public services this context's `ctx.serviceUrl` answers (a test's loopback servers) */
  serviceUrls?: Partial<ServiceUrls>;
}

export function testContext<S extends NodeServiceName = never>(options: TestContextOptions<S> = {}): TestContext<S> {
  const { allowOutbound, serviceUrls: given, services = {} as ServicesOf<S>, ...overrides } = options;
  const serviceUrls = serviceUrlsFrom(given);
  const progressed: string[] = [];
  const children: Array<{ flowId: string; input: unknown }> = [];
  const outbound = new Outbound({ allow: new AllowList(allowOutbound) });
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
    http: { request: (request) => outbound.request(request, { idempotencyKey: context.idempotencyKey, signal: () => context.signal }) },
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

/**
 * Resolve `values` against `ctx.outputs` (trigger id `trigger_1`) and run the node: its `run`
 * (defineNode) checks and coerces them against the definition, as in a real run.
 */
export async function runNode(node: CatalogueNode, values: Values, ctx: NodeContext = testContext()): Promise<NodeResult> {
  const { values: resolved, unresolved } = resolveValues(node.definition, values, { outputs: ctx.outputs, triggerId: 'trigger_1' });
  // as the runner: the node sees the services it declares, and only those
  const given: Partial<Record<NodeServiceName, unknown>> = ctx.services;
  const services = declaredServices(node.definition.services, (name) => given[name] as never);
  return node.run(resolved, { ...ctx, services }, unresolved);
}

/** The NodeError a node's run (or any step) fails with; a success or another error fails the test. */
export async function nodeFailure(work: Promise<unknown>): Promise<NodeError> {
  const error = await work.then(() => null, (e: unknown) => e);
  if (!isNodeError(error)) throw new Error(`expected a node error, got ${String(error)}`);
  return error;
}
