import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../contract/run-events.ts';
import { RunPlayer } from '../stores/run-player.ts';
import { RunView } from '../stores/run-view.ts';
import { agentIterations } from './agent-iterations.ts';

const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15, prompt_tokens_cost: 0.001, completion_tokens_cost: 0.002, total_cost: 0.003, model_name: 'gpt-4o-mini', model_provider: 'openai', status_code: 200 };
const step = (name: string, id: string) => ({ agentTool: { name, parameters: { city: 'Oslo' }, tool_id: id }, usage });
const completed = (nodeId: string, iteration: number, output: unknown): RunEvent => ({ type: 'node.completed', runId: 'r1', ts: 1, nodeId, iteration, output });

describe('agentIterations', () => {
  it("lists each iteration's choice, the agent's input and output, and its tokens and cost", () => {
    const view = new RunView('r1');
    view.apply(completed('agent_1', 0, step('Weather', 'call_0')), false);
    view.apply(completed('weather_1', 0, 'sunny'), false);
    view.apply(completed('agentLoopEnd_1', 0, { index: 0, currentValue: step('Weather', 'call_0'), output: 'sunny' }), false);
    view.apply(completed('agent_1', 1, { agentTool: null, stoppedBy: 'answer', usage }), false);
    const rows = agentIterations(view.nodes.get('agent_1')!, view.nodes.values());
    expect(rows).toEqual([
      { iteration: 0, choice: 'Weather', input: { city: 'Oslo' }, output: 'sunny', usage: '10 in · 5 out · 15 tokens · $0.003000 · gpt-4o-mini' },
      { iteration: 1, choice: 'answered', usage: '10 in · 5 out · 15 tokens · $0.003000 · gpt-4o-mini' },
    ]);
  });

  it('keeps iteration outputs from a snapshot too', () => {
    const view = new RunView('r1');
    view.reconcile({
      runId: 'r1', flowId: 'f', projectId: 'p', version: 1, hop: 0, trigger: 't', status: 'completed', mode: 'test', startedAt: 1, finishedAt: 2,
      nodes: { 'agent_1#0': { state: 'completed', output: step('Math', 'c') }, 'agent_1#1': { state: 'completed', output: { stoppedBy: 'maxIterations' } } },
    } as never);
    expect(agentIterations(view.nodes.get('agent_1')!, view.nodes.values()).map((r) => r.choice)).toEqual(['Math', 'max iterations reached']);
  });

  it('grows step by step as a replay steps through the iterations, and shrinks when it seeks back', () => {
    const started = (nodeId: string, iteration: number): RunEvent => ({ type: 'node.started', runId: 'r1', ts: 1, nodeId, iteration });
    const events: RunEvent[] = [
      started('agent_1', 0),
      completed('agent_1', 0, step('Weather', 'call_0')),
      started('weather_1', 0),
      completed('weather_1', 0, 'sunny'),
      completed('agentLoopEnd_1', 0, { index: 0, currentValue: step('Weather', 'call_0'), output: 'sunny' }),
      started('agent_1', 1),
      completed('agent_1', 1, step('Math', 'call_1')),
      completed('agentLoopEnd_1', 1, { index: 1, currentValue: step('Math', 'call_1'), output: 4 }),
      completed('agent_1', 2, { agentTool: null, stoppedBy: 'answer', usage }),
    ];
    const view = new RunView('r1');
    const player = new RunPlayer(view, events);
    const rows = () => (view.nodes.get('agent_1') ? agentIterations(view.nodes.get('agent_1')!, view.nodes.values()) : []);
    const seen: string[][] = [];
    for (let i = 0; i < events.length; i++) {
      player.step();
      seen.push(rows().map((r) => `${r.choice}${r.output === undefined ? '' : `=${JSON.stringify(r.output)}`}`));
    }
    expect(seen).toEqual([
      [],
      ['Weather'],
      ['Weather'],
      ['Weather'],
      ['Weather="sunny"'],
      ['Weather="sunny"'],
      ['Weather="sunny"', 'Math'],
      ['Weather="sunny"', 'Math=4'],
      ['Weather="sunny"', 'Math=4', 'answered'],
    ]);
    // the sub-graph of the iteration being replayed lights up
    player.seek(3);
    expect(view.nodes.get('weather_1')?.state).toBe('running');
    player.seek(7);
    expect(rows().map((r) => r.choice)).toEqual(['Weather', 'Math']);
  });
});
