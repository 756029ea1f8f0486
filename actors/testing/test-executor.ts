/** @module actors/testing/test-executor — node behaviours for engine tests (shared by the crash worker). */
import { setTimeout as sleep } from 'node:timers/promises';
import type { ErrorKind } from '../../contract/errors.ts';
import type { ExecuteFn } from '../engine-types.ts';
import type { Plan } from '../types.ts';

const attempts = new Map<string, number>();

/** An error carrying its kind as catalogue's NodeError does (the engine reads `kind` duck-typed). */
class KindError extends Error {
  constructor(message: string, readonly kind: ErrorKind) {
    super(message);
  }
}

/** Node types for engine tests, by plan node type. */
export const testExecute: ExecuteFn = async (a) => {
  const input = a.meta.input as Record<string, unknown>;
  switch (a.node.type) {
    case 'trigger':
      return { output: input };
    case 'pick':
      return { output: { condition: input.choice }, route: [String(input.choice)] };
    case 'fail':
      throw new Error('boom');
    case 'refuse':
      throw new KindError('Search query is required', 'user');
    case 'unreachable':
      throw new KindError(`service unavailable (attempt ${a.attempt})`, 'operational');
    case 'flaky': {
      const n = (attempts.get(a.runId) ?? 0) + 1;
      attempts.set(a.runId, n);
      if (n < 3) throw new KindError(`flaky ${n}`, n === 1 ? 'timeout' : 'operational');
      return { output: { attempts: n } };
    }
    case 'sleep':
      return { output: { slept: true }, delayMs: 300 };
    case 'loop':
      return { output: { items: input.items }, loop: { items: input.items as unknown[], waitMs: 0 } };
    case 'loopEnd':
      return { output: { condition: 'Loop End', loopOutput: a.engineValues?.loopOutput, ...(a.engineValues && 'loopEndedBy' in a.engineValues ? { loopEndedBy: a.engineValues.loopEndedBy } : {}) } };
    case 'decide': {
      // a deciding loop: input.steps names the handle each iteration takes; then it ends (or meets its bound input.max)
      const steps = input.steps as string[];
      const max = Number(input.max ?? steps.length + 1);
      if (a.iteration === undefined) return { output: { max }, loop: { items: Array.from({ length: max }, (_, i) => i), waitMs: 0, decide: true } };
      const calls = (attempts.get(`${a.runId}/${a.actor}`) ?? 0) + 1;
      attempts.set(`${a.runId}/${a.actor}`, calls);
      const seen = (a.engineValues?.loopOutput as unknown[]).length;
      if (a.iteration >= steps.length) return { output: { ended: true, seen, pid: process.pid, calls }, endLoop: true, loopBodyOutput: 'Ran inside the loop' };
      return { output: { chose: steps[a.iteration], seen, pid: process.pid, calls }, route: [steps[a.iteration]] };
    }
    case 'double': {
      const seen = await a.outputs(['loop_1']);
      const value = (seen.loop_1 as { currentValue: number }).currentValue;
      return { output: value * 2 };
    }
    case 'slow':
      await sleep(Number(input.slowMs ?? 3000));
      return { output: { slow: a.node.id, pid: process.pid } };
    case 'wait2s':
      return { output: { waited: a.node.id }, delayMs: 2000 };
    case 'child': {
      const flow = input.childPlan as Plan;
      const child = await a.startChild(flow, { from: a.runId });
      return { output: null, awaitRun: child };
    }
    case 'stop':
      return { output: { stopped: true }, stopIncomplete: true };
    default:
      return { output: { node: a.node.id } };
  }
};

