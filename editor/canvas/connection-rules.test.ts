import { describe, expect, it } from 'vitest';
import { addNodeProblem, connectionProblem, findPath, type GraphView } from './connection-rules.ts';

const graph = (links: GraphView['links']): GraphView => ({
  links,
  roleOf: (id) => (id === 't' ? 'trigger' : 'normal'),
  nameOf: (id) => `n_${id}`,
});

describe('connection rules', () => {
  const links = [
    { source: 't', sourceHandle: 'out', target: 'a' },
    { source: 'a', sourceHandle: 'out', target: 'b' },
  ];

  it('accepts a sound connection', () => {
    expect(connectionProblem(graph(links), 't', 'out', 'b')).toBeNull();
  });

  it('refuses a node connected to itself', () => {
    expect(connectionProblem(graph(links), 'a', 'out', 'a')).toBe('A node cannot be connected to itself');
  });

  it('refuses a connection into the trigger', () => {
    expect(connectionProblem(graph(links), 'b', 'out', 't')).toMatch(/Nothing can lead into the trigger n_t/);
  });

  it('refuses a repeated connection but allows another handle', () => {
    expect(connectionProblem(graph(links), 'a', 'out', 'b')).toMatch(/already connected/);
    expect(connectionProblem(graph(links), 'a', 'Else', 'b')).toBeNull();
  });

  it('refuses a cycle and names it', () => {
    expect(connectionProblem(graph(links), 'b', 'out', 'a')).toBe('That would make a cycle (n_a → n_b → n_a); only a For Loop repeats nodes');
  });

  it('finds paths', () => {
    expect(findPath(links, 't', 'b')).toEqual(['t', 'a', 'b']);
    expect(findPath(links, 'b', 't')).toBeNull();
  });

  it('refuses a second trigger', () => {
    expect(addNodeProblem(graph(links), ['t', 'a'], 'trigger')).toBe('A flow has one trigger, and this one already has n_t');
    expect(addNodeProblem(graph(links), ['a'], 'trigger')).toBeNull();
    expect(addNodeProblem(graph(links), ['t'], 'normal')).toBeNull();
  });
});
