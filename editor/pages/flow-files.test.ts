import { describe, expect, it } from 'vitest';
import type { FlowDocument } from '../../contract/flow-document.ts';
import { exportFlow, parseFlowFile } from './flow-files.ts';

const note = { id: 'note_1', position: { x: 0, y: 0 }, size: { width: 240, height: 160 }, text: '**why**' };
const flow: FlowDocument = { id: 'flow_1', projectId: 'proj_1', name: 'Noted', status: 'draft', version: 2, nodes: [], edges: [], notes: [note], createdAt: 0, updatedAt: 0 };

describe('flow files', () => {
  it('carry the sticky notes out and back in', () => {
    expect(parseFlowFile(exportFlow(flow), 'fallback')).toEqual({ name: 'Noted', nodes: [], edges: [], notes: [note] });
    expect(parseFlowFile(exportFlow({ ...flow, notes: [] }), 'fallback')).toEqual({ name: 'Noted', nodes: [], edges: [] });
  });

  it('refuse notes that are not a list', () => {
    expect(() => parseFlowFile(JSON.stringify({ nodes: [], notes: {} }), 'x')).toThrow('The file is not a weft flow: "notes" must be a list');
  });
});
