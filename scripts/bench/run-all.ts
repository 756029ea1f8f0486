/** @module scripts/bench/run-all — start runs of a plan at once and wait, live, until all have ended. */
import type { Engine } from '../../actors/engine.ts';
import type { Plan } from '../../actors/types.ts';

/**
 * Start `runs` runs of `plan` concurrently; resolves with their ids and the seconds from the
 * first start to the last `run.completed` (told by the flow's live channel, not polled).
 * A run that ends any other way rejects.
 */
export async function runAll(engine: Engine, plan: Plan, runs: number): Promise<{ ids: string[]; seconds: number }> {
  let left = runs;
  let settle: (error?: Error) => void = () => {};
  const finished = new Promise<void>((ok, fail) => (settle = (error) => (error ? fail(error) : ok())));
  const stop = await engine.listenToFlow(plan.flowId, (event) => {
    if (event.type === 'run.completed') {
      if (--left === 0) settle();
    } else if (event.type.startsWith('run.') && event.type !== 'run.started') {
      settle(new Error(`bench run ${event.runId} ended with ${event.type}: ${event.type === 'run.failed' ? event.error : ''}`));
    }
  }, { runEvents: true });
  try {
    const started = performance.now();
    const ids = await Promise.all(Array.from({ length: runs }, () => engine.startRun(plan, {})));
    await finished;
    return { ids, seconds: (performance.now() - started) / 1000 };
  } finally {
    stop();
  }
}
