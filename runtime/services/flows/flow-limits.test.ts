import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogue, chain, edge, node, trigger } from './testing/flow-fixtures.ts';
import { MAX_FAN_OUT, MAX_FLOW_DEPTH, MAX_FLOW_EDGES, MAX_FLOW_NODES } from './flow-limits.ts';
import { validateFlow } from './validate.ts';

const check = (nodes: unknown[], edges: unknown[] = []) => validateFlow({ nodes, edges }, catalogue);
const wait = (id: string) => node(id, 'waitNode', { seconds: 1 });
const waits = (count: number) => Array.from({ length: count }, (_, i) => wait(`wait_${i + 1}`));
/** the trigger followed by `length` wait nodes in one line */
const line = (length: number) => {
  const nodes = [trigger, ...waits(length)];
  return { nodes, edges: chain(...nodes.map((n) => n.id)) };
};

describe('flow limits', () => {
  it("equals the engine's own depth limit (actors/lua/includes/route.lua)", () => {
    const lua = readFileSync(new URL('../../../actors/lua/includes/route.lua', import.meta.url), 'utf8');
    expect(lua).toMatch(new RegExp(`^local maxHop = ${MAX_FLOW_DEPTH}$`, 'm'));
  });

  it('refuses a flow past the node count as malformed, with the count', () => {
    const result = check([trigger, ...waits(MAX_FLOW_NODES)]);
    expect(result.malformed).toEqual([`A flow has at most ${MAX_FLOW_NODES} nodes (this one has ${MAX_FLOW_NODES + 1})`]);
    expect(result.nodes).toEqual([]);
  });

  it('refuses a flow past the edge count as malformed, with the count', () => {
    const edges = Array.from({ length: MAX_FLOW_EDGES + 1 }, (_, i) => edge(`e${i}`, 'webhookTrigger_1', 'wait_1'));
    expect(check([trigger, wait('wait_1')], edges).malformed).toEqual([`A flow has at most ${MAX_FLOW_EDGES} edges (this one has ${MAX_FLOW_EDGES + 1})`]);
  });

  it('accepts a flow at the node count', () => {
    expect(check([trigger, ...waits(MAX_FLOW_NODES - 1)]).malformed).toEqual([]);
  });

  it('finds a port with more edges than the fan-out limit, naming node and port', () => {
    const targets = waits(MAX_FAN_OUT + 1);
    const result = check([trigger, ...targets], targets.map((t, i) => edge(`e${i}`, 'webhookTrigger_1', t.id)));
    expect(result.malformed).toEqual([]);
    expect(result.problems).toEqual([`Node webhookTrigger_1: port 'out' has ${MAX_FAN_OUT + 1} edges; a port has at most ${MAX_FAN_OUT}`]);
  });

  it('accepts a port at the fan-out limit', () => {
    const targets = waits(MAX_FAN_OUT);
    expect(check([trigger, ...targets], targets.map((t, i) => edge(`e${i}`, 'webhookTrigger_1', t.id))).problems).toEqual([]);
  });

  it('accepts a chain exactly as deep as the engine runs', () => {
    const { nodes, edges } = line(MAX_FLOW_DEPTH);
    expect(check(nodes, edges).problems).toEqual([]);
  });

  it('finds a chain one step deeper than the engine runs, naming the node it would fail at', () => {
    const { nodes, edges } = line(MAX_FLOW_DEPTH + 1);
    expect(check(nodes, edges).problems).toEqual([
      `Node wait_${MAX_FLOW_DEPTH + 1} is ${MAX_FLOW_DEPTH + 1} steps after the trigger; a flow runs at most ${MAX_FLOW_DEPTH} steps deep (Maximum flow execution depth, limit: ${MAX_FLOW_DEPTH})`,
    ]);
  });

  it('measures the longest path, not the shortest, where branches join', () => {
    const { nodes, edges } = line(MAX_FLOW_DEPTH + 1);
    // a shortcut from the trigger to the last node: its longest path is still too deep
    const result = check(nodes, [...edges, edge('shortcut', 'webhookTrigger_1', `wait_${MAX_FLOW_DEPTH + 1}`)]);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatch(`Node wait_${MAX_FLOW_DEPTH + 1} is ${MAX_FLOW_DEPTH + 1} steps`);
  });

  it('does not count a line of nodes the trigger never reaches', () => {
    const detached = waits(MAX_FLOW_DEPTH + 2);
    const result = check([trigger, ...detached], chain(...detached.map((n) => n.id)));
    expect(result.problems).toEqual([]);
  });
});
