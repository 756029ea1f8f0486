/**
 * @module runtime/services/flows/transfer/migrations/001-studio-flow-file — flow format 1 → 2.
 *
 * Format 1 is the one-flow file the studio exported before whole-project exports:
 * `{ weft: 1, name, nodes, edges, notes? }` (files written by hand often leave out `weft`).
 * Format 2 is the export document (contract/flow-export.ts): that flow as its one flow, with no
 * credentials listed (the import still finds the ones its nodes name).
 */
import type { Migration } from './migration.ts';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export const studioFlowFile: Migration = {
  from: 1,
  migrate(document) {
    if (!isObject(document) || !Array.isArray(document.nodes)) throw new Error('The file is not a weft flow: it has no "nodes" list');
    const name = typeof document.name === 'string' && document.name.trim() ? document.name.trim() : 'Imported flow';
    return {
      format: 'weft-export',
      formatVersion: 2,
      exportedAt: new Date().toISOString(),
      flows: [{ id: 'flow', name, status: 'draft', nodes: document.nodes, edges: document.edges ?? [], ...(document.notes !== undefined ? { notes: document.notes } : {}) }],
      credentials: [],
    };
  },
};
