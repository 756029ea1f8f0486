/** @module actors/testing/harness — an engine on the test Redis with a unique prefix. */
import { randomUUID } from 'node:crypto';
import { Engine } from '../engine.ts';
import type { EngineOptions, ExecuteFn } from '../engine-types.ts';
import type { RunEvent } from '../../contract/run-events.ts';

export function testEngine(execute: ExecuteFn, options: Partial<EngineOptions> = {}): Engine {
  const redisUrl = process.env.REDIS_URL;
  if (!redisUrl) throw new Error('REDIS_URL is not set: run tests with `npm test`');
  return new Engine({ redisUrl, prefix: `weft-test-${randomUUID().slice(0, 8)}:`, ...options }, execute);
}

/** Every event of a run, once it has ended. */
export async function eventsUntilEnd(engine: Engine, runId: string, timeoutMs = 20_000): Promise<RunEvent[]> {
  const events: RunEvent[] = [];
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  await engine.follow(runId, '0', (event) => events.push(event), controller.signal);
  clearTimeout(timer);
  if (controller.signal.aborted) throw new Error(`run ${runId} did not end in ${timeoutMs} ms`);
  return events;
}

/** `execute`, recording each execution in `executed` as `<runId> <actor>`. */
export function recording(execute: ExecuteFn): { executed: string[]; execute: ExecuteFn } {
  const executed: string[] = [];
  return {
    executed,
    execute: (activation) => {
      executed.push(`${activation.runId} ${activation.actor}`);
      return execute(activation);
    },
  };
}

/** The actors of run `runId` in a `recording`'s list, in the order they ran. */
export function ranIn(executed: string[], runId: string): string[] {
  return executed.filter((e) => e.startsWith(`${runId} `)).map((e) => e.split(' ')[1]);
}
