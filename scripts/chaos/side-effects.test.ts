import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../contract/run-events.ts';
import { duplicateDeliveries } from './chaos-flow.ts';
import { countSideEffects } from './side-effects.ts';

describe('countSideEffects', () => {
  it('counts a repeat with a key the receiver saw before as recognisable', () => {
    const figures = countSideEffects([
      { call: 'a', key: 'run_1/api_1', at: 1 },
      { call: 'a', key: 'run_1/api_1', at: 2 },
      { call: 'b', key: 'run_2/api_1', at: 3 },
    ]);
    expect(figures).toEqual({ calls: 3, effects: 2, repeatedCalls: 1, withoutKey: 0, recognisedRepeats: 1, unrecognisedDuplicates: 0 });
  });

  it('counts repeats without a key, with a fresh key or naming no call as unrecognisable', () => {
    const figures = countSideEffects([
      { call: 'a', at: 1 },
      { call: 'a', at: 2 },
      { call: 'b', key: 'run_2/api_1', at: 3 },
      { call: 'b', key: 'run_9/api_1', at: 4 },
      { call: 'b', key: 'run_9/api_1', at: 5 },
      { key: 'run_3/api_1', at: 6 },
    ]);
    expect(figures).toEqual({ calls: 6, effects: 2, repeatedCalls: 2, withoutKey: 2, recognisedRepeats: 1, unrecognisedDuplicates: 3 });
  });
});

describe('duplicateDeliveries', () => {
  const event = (type: RunEvent['type'], extra: Partial<RunEvent>) => ({ id: '1-0', runId: 'run_1', ts: 0, type, ...extra }) as RunEvent;

  it('counts a node completed twice and an edge message sent twice in one iteration, not a step started again', () => {
    const events = [
      event('node.started', { nodeId: 'api_1' }),
      event('node.started', { nodeId: 'api_1' }),
      event('node.completed', { nodeId: 'api_1' }),
      event('edge.message', { edgeId: 'e3' }),
      event('edge.message', { edgeId: 'e3', iteration: 1 }),
      event('node.completed', { nodeId: 'api_1' }),
      event('edge.message', { edgeId: 'e3' }),
    ];
    expect(duplicateDeliveries(events)).toBe(2);
  });
});
