/**
 * @module catalogue/logic/code-node/sandbox — JavaScript in QuickJS compiled to WebAssembly:
 * a separate heap with no process, require, module loader, filesystem or network, bounded by
 * an interrupt deadline and a memory limit. It runs in worker threads (sandbox-worker.mjs),
 * so user code never blocks the server; a worker that overruns its deadline is terminated.
 * Data crosses the boundary only as JSON text.
 *
 * A process has three sandbox slots, shared fairly among projects (actors/fair-slots.ts): one
 * project runs at most two at once, so one project's slow code never keeps another's waiting;
 * an activation waiting for a slot gives its worker slot up meanwhile (`offSlot`). Code that has
 * timed out here once (the same text: an endless loop called again) runs in a slot of its own
 * (shared fairly too), at the lowest CPU priority, so it never again keeps the three or the CPU
 * from a project's other code: that code waits at most one time limit behind its project's
 * loops, while they are not yet known.
 */
import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { FairSlots, SHARED_FOR_MS } from '../../../actors/fair-slots.ts';
import { NodeError, userError } from '../../errors.ts';

export interface SandboxOptions {
  /** wall-clock budget for the whole execution; default 5 s */
  timeoutMs?: number;
  /** heap limit of the sandbox; default 32 MiB */
  memoryBytes?: number;
  /** aborting stops the code (its worker is terminated) */
  signal?: AbortSignal;
  /** whose turn it is (the project): slots are shared fairly among owners */
  owner?: string;
  /** how to wait for a slot when none is free (the activation's `offSlot`: its worker slot is free meanwhile) */
  offSlot?<T>(wait: () => Promise<T>): Promise<T>;
}

export interface SandboxResult {
  /** the code's return value, through JSON (undefined and functions become null) */
  value: unknown;
  /** what the code wrote with console.log and friends (capped) */
  logs: string[];
}

export const DEFAULT_TIMEOUT_MS = 5_000;
export const DEFAULT_MEMORY_BYTES = 32 * 1024 * 1024;
/** grace beyond the interrupt deadline before the worker is terminated outright */
const HARD_KILL_GRACE_MS = 1_000;
const POOL_SIZE = 3;
/** CPU priorities (nice) of the sandbox threads: user code below the engine, code known to time out lowest */
const NICE = 10;
const SLOW_NICE = 19;
/** how many code texts that timed out are remembered (the oldest forgotten first) */
const TIMED_OUT_KEPT = 1000;

type Answer = { id: number; ok: true; valueJson: string; logs: string[] } | { id: number; ok: false; kind: string; message: string };

interface PoolWorker {
  worker: Worker;
  busy: boolean;
  /** a worker of the slow code's slot: its thread runs at the lowest CPU priority */
  slow: boolean;
}

const pool: PoolWorker[] = [];
const slots = new FairSlots(POOL_SIZE, { sharedForMs: SHARED_FOR_MS });
/** the one slot of code that has timed out before */
const slowSlots = new FairSlots(1, { sharedForMs: SHARED_FOR_MS });
/** fingerprints of code texts that timed out, in the order they did */
const timedOut = new Set<string>();
let nextId = 1;

/** The process's sandbox slots: held now, and how many there are, the slow code's one included (the operator's metrics). */
export const sandboxSlots = () => ({ busy: slots.busy + slowSlots.busy, limit: POOL_SIZE + 1 });

const fingerprintOf = (code: string) => createHash('sha1').update(code).digest('base64');

function rememberTimedOut(fingerprint: string): void {
  timedOut.delete(fingerprint);
  timedOut.add(fingerprint);
  if (timedOut.size > TIMED_OUT_KEPT) timedOut.delete(timedOut.values().next().value!);
}

function spawn(slow: boolean): PoolWorker {
  const worker = new Worker(new URL('./sandbox-worker.mjs', import.meta.url), { workerData: { nice: slow ? SLOW_NICE : NICE } });
  worker.unref();
  const slot: PoolWorker = { worker, busy: false, slow };
  worker.once('exit', () => {
    const index = pool.indexOf(slot);
    if (index >= 0) pool.splice(index, 1);
  });
  pool.push(slot);
  return slot;
}

