/**
 * @module contract/flow-export — one flow or a whole project as one JSON document, to move it
 * to another weft or copy it (docs/flows.md, "Export and import"). It carries the flows (their drafts;
 * their deployed versions on request), the names and types of the credentials they use but
 * never their secrets, and the project's default models; widget settings travel in the chat and
 * search triggers' values. `formatVersion` is the flow document format's version: an older
 * document is migrated forward on import (runtime/services/flows/transfer/migrations/), a newer one is
 * refused. Its JSON Schema is served at `/schemas/weft-export.json`. Browser-safe: types only.
 *
 * Routes: `GET /api/flows/:flowId/export[?versions=true]`,
 * `GET /api/projects/:projectId/export[?versions=true]`,
 * `POST /api/projects/:projectId/import` (the document) → 201 `ImportAnswer`.
 */
import type { FlowEdge, FlowNode, StickyNote } from './flow-document.ts';
import type { FlowVersionSummary } from './versions.ts';

/** The flow document format this weft writes (1: the studio's one-flow file; 2: this document). */
export const FLOW_FORMAT_VERSION = 2;
export const EXPORT_FORMAT = 'weft-export';

export interface ExportedVersion extends Omit<FlowVersionSummary, 'deployedBy'> {
  nodes: FlowNode[];
  edges: FlowEdge[];
  notes?: StickyNote[];
}

export interface ExportedFlow {
  /** the flow's id where it was exported: references to it from other exported flows are remapped on import */
  id: string;
  name: string;
  /** the status it had; an import makes drafts (deploying is the builder's act, after filling credentials) */
  status: 'draft' | 'active';
  nodes: FlowNode[];
  edges: FlowEdge[];
  notes?: StickyNote[];
  /** spec 000 §3 Workflow: the data sources it was made from, and the marketplace flow it copies */
  source_slugs?: string[];
  source_id?: string | null;
  /** its deployed versions, oldest first, when asked for */
  versions?: ExportedVersion[];
}

export interface ExportedCredential {
  name: string;
  credential_type: string;
  marketplace_id: number | null;
}

export interface ExportDocument {
  format: typeof EXPORT_FORMAT;
  formatVersion: number;
  exportedAt: string;
  /** the project's name and default models (a project export) */
  project?: { name: string; defaultModels?: Record<string, unknown> | null };
  flows: ExportedFlow[];
  /** the credentials the flows name (a project export: all of the project's), without their secrets */
  credentials: ExportedCredential[];
}

export interface ImportAnswer {
  flows: Array<{ id: string; name: string; exportedId: string; versions: number }>;
  /** the credentials the flows name that the project lacks: make them (same name and type) before deploying */
  credentialsToFill: ExportedCredential[];
  /** the document's format version when it was migrated forward, or 'workflow-records' (the original product's) */
  migratedFrom?: number | 'workflow-records';
  defaultModelsSet: boolean;
}
