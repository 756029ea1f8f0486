/**
 * @module contract/versions — deployed versions of a flow. Deploying makes an immutable,
 * numbered version (1, 2, …) of the draft; production runs the newest one until the next
 * deploy; a rollback deploys an older version's content as a new version. Browser-safe: types only.
 *
 * Routes: `GET /api/flows/:flowId/versions` (summaries, newest first),
 * `GET /api/flows/:flowId/versions/:version` (one, whole),
 * `POST /api/flows/:flowId/deploy` `{status:'active', note?}` (a new version) or `{status:'inactive'}`,
 * `POST /api/flows/:flowId/versions/:version/rollback` `{note?}` (a new version from an old one).
 * Integrators may call a given version: `POST /hook/:flowId@:version`, GraphQL `version: Int`.
 */
import type { FlowEdge, FlowNode, StickyNote } from './flow-document.ts';

export interface FlowVersionSummary {
  version: number;
  note: string;
  deployedAt: number;
  deployedBy: { userId: string; email: string };
  /** a rollback: the version whose content this one repeats */
  rolledBackFrom?: number;
  /** deployed by an owner although its tests failed (docs/flow-tests.md): their note, the failing cases and the suite run */
  testsOverride?: { note: string; failing: string[]; suiteRunId: string };
}

export interface FlowVersion extends FlowVersionSummary {
  flowId: string;
  name: string;
  nodes: FlowNode[];
  edges: FlowEdge[];
  notes?: StickyNote[];
}
