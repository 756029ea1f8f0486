/**
 * @module runtime/run-services — what the run routes and production calls need: flows, their
 * compiled drafts (test runs) and compiled deployed versions (production), the engine.
 */
import type { Engine } from '../../actors/engine.ts';
import type { FlowDocument } from '../../contract/flow-document.ts';
import { NotFoundError } from '../services/domain-errors.ts';
import type { CompiledFlow } from '../services/flows/compile.ts';
import type { StoredVersion } from '../services/stores/flow-versions.ts';

/** The parts of a stored flow document the run routes read. */
export interface FlowRef {
  id: string;
  projectId: string;
  name: string;
  status: string;
  version: number;
  /** the newest deployed version: what production runs while the flow is active */
  deployedVersion?: number;
}

export interface RunServices {
  engine: Engine;
  /** the flow, or NotFoundError 'Workflow not found' */
  flow(flowId: string): Promise<FlowRef>;
  /** the flow when it is active (production triggers), or NotFoundError 'Workflow not found' */
  activeFlow(flowId: string): Promise<FlowRef>;
  /** the flow's draft compiled for a test run (plan, trigger, response nodes); a ValidationError naming the problems when it cannot run */
  compiled(flow: FlowRef): CompiledFlow;
  /**
   * A deployed version compiled for production (its plan carries `deployedVersion`): `version`,
   * else the flow's newest; null when the flow has no such version.
   */
  deployed(flow: FlowRef, version?: number): Promise<CompiledFlow | null>;
}

export interface RunServiceDeps {
  engine: Engine;
  /** the flow, or null; the object may be shared with other callers (FlowStore.shared), so it is only read */
  getFlow(flowId: string): Promise<FlowDocument | null>;
  getVersion(flowId: string, version: number): Promise<StoredVersion | null>;
  /** compile for running: throws a ValidationError ('invalid_flow') naming every problem */
  compile(flow: FlowDocument): CompiledFlow;
}

const workflowNotFound = () => new NotFoundError('Workflow not found');

/** A deployed version as the document it was frozen from. */
export function documentOf(flow: FlowRef, stored: StoredVersion): FlowDocument {
  const { name, nodes, edges, notes, deployedAt, draftRevision } = stored;
  return { id: flow.id, projectId: flow.projectId, name, status: 'active', version: draftRevision, nodes, edges, ...(notes ? { notes } : {}), createdAt: deployedAt, updatedAt: deployedAt };
}

/**
 * Compiled flows are cached: drafts by flow id and save revision (saving bumps it, so a stale
 * plan is never used), deployed versions by flow id and number (they never change).
 */
export function createRunServices(deps: RunServiceDeps): RunServices {
  const compiledFlows = new Map<string, CompiledFlow>();
  const flows = new WeakMap<FlowRef, FlowDocument>();
  const remember = (key: string, compiled: CompiledFlow) => {
    if (compiledFlows.size > 1000) compiledFlows.clear();
    compiledFlows.set(key, compiled);
    return compiled;
  };
  const flow = async (flowId: string) => {
    const found = await deps.getFlow(flowId);
    if (!found) throw workflowNotFound();
    flows.set(found, found);
    return found;
  };
  return {
    engine: deps.engine,
    flow,
    async activeFlow(flowId) {
      const found = await flow(flowId);
      if (found.status !== 'active' || found.deployedVersion === undefined) throw workflowNotFound();
      return found;
    },
    compiled(ref) {
      const key = `${ref.id}@${ref.version}`;
      return compiledFlows.get(key) ?? remember(key, deps.compile(flows.get(ref) ?? (ref as FlowDocument)));
    },
    async deployed(ref, version = ref.deployedVersion) {
      if (version === undefined) return null;
      const key = `${ref.id}#${version}`;
      const cached = compiledFlows.get(key);
      if (cached) return cached;
      const stored = await deps.getVersion(ref.id, version);
      if (!stored) return null;
      const compiled = deps.compile(documentOf(ref, stored));
      const plan = { ...compiled.plan, deployedVersion: version };
      return remember(key, { plan, testPlan: plan, trigger: plan.nodes[plan.trigger], responses: compiled.responses });
    },
  };
}
