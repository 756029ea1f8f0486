/** @module editor/versions/node-names — a node as a builder reads it in a list of changes: its name (or its kind) and its id. */
import type { FlowNode } from '../../contract/flow-document.ts';
import type { CatalogueStore } from '../stores/catalogue-store.ts';

/** Names nodes by their Name field (from the first document that has the node) or their kind's label, with the id. */
export function nodeNamer(catalogue: CatalogueStore, documents: ({ nodes: FlowNode[] } | null | undefined)[]) {
  return ({ id, type }: { id: string; type: string }): string => {
    const node = documents.map((d) => d?.nodes.find((n) => n.id === id)).find(Boolean);
    const named = node?.values.nodeName;
    const name = typeof named === 'string' && named.trim() ? named.trim() : (catalogue.get(type)?.label ?? type);
    return `${name} (${id})`;
  };
}
