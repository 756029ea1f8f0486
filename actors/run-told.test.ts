import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../contract/run-events.ts';
import { RunTelling } from './run-told.ts';

const event = (type: RunEvent['type'], ts: number, more: Partial<RunEvent> = {}): RunEvent => ({ type, runId: 'run_1', ts, ...more }) as RunEvent;

describe('a run as its events tell it', () => {
  it('tells how it ended and which actors ran, in the order they started', () => {
    const telling = new RunTelling();
    for (const e of [
      event('run.started', 1),
      event('node.started', 1, { nodeId: 'trigger' }),
      event('node.completed', 2, { nodeId: 'trigger', output: { name: 'ada' } }),
      event('node.started', 4, { nodeId: 'b' }),
      event('node.started', 3, { nodeId: 'a' }),
      event('node.skipped', 4, { nodeId: 'c' }),
      event('node.started', 5, { nodeId: 'body', iteration: 0 }),
      event('node.completed', 6, { nodeId: 'body', iteration: 0, output: 1 }),
      event('node.started', 6, { nodeId: 'body', iteration: 1 }),
      event('node.completed', 7, { nodeId: 'body', iteration: 1, output: 2 }),
      event('node.completed', 8, { nodeId: 'a', output: 'A' }),
      event('node.failed', 9, { nodeId: 'b', error: 'boom' }),
    ]) telling.add(e);
    expect(telling.told()).toBeUndefined();
    telling.add(event('run.failed', 10, { nodeId: 'b', error: 'boom', errorKind: 'user' }));
    expect(telling.told()).toEqual({
      status: 'failed', finishedAt: 10, error: 'boom', errorKind: 'user', failedNode: 'b',
      ran: [
        { nodeId: 'trigger', output: { name: 'ada' } },
        { nodeId: 'a', output: 'A' },
        { nodeId: 'b', output: undefined },
        { nodeId: 'body', output: 1 },
        { nodeId: 'body', output: 2 },
      ],
    });
  });

  it('tells nothing of a run whose start it did not hear', () => {
    const telling = new RunTelling();
    telling.add(event('node.completed', 2, { nodeId: 'a', output: 1 }));
    telling.add(event('run.completed', 3));
    expect(telling.told()).toBeUndefined();
  });
});
