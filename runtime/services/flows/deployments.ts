/**
 * @module runtime/services/flows/deployments — deploying a flow's draft as a new immutable version,
 * rolling back to an older version's content (also a new version), and stopping production.
 * Production runs the flow's `deployedVersion` (the newest) while the flow is `active`; the
 * draft is never touched here. Deploy and rollback check hard: any malformed part, problem or
 * warning refuses with 400 invalid_flow naming them, and a starter-plan project may not deploy
 * a pro-only field (403 pro_required).
 */
import { isNodeError } from '../../../catalogue/errors.ts';
import type { FlowDocument } from '../../../contract/flow-document.ts';
import type { FlowVersionSummary } from '../../../contract/versions.ts';
import { NotFoundError, ValidationError } from '../domain-errors.ts';
import type { FlowStore } from '../stores/flows.ts';
import { versionNotFound, type FlowVersionStore, type VersionContent } from '../stores/flow-versions.ts';
import type { PlanOf } from '../usage/plan-of.ts';
import { requirePlanForProFields } from '../usage/pro-features.ts';
import type { CatalogueView } from './catalogue-view.ts';
import { findingsOf, validateFlow } from './validate.ts';

/** The note of the version an active flow got when weft started keeping versions. */
export const LEGACY_NOTE = 'Live before weft kept versions';

/** Who deploys: the signed-in user. */
export type Deployer = FlowVersionSummary['deployedBy'];

/**
 * What else must happen when a flow goes live or stops: app triggers subscribe to the service
 * that calls them (runtime/integrations/tool-service/trigger-subscriptions.ts). `deploying` runs after the
 * checks and before the version is released, so a subscription that cannot be made refuses the
 * deploy; `stopped` runs once production has stopped.
 */
/** A deploy a hook refuses: a 400 saying why, with the hook's code. */
export const deployRefusal = (code: string) => (reason: string) => new ValidationError(`The flow cannot be deployed: ${reason}`, code);

/** What a hook's set-up failure means: a node error (the service refused) refuses the deploy; any other error passes on. */
export const asDeployRefusal = (refused: (reason: string) => ValidationError, error: unknown): unknown => (isNodeError(error) ? refused(error.message) : error);

export interface DeploymentHooks {
  deploying(flow: FlowDocument, content: VersionContent): Promise<void>;
  stopped(flow: FlowDocument): Promise<void>;
}

export interface DeploymentDeps {
  flows: FlowStore;
  versions: FlowVersionStore;
  catalogue: CatalogueView;
  planOf: PlanOf;
  hooks?: readonly DeploymentHooks[];
}

/** what a version keeps of a flow or of another version */
const contentOf = ({ name, nodes, edges, notes }: VersionContent): VersionContent => ({ name, nodes, edges, ...(notes ? { notes } : {}) });

export class Deployments {
  constructor(private readonly deps: DeploymentDeps) {}

  /** Freeze the draft as a new version and run it in production. */
  async deploy(flow: FlowDocument, by: Deployer, note: string, testsOverride?: FlowVersionSummary['testsOverride']): Promise<FlowDocument> {
    const content = contentOf(flow);
    await this.check(content, flow.projectId);
    for (const hook of this.deps.hooks ?? []) await hook.deploying(flow, content);
    return this.release(flow.id, { content, draftRevision: flow.version, deployedBy: by, note, ...(testsOverride ? { testsOverride } : {}) });
  }

  /** Deploy an older version's content again, as a new version that names it; the draft stays as it is. */
  async rollback(flow: FlowDocument, from: number, by: Deployer, note: string): Promise<FlowDocument> {
    const old = await this.deps.versions.get(flow.id, from);
    if (!old) throw versionNotFound(flow.id, from, await this.deps.versions.newest(flow.id));
    const content = contentOf(old);
    await this.check(content, flow.projectId);
    for (const hook of this.deps.hooks ?? []) await hook.deploying(flow, content);
    return this.release(flow.id, { content, draftRevision: old.draftRevision, deployedBy: by, note, rolledBackFrom: from });
  }

  /** Stop production: the flow is a draft again; its versions stay. */
  async stop(flow: FlowDocument): Promise<FlowDocument> {
    if (flow.status === 'draft') return flow;
    const stopped = await this.deps.flows.update(flow.id, (latest) => ({ ...latest, status: 'draft' }));
    for (const hook of this.deps.hooks ?? []) await hook.stopped(stopped);
    return stopped;
  }

  /**
   * Flows made active before weft kept versions ran their draft, so that draft is what is live:
   * each becomes version 1 of its flow, unchecked (it was running already). Run when a server
   * starts; resolves to how many flows it deployed.
   */
  async upgradeActiveFlows(projects: { list(): Promise<{ id: string }[]> }): Promise<number> {
    let upgraded = 0;
    for (const project of await projects.list()) {
      for (const flow of await this.deps.flows.list(project.id)) {
        if (flow.status !== 'active' || flow.deployedVersion !== undefined) continue;
        const content = contentOf(flow);
        await this.release(flow.id, { content, draftRevision: flow.version, deployedBy: { userId: '', email: '' }, note: LEGACY_NOTE });
        upgraded++;
      }
    }
    return upgraded;
  }

  /** Only what could run goes live. */
  private async check(content: VersionContent, projectId: string): Promise<void> {
    const all = findingsOf(validateFlow(content, this.deps.catalogue));
    if (all.length) throw new ValidationError(`The flow cannot be deployed: ${all.join('; ')}`, 'invalid_flow', { details: all });
    await requirePlanForProFields(content.nodes, projectId, this.deps.catalogue, this.deps.planOf);
  }

  private async release(flowId: string, made: Parameters<FlowVersionStore['add']>[1]): Promise<FlowDocument> {
    const { version } = await this.deps.versions.add(flowId, made);
    try {
      // The newest version wins, whichever of two concurrent deploys writes last.
      return await this.deps.flows.update(flowId, (latest) => ({
        ...latest,
        status: 'active',
        deployedVersion: Math.max(latest.deployedVersion ?? 0, version),
      }));
    } catch (error) {
      // deleted meanwhile: its versions go with it
      if (error instanceof NotFoundError) await this.deps.versions.deleteAll(flowId);
      throw error;
    }
  }
}
