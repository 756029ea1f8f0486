/** @module actors/keys — the Redis key names of runs (documented in ARCHITECTURE.md). */

/** Every key of run `runId` starts with this; the `{run:…}` hash tag keeps them in one slot. */
export function runBase(prefix: string, runId: string): string {
  return `${prefix}{run:${runId}}:`;
}

export function runKeys(prefix: string, runId: string) {
  const base = runBase(prefix, runId);
  return {
    meta: `${base}meta`,
    plan: `${base}plan`,
    out: `${base}out`,
    events: `${base}events`,
    /** per actor A: field A its state; A:start, A:end (ms), A:hop, A:next, A:child:<runId> */
    actors: `${base}actors`,
    mailbox: (actor: string) => `${base}mbx:${actor}`,
    join: (actor: string) => `${base}join:${actor}`,
  };
}

/** The pub/sub channel carrying every event of every run of a flow, as it happens. */
export function liveChannel(prefix: string, flowId: string): string {
  return `${prefix}live:flow:${flowId}`;
}

/** Sorted set of a flow's run ids by start time (run history). */
export function flowRunsKey(prefix: string, flowId: string): string {
  return `${prefix}flow:${flowId}:runs`;
}

/** The BullMQ queue name of activations (keys `<queue prefix>:activations:*`, prefixes: actors/activation-queues.ts). */
export const activationQueue = 'activations';
