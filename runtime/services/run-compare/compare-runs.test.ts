import { describe, expect, it } from 'vitest';
import type { RunSnapshot } from '../../../contract/runs.ts';
import { compareRuns } from './compare-runs.ts';

const run = (runId: string, nodes: RunSnapshot['nodes'], extra: Partial<RunSnapshot> = {}): RunSnapshot => ({
  runId, flowId: 'flow_1', projectId: 'p', version: 1, status: 'completed', mode: 'test', startedAt: 1000, finishedAt: 1600, hop: 0, trigger: 't_1', nodes, ...extra,
});
const ai = (text: string, tokens: number, cost: number) => ({ text, _meta: { prompt_tokens: tokens - 1, completion_tokens: 1, total_tokens: tokens, total_cost: cost } });

describe('compareRuns', () => {
  it('puts each node of both runs side by side: state, duration, tokens, cost and the diff of its outputs', () => {
    const a = run('run_a', {
      t_1: { state: 'completed', output: { q: 'x' }, durationMs: 1 },
      llm_1: { state: 'completed', output: ai('hi', 10, 0.02), durationMs: 400 },
      fail_1: { state: 'failed', error: 'boom' },
    });
    const b = run('run_b', {
      t_1: { state: 'completed', output: { q: 'x' }, durationMs: 2 },
      llm_1: { state: 'completed', output: ai('hello', 12, 0.03), durationMs: 300 },
      new_1: { state: 'completed', output: 1 },
    }, { rerunOf: { runId: 'run_a', fromNode: 'llm_1' }, finishedAt: 1300 });
    const comparison = compareRuns(a, b);
    expect(comparison.b).toEqual({ runId: 'run_b', status: 'completed', startedAt: 1000, finishedAt: 1300, rerunOf: { runId: 'run_a', fromNode: 'llm_1' } });
    expect(comparison.nodes.map((n) => [n.nodeId, n.same])).toEqual([['t_1', true], ['llm_1', false], ['fail_1', true], ['new_1', false]]);
    const llm = comparison.nodes[1];
    expect(llm.a).toEqual({ state: 'completed', durationMs: 400, tokens: 10, cost: 0.02 });
    expect(llm.b).toEqual({ state: 'completed', durationMs: 300, tokens: 12, cost: 0.03 });
    expect(llm.diff.changed.map((c) => c.path)).toEqual(['text', '_meta.prompt_tokens', '_meta.total_tokens', '_meta.total_cost']);
    expect(comparison.nodes[2]).toMatchObject({ a: { state: 'failed', error: 'boom', tokens: 0, cost: 0 } });
    expect(comparison.nodes[2].b).toBeUndefined();
    expect(comparison.nodes[3].diff.added).toEqual([{ path: '', value: 1 }]);
    expect(comparison.totals).toEqual({ a: { tokens: 10, cost: 0.02, durationMs: 600 }, b: { tokens: 12, cost: 0.03, durationMs: 300 } });
  });
});
