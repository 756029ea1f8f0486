/** @module editor/pages/flow-files — a flow as a JSON file: export for download, import with a clear error. */
import type { FlowDocument, FlowEdge, FlowNode, StickyNote } from '../../contract/flow-document.ts';

export interface FlowFile {
  name: string;
  nodes: FlowNode[];
  edges: FlowEdge[];
  /** sticky notes, when the flow has any (the server checks them on import) */
  notes?: StickyNote[];
}

export function exportFlow(flow: FlowDocument): string {
  const file: FlowFile & { weft: number } = { weft: 1, name: flow.name, nodes: flow.nodes, edges: flow.edges, ...(flow.notes?.length ? { notes: flow.notes } : {}) };
  return JSON.stringify(file, null, 2);
}

/** Read an exported flow; throws a message that says what is wrong with the file. */
export function parseFlowFile(text: string, fallbackName: string): FlowFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`The file is not JSON: ${(error as Error).message}`);
  }
  const file = data as Partial<FlowFile>;
  if (!file || typeof file !== 'object' || !Array.isArray(file.nodes)) throw new Error('The file is not a weft flow: it has no "nodes" list');
  if (file.edges !== undefined && !Array.isArray(file.edges)) throw new Error('The file is not a weft flow: "edges" must be a list');
  if (file.notes !== undefined && !Array.isArray(file.notes)) throw new Error('The file is not a weft flow: "notes" must be a list');
  const name = typeof file.name === 'string' && file.name.trim() ? file.name : fallbackName;
  return { name, nodes: file.nodes, edges: file.edges ?? [], ...(file.notes ? { notes: file.notes } : {}) };
}

export function download(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
