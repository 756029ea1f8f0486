/**
 * @module scripts/chaos/load — what every scenario does around its fault: start production calls
 * spread over a window, then wait (bounded) for their runs to end and read how they ended.
 */
import type Redis from 'ioredis';
import { putBackKey } from '../../actors/activation-queues.ts';
import { activationQueue } from '../../actors/keys.ts';
import { callFlow, runStatus, type CallAnswer, type ChaosFlow } from './chaos-flow.ts';

export const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

export interface SentCall extends CallAnswer {
  /** when the call was sent, and when its answer (or error) came (ms) */
  sentAt: number;
  answeredAt: number;
}

/** `count` calls numbered `call-<i>`, sent evenly over `spreadMs` from now; resolves to their answers. */
export function spreadCalls(flow: ChaosFlow, count: number, spreadMs: number, timeoutMs?: number): Promise<SentCall[]> {
  const t0 = Date.now();
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      await sleep(t0 + (i * spreadMs) / Math.max(1, count - 1) - Date.now());
      const sentAt = Date.now();
      return { ...(await callFlow(flow, `call-${i}`, timeoutMs)), sentAt, answeredAt: Date.now() };
    }),
  );
}

export interface RunEnd {
  status: string;
  startedAt: number;
  finishedAt: number;
}

/** Poll each run's meta until none is `running` or `deadline` (ms) passes. */
export async function awaitRuns(redis: Redis, prefix: string, runIds: readonly string[], deadline: number): Promise<Map<string, RunEnd>> {
  const status = new Map<string, string>();
  while (Date.now() < deadline) {
    for (const id of runIds) if ((status.get(id) ?? 'running') === 'running') status.set(id, await runStatus(redis, prefix, id));
    if (runIds.every((id) => status.get(id) !== 'running')) break;
    await sleep(500);
  }
  const ends = new Map<string, RunEnd>();
  for (const id of runIds) {
    const [startedAt, finishedAt] = await redis.hmget(`${prefix}{run:${id}}:meta`, 'startedAt', 'finishedAt');
    ends.set(id, { status: status.get(id) ?? 'running', startedAt: Number(startedAt) || 0, finishedAt: Number(finishedAt) || 0 });
  }
  return ends;
}

/** Runs that ended in failure (a run that ended, but not completed). */
export const FAILED = new Set(['failed', 'cancelled', 'incomplete']);

/** Activations waiting for a worker in a chaos cluster's queue: waiting, and put back for a moment for a project's share (actors/fair-processor.ts). */
export async function waitingActivations(redis: Redis, prefix: string): Promise<number> {
  const queue = `${prefix}bull:${activationQueue}`;
  const [waiting, putBack] = await Promise.all([redis.llen(`${queue}:wait`), redis.zcard(putBackKey(queue))]);
  return waiting + putBack;
}