/**
 * A sandbox worker for `owner` and the slots it came from, once a slot is its (slots bound the
 * pool: at most POOL_SIZE + 1 workers). Code that timed out elsewhere while it waited for a
 * short code's slot hands that slot on and waits for the slow code's one instead.
 */
async function acquire(fingerprint: string, owner: string, offSlot: SandboxOptions['offSlot']): Promise<{ from: FairSlots; slot: PoolWorker }> {
  for (;;) {
    const from = timedOut.has(fingerprint) ? slowSlots : slots;
    if (!from.tryAcquire(owner)) await (offSlot ? offSlot(() => from.acquire(owner)) : from.acquire(owner));
    if (from === slots && timedOut.has(fingerprint)) {
      from.leave(owner);
      continue;
    }
    const slow = from === slowSlots;
    const slot = pool.find((s) => !s.busy && s.slow === slow) ?? spawn(slow);
    slot.busy = true;
    return { from, slot };
  }
}

function release(from: FairSlots, slot: PoolWorker, owner: string, broken: boolean): void {
  slot.busy = false;
  if (broken) {
    const index = pool.indexOf(slot);
    if (index >= 0) pool.splice(index, 1);
    void slot.worker.terminate();
  }
  from.leave(owner);
}

/**
 * Run `code` as the body of an async function of (input, outputs); its `return` value is the
 * result. Throws a NodeError on a syntax error, a throw, a timeout or a memory overrun.
 */
export async function runSandboxed(code: string, globals: { input: unknown; outputs: unknown }, options: SandboxOptions = {}): Promise<SandboxResult> {
  const { timeoutMs = DEFAULT_TIMEOUT_MS, memoryBytes = DEFAULT_MEMORY_BYTES, signal, owner = '' } = options;
  if (signal?.aborted) throw new NodeError('Code execution was cancelled', 'operational');
  const fingerprint = fingerprintOf(code);
  const { from, slot } = await acquire(fingerprint, owner, options.offSlot);
  const id = nextId++;
  let broken = false;
  try {
    // cancelled while it waited for the slot
    if (signal?.aborted) throw new NodeError('Code execution was cancelled', 'operational');
    const answer = await new Promise<Answer>((resolve, reject) => {
      const timer = setTimeout(() => {
        rememberTimedOut(fingerprint);
        stop(userError(`Code execution timed out after ${timeoutMs / 1000} s`));
      }, timeoutMs + HARD_KILL_GRACE_MS);
      const onAbort = () => stop(new NodeError('Code execution was cancelled', 'operational'));
      const onMessage = (message: Answer) => {
        if (message.id !== id) return;
        cleanup();
        resolve(message);
      };
      const onExit = () => stop(userError('Error in code: the sandbox stopped unexpectedly'));
      function cleanup() {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        slot.worker.off('message', onMessage);
        slot.worker.off('exit', onExit);
      }
      function stop(error: NodeError) {
        cleanup();
        broken = true;
        reject(error);
      }
      signal?.addEventListener('abort', onAbort, { once: true });
      slot.worker.on('message', onMessage);
      slot.worker.once('exit', onExit);
      slot.worker.postMessage({ id, code, globalsJson: JSON.stringify(globals) ?? 'null', timeoutMs, memoryBytes });
    });
    if (answer.ok) return { value: JSON.parse(answer.valueJson), logs: answer.logs };
    if (answer.kind === 'host') broken = true;
    if (answer.kind === 'timeout') rememberTimedOut(fingerprint);
    if (answer.kind === 'timeout') throw userError(`Code execution timed out after ${timeoutMs / 1000} s`);
    if (answer.kind === 'memory') throw userError(`Code execution exceeded the memory limit of ${Math.round(memoryBytes / 1024 / 1024)} MiB`);
    throw userError(`Error in code: ${answer.message}`);
  } finally {
    release(from, slot, owner, broken);
  }
}
