/** @module runtime/integrations/mcp/tool-list.test — tool names, descriptions and input schemas from a project's flows. */
import { describe, expect, it } from 'vitest';
import type { FlowDocument, FlowNode } from '../../../contract/flow-document.ts';
import { baseName, flowTools, MAX_TOOL_NAME } from './tool-list.ts';

const node = (id: string, type: string, values: Record<string, unknown> = {}): FlowNode => ({ id, type, position: { x: 0, y: 0 }, values });
let created = 0;
const flow = (id: string, name: string, nodes: FlowNode[], status: FlowDocument['status'] = 'active'): FlowDocument => ({
  id,
  projectId: 'proj_1',
  name,
  status,
  version: 1,
  deployedVersion: 1,
  nodes,
  edges: [],
  createdAt: ++created,
  updatedAt: created,
});
const hook = (...more: FlowNode[]) => [node('webhookTrigger_1', 'webhookTriggerNode'), ...more];

describe('tool names', () => {
  it('are the flow name in MCP’s alphabet: accents dropped, lower case, other runs made one _', () => {
    expect(baseName('Grade a score')).toBe('grade_a_score');
    expect(baseName('  Café — crème brûlée!  ')).toBe('cafe_creme_brulee');
    expect(baseName('order-lookup_v2')).toBe('order-lookup_v2');
    expect(baseName('¿?')).toBe('flow');
    expect(baseName('x'.repeat(100))).toHaveLength(MAX_TOOL_NAME);
  });

  it('stay unique: the older flow keeps the name, a newer one gets its id appended, within 64 characters', () => {
    const long = 'A very long flow name that goes on and on past what MCP allows for a tool';
    const tools = flowTools([
      flow('flow_b', 'Grade', hook()),
      flow('flow_0123456789abcdef', long, hook()),
      flow('flow_1123456789abcdef', long, hook()),
      flow('flow_a', 'grade!', hook()),
    ]);
    expect(tools.map((t) => t.name)).toEqual([
      'grade',
      baseName(long),
      `${baseName(long).slice(0, MAX_TOOL_NAME - 22)}_flow_1123456789abcdef`,
      'grade_flow_a',
    ]);
    expect(tools.every((t) => /^[a-zA-Z0-9_-]{1,64}$/.test(t.name))).toBe(true);
    expect(tools.map((t) => t.title)).toEqual(['Grade', long, long, 'grade!']);
  });
});

describe('flowTools', () => {
  it('lists active flows whose trigger takes an input, described by the flow name and the trigger’s description', () => {
    const tools = flowTools([
      flow('flow_1', 'Draft', hook(), 'draft'),
      flow('flow_2', 'No trigger', [node('code_1', 'codeNode')]),
      flow('flow_3', 'Search docs', [node('searchTrigger_1', 'searchTriggerNode', { description: 'Finds passages of the docs' })]),
    ]);
    expect(tools).toEqual([
      {
        name: 'search_docs',
        title: 'Search docs',
        description: 'Search docs: Finds passages of the docs',
        flowId: 'flow_3',
        inputSchema: { type: 'object', properties: { searchQuery: { type: 'string', description: 'what the visitor typed' } }, required: ['searchQuery'] },
      },
    ]);
  });

  it('titles a tool with its flow’s name as written, its id when the name is blank', () => {
    const tools = flowTools([flow('flow_1', '  Grade a Score!  ', hook()), flow('flow_2', '   ', hook())]);
    expect(tools.map(({ name, title }) => ({ name, title }))).toEqual([
      { name: 'grade_a_score', title: 'Grade a Score!' },
      { name: 'flow', title: 'flow_2' },
    ]);
  });

  it('takes a webhook flow’s fields from what it reads, a list where a For Loop iterates', () => {
    const [tool] = flowTools([flow('flow_1', 'Squares', hook(node('forLoop_1', 'forLoopNode', { iteratorValue: '{{trigger.output.numbers}}' }), node('code_1', 'codeNode', { code: '{{ webhookTrigger_1.output.factor }}' })))]);
    expect(tool.inputSchema).toEqual({
      type: 'object',
      properties: {
        numbers: { type: 'array', description: 'read as {{trigger.output.numbers}}, a list the flow loops over' },
        factor: { description: 'read as {{trigger.output.factor}}' },
      },
    });
  });

  it('takes a GraphQL flow’s schema as it is, types a sample payload, and makes anything else a free-form object', () => {
    const graphql = (advance_schema: string) => [node('graphqlTrigger_1', 'graphqlTriggerNode', { advance_schema })];
    const [schema, sample, scalar, broken] = flowTools([
      flow('flow_1', 'a', graphql('{"type":"object","properties":{"id":{"type":"integer"}},"required":["id"]}')),
      flow('flow_2', 'b', graphql('{"city":"Oslo","tags":["x"],"n":1.5,"ok":true}')),
      flow('flow_3', 'c', graphql('{"type":"string"}')),
      flow('flow_4', 'd', graphql('{not json')),
    ]).map((t) => t.inputSchema);
    expect(schema).toEqual({ type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] });
    expect(sample).toEqual({
      type: 'object',
      properties: { city: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } }, n: { type: 'number' }, ok: { type: 'boolean' } },
    });
    expect(scalar).toEqual({ type: 'object' });
    expect(broken).toEqual({ type: 'object' });
  });
});
