import { describe, expect, it } from 'vitest';
import { definitions, nodes, registry } from './nodes.ts';
import { CatalogueError, createRegistry, handlesOf } from './registry.ts';
import { fieldOf } from './testing/node-harness.ts';
import type { CatalogueNode, NodeDefinition } from './types.ts';

const run: CatalogueNode['run'] = async () => ({ output: null });
const node = (overrides: Partial<NodeDefinition>): CatalogueNode => ({
  definition: {
    name: 'sample', label: 'Sample', type: 'dynamicNode', category: 'Logic', status: 'Enabled', description: '', icon: 'code',
    docs: '/docs/nodes/sample', inputs: [], outputs: [], ...overrides,
  },
  run,
});

function problemsOf(nodes: CatalogueNode[]): string[] {
  try {
    createRegistry(nodes);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(CatalogueError);
    return (error as CatalogueError).problems;
  }
}

describe('createRegistry', () => {
  it('accepts the shipped catalogue', () => {
    expect(registry.list().map((d) => d.name)).toEqual(definitions.map((d) => d.name));
    expect(registry.get('apiNode')?.definition.label).toBe('API Request');
    expect(nodes).toHaveLength(definitions.length);
  });

  it('refuses duplicate node names', () => {
    expect(problemsOf([node({}), node({})])).toEqual(['Duplicate node name: sample']);
  });

  it('refuses an actionField naming a missing field', () => {
    const inputs = [{ name: 'a', label: 'A', type: 'text' as const, actionField: 'mode', actionValue: 'x' }];
    expect(problemsOf([node({ inputs })])).toEqual(['node "sample": field "a": actionField "mode" is not a field of this node']);
  });

  it('refuses a select default that is not among its values', () => {
    const inputs = [{ name: 'm', label: 'Method', type: 'select' as const, defaultValue: 'GOT', values: [{ label: 'GET', value: 'GET' }] }];
    expect(problemsOf([node({ inputs })])).toEqual(['node "sample": field "m": default is invalid: Method must be one of: GET']);
  });

  it('refuses a number default outside its bounds and inverted bounds', () => {
    const inputs = [
      { name: 'n', label: 'N', type: 'number' as const, defaultValue: 50, minValue: 1, maxValue: 10 },
      { name: 'm', label: 'M', type: 'number' as const, minValue: 5, maxValue: 1 },
    ];
    expect(problemsOf([node({ inputs })])).toEqual([
      'node "sample": field "n": default is invalid: N must be between 1 and 10',
      'node "sample": field "m": minValue 5 is above maxValue 1',
    ]);
  });

  it('refuses pure on a node that may read a credential, start a flow, or is no plain step', () => {
    const expected = 'pure is for a node that only computes its output: a dynamicNode, conditionNode or responseNode without credential or flow fields or services';
    expect(problemsOf([node({ pure: true })])).toEqual([]);
    expect(problemsOf([node({ pure: true, inputs: [{ name: 'c', label: 'Credential', type: 'credential' }] })])).toEqual([`node "sample": ${expected}`]);
    expect(problemsOf([node({ pure: true, authTypes: ['apiKey'] })])).toEqual([`node "sample": ${expected}`]);
    expect(problemsOf([node({ pure: true, type: 'forLoopNode' })])).toEqual([`node "sample": ${expected}`]);
    expect(problemsOf([node({ pure: true, services: ['postgres'] })])).toEqual([`node "sample": ${expected}`]);
  });

  it('refuses sideEffects on a pure node, and a kind it does not know', () => {
    expect(problemsOf([node({ sideEffects: 'http' })])).toEqual([]);
    expect(problemsOf([node({ pure: true, sideEffects: 'mail' })])).toEqual(['node "sample": a pure node has no side effects; drop pure or sideEffects']);
    const unknown = 'fax' as unknown as NodeDefinition['sideEffects'];
    expect(problemsOf([node({ sideEffects: unknown })])).toEqual(['node "sample": unknown sideEffects "fax" (http, app, mail, messaging, database, flow)']);
  });

  it('refuses a service the runtime does not know, and one declared twice', () => {
    expect(problemsOf([node({ services: ['postgres', 'smtp'] })])).toEqual([]);
    // a name typed in a definition that bypassed the type (a plugin's plain JavaScript, JSON)
    const unknown = ['postgres', 'mongo'] as unknown as NodeDefinition['services'];
    expect(problemsOf([node({ services: unknown })])).toEqual([
      'node "sample": unknown service "mongo" (one of: models, vectors, mcp, flows, smtp, postgres, hooks, crawl)',
    ]);
    expect(problemsOf([node({ services: ['smtp', 'smtp'] })])).toEqual(['node "sample": service "smtp" is declared twice']);
  });

  it('refuses a responseNode pairing to a missing or non-response node', () => {
    const trigger = node({ name: 'hook', type: 'triggerNode', isTrigger: true, responseNode: 'nowhere' });
    expect(problemsOf([trigger])).toEqual(['node "hook": responseNode "nowhere" is not a node of the catalogue']);
    const paired = node({ name: 'hook', type: 'triggerNode', isTrigger: true, responseNode: 'sample' });
    expect(problemsOf([paired, node({})])).toEqual(['node "hook": responseNode "sample" is not a responseNode']);
  });

  it('refuses unknown kinds, categories, icons, field types and a bad handles field', () => {
    const bad = node({
      type: 'magicNode' as NodeDefinition['type'],
      category: 'Misc' as NodeDefinition['category'],
      icon: '🔀' as NodeDefinition['icon'],
      inputs: [{ name: 'x', label: 'X', type: 'color' as 'text' }, { name: 'x', label: 'X', type: 'text' }],
      handles: { fromField: 'x' },
    });
    expect(problemsOf([bad])).toEqual([
      'node "sample": unknown node type "magicNode"',
      'node "sample": unknown category "Misc"',
      'node "sample": unknown icon "🔀" (see catalogue/icon-names.ts)',
      'node "sample": duplicate field "x"',
      'node "sample": field "x": unknown field type "color"',
      'node "sample": handles.fromField "x" must be a conditions, branches, agentPaths or json (a list of { name }) field',
    ]);
  });

  it('names the problem in the thrown message', () => {
    expect(() => createRegistry([node({}), node({})])).toThrow(/Invalid node catalogue:\n- Duplicate node name: sample/);
  });

  it('lists Enabled and Restricted nodes and leaves Disabled ones out', () => {
    const r = createRegistry([node({ name: 'a' }), node({ name: 'b', status: 'Restricted' }), node({ name: 'c', status: 'Disabled' })]);
    expect(r.list().map((d) => d.name)).toEqual(['a', 'b']);
    expect(r.get('c')).toBeDefined();
    expect(registry.list().find((d) => d.name === 'forLoopEndNode')?.status).toBe('Restricted');
  });

  it('maps node types to engine roles', () => {
    expect(Object.fromEntries(definitions.map((d) => [d.name, registry.roleOf(d.name)]))).toEqual({
      agent: 'loopStart',
      agentLoopEndNode: 'loopEnd',
      webhookTriggerNode: 'trigger',
      automationTriggerNode: 'trigger',
      automationResponseNode: 'response',
      chatTriggerNode: 'trigger',
      searchTriggerNode: 'trigger',
      graphqlTriggerNode: 'trigger',
      teamsTriggerNode: 'trigger',
      mailTriggerNode: 'trigger',
      notesWorkspaceTriggerNode: 'trigger',
      postgresNode: 'normal',
      postgresTriggerNode: 'trigger',
      tableDatabaseTriggerNode: 'trigger',
      googleSheetsTriggerNode: 'trigger',
      googleDriveTriggerNode: 'trigger',
      s3TriggerNode: 'trigger',
      onedriveTriggerNode: 'trigger',
      sharepointTriggerNode: 'trigger',
      conditionNode: 'router',
      branchNode: 'router',
      variablesNode: 'normal',
      codeNode: 'normal',
      apiNode: 'normal',
      smtpNode: 'normal',
      messagingNode: 'normal',
      slackNode: 'normal',
      teamsNode: 'normal',
      mailNode: 'normal',
      tableDatabaseNode: 'normal',
      notesWorkspaceNode: 'normal',
      extractFileNode: 'normal',
      cloudDriveReadNode: 'normal',
      crawlerNode: 'normal',
      scraperNode: 'normal',
      crawlServiceNode: 'normal',
      waitNode: 'normal',
      forLoopNode: 'loopStart',
      forLoopEndNode: 'loopEnd',
      executeFlowNode: 'normal',
      generateTextNode: 'normal',
      generateJsonNode: 'normal',
      multiModalNode: 'normal',
      classifierNode: 'router',
      agentClassifierNode: 'router',
      generateImageNode: 'normal',
      chunkingNode: 'normal',
      vectorizeNode: 'normal',
      vectorDbNode: 'normal',
      vectorSearchNode: 'normal',
      hybridSearchNode: 'normal',
      keywordSearchNode: 'normal',
      mcpNode: 'normal',
      ragNode: 'normal',
      memoryAddNode: 'normal',
      memoryRetrieveNode: 'normal',
      apiResponseNode: 'response',
      chatResponseNode: 'response',
      searchResponseNode: 'response',
      graphqlResponseNode: 'response',
    });
    const r = createRegistry([node({ name: 'classify', type: 'agentClassifierNode' })]);
    expect(r.roleOf('classify')).toBe('router');
    expect(() => registry.roleOf('nope')).toThrow('Unknown node type: nope');
  });
});

