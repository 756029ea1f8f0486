import { describe, expect, it } from 'vitest';
import { catalogue, chain, edge, node, trigger } from './testing/flow-fixtures.ts';
import type { NodeRole } from '../../../actors/types.ts';
import { graphProblems } from './flow-graph.ts';
import { validateFlow } from './validate.ts';

const check = (nodes: unknown, edges: unknown = []) => validateFlow({ nodes, edges }, catalogue);

const loopStart = node('forLoop_1', 'forLoopNode');
const loopEnd = node('forLoopEnd_1', 'forLoopEndNode');
const wait = (id: string) => node(id, 'waitNode', { seconds: 1 });

describe('validateFlow: sound flows', () => {
  it('finds nothing wrong with a trigger, a loop and a response', () => {
    const nodes = [trigger, loopStart, wait('wait_1'), loopEnd, node('apiResponse_1', 'apiResponseNode')];
    const result = check(nodes, chain('webhookTrigger_1', 'forLoop_1', 'wait_1', 'forLoopEnd_1', 'apiResponse_1'));
    expect(result.problems).toEqual([]);
    expect(result.warnings).toEqual([]);
  });

  it('routes a condition node by its condition labels and Else', () => {
    const nodes = [trigger, node('condition_1', 'conditionNode'), wait('yes_1'), wait('no_1')];
    const edges = [edge('e1', 'webhookTrigger_1', 'condition_1'), edge('e2', 'condition_1', 'yes_1', 'Condition 1'), edge('e3', 'condition_1', 'no_1', 'Else')];
    expect(check(nodes, edges).problems).toEqual([]);
  });

  it('stores nodes and edges in their normal form: known fields only, defaults filled in, retries capped', () => {
    const result = check(
      [{ ...trigger, label: 'dropped', values: undefined }, { id: 'api_1', type: 'apiNode', position: { x: '5', y: null }, values: { url: 'http://x' }, retry: { retries: 9, delay: 120 } }],
      [{ id: 'e1', source: 'webhookTrigger_1', target: 'api_1' }],
    );
    expect(result.problems).toEqual([]);
    expect(result.nodes).toEqual([
      { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 0 }, values: {} },
      { id: 'api_1', type: 'apiNode', position: { x: 5, y: 0 }, values: { url: 'http://x' }, retry: { retries: 5, delay: 30 } },
    ]);
    expect(result.edges).toEqual([{ id: 'e1', source: 'webhookTrigger_1', sourceHandle: 'out', target: 'api_1', targetHandle: 'in' }]);
  });

  it("keeps onError 'continue' and drops 'stop', the default", () => {
    const result = check([trigger, { ...wait('a_1'), onError: 'continue' }, { ...wait('b_1'), onError: 'stop' }], chain('webhookTrigger_1', 'a_1', 'b_1'));
    expect(result.problems).toEqual([]);
    expect(result.nodes[1]).toEqual({ ...wait('a_1'), onError: 'continue' });
    expect(result.nodes[2]).toEqual(wait('b_1'));
  });

  it('reports missing values as warnings naming the node, not as problems', () => {
    const result = check([trigger, node('api_1', 'apiNode'), node('run_1', 'executeFlowNode')], chain('webhookTrigger_1', 'api_1', 'run_1'));
    expect(result.problems).toEqual([]);
    expect(result.warnings).toEqual(['api_1: URL is required', 'run_1: Flow is required']);
  });

  it('reports an unclosed {{ and a reference to a node the flow lacks as warnings naming node and field', () => {
    const conditions = [{ label: 'Condition 1', combinator: 'AND', operands: [{ name: '{{trigger.output.total', operator: '>', value: '5' }] }, { label: 'Else' }];
    const api = node('api_1', 'apiNode', { url: 'http://x/{{nosuch.output.id}}', body: '{"later": "{{wait_1.output}}"}' });
    const edges = [edge('e1', 'webhookTrigger_1', 'condition_1'), edge('e2', 'condition_1', 'api_1', 'Else'), edge('e3', 'api_1', 'wait_1')];
    const result = check([trigger, node('condition_1', 'conditionNode', { conditions }), api, wait('wait_1')], edges);
    expect(result.problems).toEqual([]);
    expect(result.warnings).toEqual([
      "condition_1: Conditions has an unclosed {{ in '{{trigger.output.total'",
      'api_1: URL reads {{nosuch.output.id}}, but the flow has no node nosuch',
    ]);
  });

  it('reports a field a node with closed outputs never has, suggesting the name it has', () => {
    const chat = node('chatTrigger_1', 'chatTriggerNode');
    const answer = node('chatResponse_1', 'chatResponseNode', { content: 'You said {{trigger.output.message}}' });
    const result = check([chat, answer], [edge('e1', 'chatTrigger_1', 'chatResponse_1')]);
    expect(result.problems).toEqual([]);
    expect(result.warnings).toEqual([
      "chatResponse_1: Content reads {{trigger.output.message}}, but the trigger (Chat) has no output field 'message': did you mean chatMessage?",
    ]);
    const fixed = check([chat, node('chatResponse_1', 'chatResponseNode', { content: 'You said {{trigger.output.chatMessage}}' })], [edge('e1', 'chatTrigger_1', 'chatResponse_1')]);
    expect(fixed.warnings).toEqual([]);
  });

  it('checks a 20 000-node chain without overflowing the stack', () => {
    const ids = ['webhookTrigger_1', ...Array.from({ length: 20_000 }, (_, i) => `wait_${i}`)];
    const nodes = [trigger, ...ids.slice(1).map(wait)];
    const started = performance.now();
    // past the count limits validateFlow refuses it unread (flow-limits.ts); the graph rules still must not overflow
    expect(check(nodes, chain(...ids)).malformed).toEqual([
      'A flow has at most 1000 nodes (this one has 20001)',
      'A flow has at most 2000 edges (this one has 20000)',
    ]);
    const roleOf = (id: string): NodeRole => (id === 'webhookTrigger_1' ? 'trigger' : 'normal');
    expect(graphProblems(ids, chain(...ids), roleOf)).toEqual([]);
    const looped = graphProblems(ids, [...chain(...ids), edge('back', 'wait_19999', 'wait_0')], roleOf);
    expect(looped).toHaveLength(1);
    expect(looped[0]).toMatch(/^The flow has a cycle \(wait_0 → wait_1 → .* → wait_19999 → wait_0\)/);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe('validateFlow: malformed documents and structural problems', () => {
  it.each([
    ['malformed', 'nodes that are not a list', 'nope', [], ['A flow needs a list of nodes']],
    ['malformed', 'edges that are not a list', [trigger], {}, ['The edges of a flow must be a list']],
    ['malformed', 'a node that is not an object', [trigger, 3], [], ['Node #2 is not an object']],
    ['malformed', 'a node id that is not a slug', [trigger, wait('wait-1')], [], ["Node #2 has an invalid id 'wait-1': use letters, digits and _ (not starting with a digit)"]],
    ['malformed', 'a node id starting with a digit', [trigger, wait('1wait')], [], ["Node #2 has an invalid id '1wait': use letters, digits and _ (not starting with a digit)"]],
    ['malformed', 'two nodes with one id', [trigger, wait('wait_1'), wait('wait_1')], [], ['Two nodes have the id wait_1']],
    ['malformed', 'a node without a type', [trigger, { id: 'x_1', values: {} }], [], ['Node x_1 has no type']],
    ['malformed', 'values that are not an object', [trigger, { id: 'x_1', type: 'waitNode', values: [1] }], [], ['Node x_1: values must be an object']],
    ['malformed', 'a retry that is not {retries, delay}', [trigger, { ...wait('x_1'), retry: 3 }], [], ['Node x_1: retry must be an object {retries, delay}']],
    ['malformed', 'a negative retry', [trigger, { ...wait('x_1'), retry: { retries: -1, delay: 0 } }], [], ['Node x_1: retry.retries and retry.delay must be numbers of 0 or more']],
    ['malformed', 'an onError that is neither stop nor continue', [trigger, { ...wait('x_1'), onError: 'ignore' }], [], ["Node x_1: onError must be 'stop' or 'continue'"]],
    ['problems', "onError 'continue' on the trigger", [{ ...trigger, onError: 'continue' }], [], ["Node webhookTrigger_1: onError 'continue' is not available for a trigger, a For Loop or a Loop End"]],
    ['problems', 'an unknown node type', [trigger, node('x_1', 'noSuchNode')], [], ["Node x_1 has an unknown node type 'noSuchNode'"]],
    ['problems', 'no trigger', [wait('wait_1')], [], ['No trigger node found!']],
    ['problems', 'no nodes at all', [], [], ['No trigger node found!']],
    ['problems', 'a second trigger', [trigger, node('webhookTrigger_2', 'webhookTriggerNode')], [], ['A flow has one trigger; this one has 2: webhookTrigger_1, webhookTrigger_2']],
    ['problems', 'a node that shadows the trigger alias', [trigger, wait('trigger')], [], ["Node trigger: 'trigger' is the alias of the flow's trigger; give this node another id"]],
  ] as const)('finds %s: %s', (kind, _what, nodes, edges, findings) => {
    const result = check(nodes, edges);
    expect(result[kind]).toEqual(findings);
    expect(result[kind === 'malformed' ? 'problems' : 'malformed']).toEqual([]);
  });

  it.each([
    ['malformed', 'an edge that is not an object', ['e'], ['Edge #1 is not an object']],
    ['malformed', 'an edge without an id', [{ source: 'webhookTrigger_1', target: 'wait_1' }], ['Edge #1 has no id']],
    ['malformed', 'an edge without a target', [{ id: 'e1', source: 'webhookTrigger_1' }], ['Edge e1 needs a source and a target']],
    ['problems', 'a dangling target', [edge('e1', 'webhookTrigger_1', 'ghost_1')], ['Edge e1 is dangling: node ghost_1 does not exist']],
    ['problems', 'a dangling source', [edge('e1', 'ghost_1', 'wait_1')], ['Edge e1 is dangling: node ghost_1 does not exist']],
    ['problems', 'an edge from a node to itself', [edge('e1', 'webhookTrigger_1', 'wait_1'), edge('e2', 'wait_1', 'wait_1')], ['Edge e2 connects wait_1 to itself']],
    ['problems', 'a handle the source does not have', [edge('e1', 'webhookTrigger_1', 'wait_1', 'Else')], ["Edge e1 leaves webhookTrigger_1 from 'Else', which it does not have (it has: out)"]],
    ['problems', 'a target handle other than in', [{ ...edge('e1', 'webhookTrigger_1', 'wait_1'), targetHandle: 'other' }], ["Edge e1 enters wait_1 at 'other'; nodes take input at 'in'"]],
    ['problems', 'an edge into the trigger', [edge('e1', 'wait_1', 'webhookTrigger_1')], ['Edge e1 goes into the trigger webhookTrigger_1']],
    ['problems', 'the same connection twice', [edge('e1', 'webhookTrigger_1', 'wait_1'), edge('e2', 'webhookTrigger_1', 'wait_1')], ['Edge e2 repeats a connection from webhookTrigger_1 (out) to wait_1']],
    ['malformed', 'two edges with one id', [edge('e1', 'webhookTrigger_1', 'wait_1'), edge('e1', 'wait_1', 'wait_2')], ['Two edges have the id e1']],
  ] as const)('finds %s: %s', (kind, _what, edges, findings) => {
    const result = check([trigger, wait('wait_1'), wait('wait_2')], edges);
    expect(result[kind]).toEqual(findings);
    expect(result[kind === 'malformed' ? 'problems' : 'malformed']).toEqual([]);
  });

  it('refuses a condition edge from a label the node does not have', () => {
    const nodes = [trigger, node('condition_1', 'conditionNode'), wait('wait_1')];
    const edges = [edge('e1', 'webhookTrigger_1', 'condition_1'), edge('e2', 'condition_1', 'wait_1', 'Condition 2')];
    expect(check(nodes, edges).problems).toEqual(["Edge e2 leaves condition_1 from 'Condition 2', which it does not have (it has: Condition 1, Else)"]);
  });

  it("refuses onError 'continue' on a For Loop and its Loop End: their failure cannot flow on as data", () => {
    const nodes = [trigger, { ...loopStart, onError: 'continue' }, wait('wait_1'), { ...loopEnd, onError: 'continue' }];
    expect(check(nodes, chain('webhookTrigger_1', 'forLoop_1', 'wait_1', 'forLoopEnd_1')).problems).toEqual([
      "Node forLoop_1: onError 'continue' is not available for a trigger, a For Loop or a Loop End",
      "Node forLoopEnd_1: onError 'continue' is not available for a trigger, a For Loop or a Loop End",
    ]);
  });

  it('refuses a cycle, naming its path', () => {
    const nodes = [trigger, wait('a_1'), wait('b_1'), wait('c_1')];
    const edges = [...chain('webhookTrigger_1', 'a_1', 'b_1', 'c_1'), edge('e9', 'c_1', 'a_1')];
    expect(check(nodes, edges).problems).toEqual(['The flow has a cycle (a_1 → b_1 → c_1 → a_1); only a For Loop repeats nodes']);
  });

  it('refuses an edge from a For Loop body back to the loop start (a cycle: the loop repeats itself)', () => {
    const nodes = [trigger, loopStart, wait('wait_1'), loopEnd];
    const edges = [...chain('webhookTrigger_1', 'forLoop_1', 'wait_1', 'forLoopEnd_1'), edge('e9', 'wait_1', 'forLoop_1')];
    expect(check(nodes, edges).problems[0]).toMatch(/^The flow has a cycle \(forLoop_1 → wait_1 → forLoop_1\)/);
  });
});

describe('validateFlow: For Loops', () => {
  it('pairs a Supervisor with an Agent Loop End and a For Loop with a Loop End', () => {
    const supervisor = node('agent_1', 'agent', { agents: [{ name: 'Search' }] });
    const agentEnd = node('agentLoopEnd_1', 'agentLoopEndNode');
    const path = (end: string) => [edge('e1', 'webhookTrigger_1', 'agent_1'), edge('e2', 'agent_1', 'wait_1', 'Search'), edge('e3', 'wait_1', end)];
    expect(check([trigger, supervisor, wait('wait_1'), agentEnd], path('agentLoopEnd_1')).problems).toEqual([]);
    expect(check([trigger, supervisor, wait('wait_1'), loopEnd], path('forLoopEnd_1')).problems).toEqual([
      'Supervisor agent_1 must end at its Agent Loop End, not at forLoopEnd_1 (Loop End)',
    ]);
    expect(check([trigger, loopStart, wait('wait_1'), agentEnd], chain('webhookTrigger_1', 'forLoop_1', 'wait_1', 'agentLoopEnd_1')).problems).toEqual([
      'For Loop forLoop_1 must end at its Loop End, not at agentLoopEnd_1 (Agent Loop End)',
    ]);
  });

  it('refuses a loop that reaches no Loop End', () => {
    expect(check([trigger, loopStart, wait('wait_1')], chain('webhookTrigger_1', 'forLoop_1', 'wait_1')).problems).toEqual([
      'For Loop forLoop_1 must reach exactly one Loop End (it reaches none)',
    ]);
  });

  it('refuses a loop that reaches two Loop Ends', () => {
    const nodes = [trigger, loopStart, wait('wait_1'), loopEnd, node('forLoopEnd_2', 'forLoopEndNode')];
    const edges = [...chain('webhookTrigger_1', 'forLoop_1', 'wait_1', 'forLoopEnd_1'), edge('e9', 'wait_1', 'forLoopEnd_2')];
    expect(check(nodes, edges).problems).toEqual(['For Loop forLoop_1 must reach exactly one Loop End (it reaches forLoopEnd_1, forLoopEnd_2)']);
  });

  it('refuses nested loops', () => {
    const nodes = [trigger, loopStart, node('forLoop_2', 'forLoopNode'), node('forLoopEnd_2', 'forLoopEndNode'), loopEnd];
    const edges = chain('webhookTrigger_1', 'forLoop_1', 'forLoop_2', 'forLoopEnd_2', 'forLoopEnd_1');
    expect(check(nodes, edges).problems).toEqual(['Nested For Loops are not allowed: forLoop_2 is inside the loop of forLoop_1']);
  });

  it('refuses an edge into a loop body from outside the loop', () => {
    const nodes = [trigger, loopStart, wait('wait_1'), loopEnd, wait('outside_1')];
    const edges = [...chain('webhookTrigger_1', 'forLoop_1', 'wait_1', 'forLoopEnd_1'), edge('e8', 'webhookTrigger_1', 'outside_1'), edge('e9', 'outside_1', 'wait_1')];
    expect(check(nodes, edges).problems).toEqual(['Edge e9 enters the loop of forLoop_1 from outside it (from outside_1 into wait_1)']);
  });

  it('refuses an edge into the Loop End from outside the loop', () => {
    const nodes = [trigger, loopStart, wait('wait_1'), loopEnd];
    const edges = [...chain('webhookTrigger_1', 'forLoop_1', 'wait_1', 'forLoopEnd_1'), edge('e9', 'webhookTrigger_1', 'forLoopEnd_1')];
    expect(check(nodes, edges).problems).toEqual(['Edge e9 enters the loop of forLoop_1 from outside it (from webhookTrigger_1 into forLoopEnd_1)']);
  });

  it('refuses a Loop End no For Loop reaches', () => {
    expect(check([trigger, loopEnd], chain('webhookTrigger_1', 'forLoopEnd_1')).problems).toEqual(['Loop End forLoopEnd_1 is not reached by a For Loop']);
  });

  it('allows a loop start joined straight to its end, and parallel paths inside the body', () => {
    const nodes = [trigger, loopStart, wait('a_1'), wait('b_1'), loopEnd];
    const edges = [
      edge('e1', 'webhookTrigger_1', 'forLoop_1'),
      edge('e2', 'forLoop_1', 'a_1'),
      edge('e3', 'forLoop_1', 'b_1'),
      edge('e4', 'a_1', 'forLoopEnd_1'),
      edge('e5', 'b_1', 'forLoopEnd_1'),
      edge('e6', 'forLoop_1', 'forLoopEnd_1'),
    ];
    expect(check(nodes, edges).problems).toEqual([]);
  });
});
