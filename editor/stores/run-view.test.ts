import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../contract/run-events.ts';
import { toolAnswerMessage, toolCallMessage } from '../../contract/tool-progress.ts';
import { RunPlayer } from './run-player.ts';
import { RunView, runStatusText } from './run-view.ts';

const ev = (type: RunEvent['type'], extra: Partial<RunEvent> = {}, ts = 1000): RunEvent => ({ type, runId: 'r1', ts, ...extra }) as RunEvent;

const events: RunEvent[] = [
  ev('run.started'),
  ev('node.queued', { nodeId: 't' }),
  ev('node.started', { nodeId: 't' }, 1001),
  ev('node.completed', { nodeId: 't', output: { score: 72 }, durationMs: 3 }, 1004),
  ev('edge.message', { edgeId: 'e1', kind: 'data' }, 1004),
  ev('edge.message', { edgeId: 'e2', kind: 'skip' }, 1004),
  ev('node.queued', { nodeId: 'a' }, 1005),
  ev('node.started', { nodeId: 'a' }, 1006),
  ev('node.progress', { nodeId: 'a', message: 'halfway' }, 1007),
  ev('node.skipped', { nodeId: 'b' }, 1008),
];

describe('RunView', () => {
  it('follows node states, progress, outputs and edge kinds', () => {
    const view = new RunView('r1');
    events.forEach((e) => view.apply(e, true));
    expect(view.status).toBe('running');
    expect(view.nodes.get('t')).toMatchObject({ state: 'completed', output: { score: 72 }, durationMs: 3 });
    expect(view.nodes.get('a')).toMatchObject({ state: 'running', message: 'halfway' });
    expect(view.nodes.get('b')?.state).toBe('skipped');
    expect(view.edges.get('e1')).toBe('data');
    expect(view.edges.get('e2')).toBe('skip');
    expect(view.tokens.get('e2')?.[0].kind).toBe('skip');
  });

  it("lists a model node's tool calls from its progress messages, each answer with its call", () => {
    const view = new RunView('r1');
    view.apply(ev('node.started', { nodeId: 'gen' }), false);
    view.apply(ev('node.progress', { nodeId: 'gen', message: 'Calling the LLM' }), false);
    view.apply(ev('node.progress', { nodeId: 'gen', message: toolCallMessage('get_weather', '{"city":"Oslo"}') }), false);
    view.apply(ev('node.progress', { nodeId: 'gen', message: toolCallMessage('add', { a: 1, b: 2 }) }), false);
    expect(view.nodes.get('gen')?.toolCalls).toEqual([
      { name: 'get_weather', input: '{"city":"Oslo"}' },
      { name: 'add', input: '{"a":1,"b":2}' },
    ]);
    view.apply(ev('node.progress', { nodeId: 'gen', message: toolAnswerMessage('add', 3) }), false);
    view.apply(ev('node.progress', { nodeId: 'gen', message: toolAnswerMessage('get_weather', 'Sunny in Oslo') }), false);
    expect(view.nodes.get('gen')).toMatchObject({
      message: 'Tool get_weather answered: Sunny in Oslo',
      toolCalls: [
        { name: 'get_weather', input: '{"city":"Oslo"}', answer: 'Sunny in Oslo' },
        { name: 'add', input: '{"a":1,"b":2}', answer: '3' },
      ],
    });
    // a node started again (a loop's next iteration) starts a new list
    view.apply(ev('node.started', { nodeId: 'gen' }), false);
    expect(view.nodes.get('gen')?.toolCalls).toBeUndefined();
    view.apply(ev('node.progress', { nodeId: 'plain', message: 'halfway' }), false);
    expect(view.nodes.get('plain')?.toolCalls).toBeUndefined();
  });

  it('keeps counted progress (done of total) for the bar, live and in replay, and clears it when the node starts again', () => {
    for (const live of [true, false]) {
      const view = new RunView('r1');
      view.apply(ev('node.started', { nodeId: 'crawl' }), live);
      view.apply(ev('node.progress', { nodeId: 'crawl', message: 'Crawled 0 of 4 pages', done: 0, total: 4 }), live);
      view.apply(ev('node.progress', { nodeId: 'crawl', message: 'Crawled 3 of 5 pages', done: 3, total: 5 }), live);
      view.apply(ev('node.progress', { nodeId: 'crawl', message: 'a note without counts' }), live);
      expect(view.nodes.get('crawl')).toMatchObject({ message: 'a note without counts', progress: { done: 3, total: 5 } });
      view.apply(ev('node.started', { nodeId: 'crawl' }, 1100), live);
      expect(view.nodes.get('crawl')?.progress).toBeUndefined();
    }
  });

  it("writes a run a node stopped (Cloud Drive Read, spec 000 §4) as 'not complete', live and in replay", () => {
    for (const live of [true, false]) {
      const view = new RunView('r1');
      view.apply(ev('run.started'), live);
      view.apply(ev('node.completed', { nodeId: 'cloudDriveRead_1', output: { folderId: 'f', files: [] } }), live);
      view.apply(ev('run.incomplete', {}, 1010), live);
      expect([view.status, runStatusText(view.status), view.finishedAt]).toEqual(['incomplete', 'not complete', 1010]);
    }
    expect(['completed', 'failed', 'running'].map((s) => runStatusText(s as never))).toEqual(['completed', 'failed', 'running']);
  });

  it('shows a node that failed and went on (On error: continue) as completed with its error', () => {
    const view = new RunView('r1');
    const error = { message: 'No credentials found for openai', kind: 'user' };
    view.apply(ev('node.completed', { nodeId: 'rag', code: 500, output: { error } }), false);
    view.apply(ev('node.completed', { nodeId: 'ok', code: 200, output: { error: 'a field the node itself returns' } }), false);
    expect(view.nodes.get('rag')).toMatchObject({ state: 'completed', code: 500, error: error.message, output: { error } });
    expect(view.nodes.get('ok')?.error).toBeUndefined();
  });

  it('leaves nothing running once the run is over', () => {
    const view = new RunView('r1');
    [...events, ev('run.failed', { nodeId: 'a', error: 'boom' }, 1010)].forEach((e) => view.apply(e, false));
    expect(view.status).toBe('failed');
    expect(view.error).toBe('boom');
    expect(view.failedNode).toBe('a');
    expect(view.nodes.get('a')?.state).toBe('cancelled');
    expect(view.tokens.size).toBe(0);
  });

  it('fills gaps from a snapshot after a dropped connection', () => {
    const view = new RunView('r1');
    events.slice(0, 8).forEach((e) => view.apply(e, false));
    view.reconcile({
      runId: 'r1', flowId: 'f', projectId: 'p', version: 1, hop: 0, trigger: 't',
      status: 'completed', mode: 'test', startedAt: 1000, finishedAt: 1020,
      nodes: {
        t: { state: 'completed', durationMs: 3 },
        a: { state: 'completed', output: { ok: true }, durationMs: 9 },
        'l#0': { state: 'completed' },
        'l#1': { state: 'running' },
      },
    });
    expect(view.nodes.get('a')).toMatchObject({ state: 'completed', output: { ok: true }, durationMs: 9 });
    // a loop node shows its most active iteration; the run is over, so nothing is left running
    expect(view.nodes.get('l')).toMatchObject({ state: 'cancelled', iterations: 2 });
    expect(view.status).toBe('completed');
  });

  it('holds a node\'s events until the token travelling to it has arrived', async () => {
    const view = new RunView('r1');
    view.travelMs = 20;
    view.apply(ev('edge.message', { edgeId: 'e1', kind: 'data', nodeId: 'a' }), true);
    const queued = ev('node.queued', { nodeId: 'a' });
    expect(view.awaitsToken(queued)).toBe(true);
    expect(view.awaitsToken(ev('node.queued', { nodeId: 'b' }))).toBe(false);
    view.removeToken('e1', view.tokens.get('e1')![0].id);
    expect(view.awaitsToken(queued)).toBe(false);
    // a token whose edge is not drawn never reports its arrival: it counts as arrived a little after its time
    view.apply(ev('edge.message', { edgeId: 'e2', kind: 'skip', nodeId: 'a' }), true);
    expect(view.awaitsToken(queued)).toBe(true);
    await new Promise((ok) => setTimeout(ok, 400));
    expect(view.awaitsToken(queued)).toBe(false);
    // pushed events wait in line, in order; flush shows them all at once
    view.apply(ev('edge.message', { edgeId: 'e3', kind: 'data', nodeId: 'c' }), true);
    view.push(ev('node.queued', { nodeId: 'c' }));
    await new Promise((ok) => setTimeout(ok, 100));
    expect(view.nodes.get('c')).toBeUndefined();
    view.flush();
    expect(view.nodes.get('c')?.state).toBe('queued');
  });

  it('lets the other nodes\' events pass a held one, but not what follows from it', async () => {
    // edges: e1 t → a, e2 t → b, e3 a → c
    const sources: Record<string, string> = { e1: 't', e2: 't', e3: 'a' };
    const view = new RunView('r1', '#000', 'test', (edgeId) => sources[edgeId]);
    view.travelMs = 5000;
    view.apply(ev('edge.message', { edgeId: 'e1', kind: 'data', nodeId: 'a' }), true);
    for (const e of [
      ev('node.queued', { nodeId: 'a' }),
      ev('node.completed', { nodeId: 'a' }),
      ev('edge.message', { edgeId: 'e3', kind: 'data', nodeId: 'c' }),
      ev('node.queued', { nodeId: 'c' }),
      ev('edge.message', { edgeId: 'e2', kind: 'data', nodeId: 'b' }),
      ev('run.completed'),
    ]) view.push(e);
    await new Promise((ok) => setTimeout(ok, 300));
    expect(view.nodes.get('a')).toBeUndefined();
    expect(view.nodes.get('c')).toBeUndefined();
    expect(view.tokens.has('e3')).toBe(false);
    expect(view.tokens.has('e2')).toBe(true);
    expect(view.status).toBe('starting');
    view.removeToken('e1', view.tokens.get('e1')![0].id);
    await new Promise((ok) => setTimeout(ok, 300));
    expect(view.nodes.get('a')?.state).toBe('completed');
    expect(view.tokens.has('e3')).toBe(true);
    expect(view.nodes.get('c')).toBeUndefined();
  });

  it('paces bursts of pushed events and applies them all on flush', () => {
    const view = new RunView('r1');
    events.forEach((e) => view.push(e));
    expect(view.events.length).toBe(0);
    view.flush();
    expect(view.events.length).toBe(events.length);
  });
});

describe('RunPlayer', () => {
  it('steps, seeks back and forth, and plays to the end', async () => {
    const view = new RunView('r1');
    const player = new RunPlayer(view, events);
    player.step();
    player.step();
    expect(player.cursor).toBe(2);
    expect(view.nodes.get('t')?.state).toBe('queued');
    player.seek(events.length);
    expect(view.nodes.get('b')?.state).toBe('skipped');
    player.seek(4);
    expect(view.nodes.get('a')).toBeUndefined();
    expect(view.nodes.get('t')?.state).toBe('completed');
    player.setSpeed(50);
    player.play();
    await new Promise((ok) => setTimeout(ok, 400));
    expect(player.atEnd).toBe(true);
    expect(player.playing).toBe(false);
  });
});