describe('handlesOf', () => {
  const byName = (name: string) => definitions.find((d) => d.name === name)!;

  it('gives a single out handle by default', () => {
    expect(handlesOf(byName('apiNode'), {})).toEqual(['out']);
  });

  it('gives a condition node its labels, then Else', () => {
    expect(handlesOf(byName('conditionNode'), {})).toEqual(['Condition 1', 'Else']);
    const conditions = [{ label: 'Condition 1' }, { label: 'Condition 2' }, { label: 'Else' }];
    expect(handlesOf(byName('conditionNode'), { conditions })).toEqual(['Condition 1', 'Condition 2', 'Else']);
    expect(handlesOf(byName('conditionNode'), { conditions: [{ label: 'Condition 1' }] })).toEqual(['Condition 1', 'Else']);
  });

  it('gives a branch node its branch names', () => {
    expect(handlesOf(byName('branchNode'), {})).toEqual(['Branch 1', 'Branch 2']);
    expect(handlesOf(byName('branchNode'), { branches: ['red', 'green'] })).toEqual(['red', 'green']);
  });

  it('gives a classifier its classes, as a router', () => {
    expect(handlesOf(byName('classifierNode'), { classifier: ['Billing', 'Other'] })).toEqual(['Billing', 'Other']);
    expect(registry.roleOf('classifierNode')).toBe('router');
    for (const name of ['generateTextNode', 'generateJsonNode', 'generateImageNode', 'chunkingNode', 'vectorizeNode']) {
      expect(registry.get(name)?.definition.category).toBe('AI');
    }
  });
});

describe('the shipped definitions', () => {
  it('link their docs and carry the spec defaults', () => {
    for (const d of definitions) expect(d.docs).toBe(`/docs/nodes/${d.name}`);
    const field = (node: string, name: string) => fieldOf(definitions.find((d) => d.name === node)!, name)!;
    expect(field('apiNode', 'method').defaultValue).toBe('POST');
    expect(field('apiNode', 'retry_deplay')).toMatchObject({ defaultValue: 0, minValue: 0, maxValue: 10 });
    expect(field('apiNode', 'retries')).toMatchObject({ defaultValue: 0, minValue: 0, maxValue: 10 });
    expect(field('waitNode', 'seconds')).toMatchObject({ defaultValue: 30, minValue: 1, maxValue: 90 });
    expect(field('forLoopNode', 'wait')).toMatchObject({ defaultValue: 0, minValue: 0, maxValue: 30 });
    expect(field('branchNode', 'nodeName').defaultValue).toBe('Branching');
    expect(field('codeNode', 'code').literal).toBe(true);
    expect(definitions.find((d) => d.name === 'webhookTriggerNode')?.responseNode).toBe('apiResponseNode');
  });
});
