/**
 * @module contract/n8n-import — what `POST /api/projects/:projectId/flows/import-n8n` answers:
 * the draft made from an n8n workflow and each part of it that could not be carried over.
 */
import type { CheckedFlow } from './flow-document.ts';

/** One n8n node or expression the import could not map (or mapped only in part), by its n8n name. */
export interface ImportProblem {
  /** the n8n node's name, as the n8n workflow spells it */
  node: string;
  /** the weft parameter it concerns, when it is one */
  field?: string;
  message: string;
}

export interface N8nImportAnswer {
  flowId: string;
  /** the draft as the flow routes answer it (its own problems and warnings included) */
  flow: CheckedFlow;
  /** what the import could not map: also written into a sticky note on the draft */
  importProblems: ImportProblem[];
}
