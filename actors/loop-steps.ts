/**
 * @module actors/loop-steps — the engine's own steps of a For Loop (ARCHITECTURE.md, "Loops"):
 * iteration i of the loop start sends its item along its routes, the loop end in iteration i
 * records what the iteration produced and queues the next, and the final loop end gets every
 * record. Loop state is meta's `loop:<L>` (what finish recorded when the loop started) and
 * `loopOf:<E>`. A deciding loop (the supervisor agent: `decide` in its loop data) runs its start's
 * executor in every iteration instead of `iterate`, with the records so far (`loopValues`).
 * Each step answers the finish it asks for; the pipeline stores it (actors/pipeline.ts).
 */
import type { ActivationJob } from './activation-job.ts';
import type { LoopNextData } from './actor-calls.ts';
import type { RunStore } from './run-store.ts';
import type { FinishStep } from './stepping.ts';
import type { PlanNode } from './types.ts';

/** Iteration i of a loop: the loop start's per-iteration output goes out along its routes. */
export async function iterate(store: RunStore, job: ActivationJob, node: PlanNode): Promise<FinishStep> {
  const index = Number(job.iteration);
  const text = await store.outText(job.runId, node.id);
  const items = (JSON.parse(text ?? '{}') as { items?: unknown[] }).items ?? [];
  const output = JSON.stringify({ currentValue: items[index] ?? null, index });
  return { output, startedAt: Date.now(), code: 200 };
}

/** The loop end in iteration i: record what the iteration produced, then go on. */
export async function endIteration(store: RunStore, job: ActivationJob, node: PlanNode): Promise<FinishStep> {
  const loopStart = await store.loopOf(job.runId, node.id);
  const loop = await store.loopInfo(job.runId, loopStart);
  const index = Number(job.iteration);
  const sources = (await store.mailbox(job.runId, job.actor)).filter((m) => m.kind === 'data').map((m) => m.from.nodeId);
  const seen = await store.outputs(job.runId, sources, job.iteration);
  const output = sources.length === 1 ? seen[sources[0]] : sources.length === 0 ? null : seen;
  const current = await store.outputs(job.runId, [loopStart], job.iteration);
  // a deciding loop's start hands on its whole decision (what it chose, and why)
  const currentValue = loop.decide ? current[loopStart] ?? null : (current[loopStart] as { currentValue?: unknown } | undefined)?.currentValue ?? null;
  const next: LoopNextData =
    index + 1 < loop.count
      ? { node: loopStart, iteration: String(index + 1), delayMs: loop.waitMs }
      : { node: node.id, iteration: '', delayMs: 0 };
  const record = JSON.stringify({ index, currentValue, output });
  return { output: record, startedAt: Date.now(), code: 200, mode: 'loopNext', modeData: next };
}

/** Whether a loop start decides its iterations itself (runs its executor in each). */
export async function decides(store: RunStore, runId: string, loopStart: string): Promise<boolean> {
  return (await store.loopInfo(runId, loopStart)).decide === true;
}

/** The first `count` iteration records of a loop, in order (null for an iteration not recorded). */
async function records(store: RunStore, runId: string, loopEnd: string, count: number): Promise<unknown[]> {
  if (count <= 0) return [];
  const fields = Array.from({ length: count }, (_, i) => `${loopEnd}#${i}`);
  const values = await store.outTexts(runId, fields);
  return values.map((text) => (text == null ? null : JSON.parse(text)));
}

/**
 * What the engine adds to an executor's values in a loop. A loop end's final activation:
 * `loopOutput`, every iteration's record; for a deciding loop only the iterations that ran, and
 * `loopEndedBy`, the output of the loop start's step that ended the loop (null when the loop ran
 * to its bound). A deciding loop's start in iteration i: `loopOutput`, the records of 0 … i-1.
 */
export async function loopValues(store: RunStore, runId: string, node: PlanNode, iteration: string): Promise<Record<string, unknown> | undefined> {
  if (node.role === 'loopStart' && iteration !== '') {
    return { loopOutput: await records(store, runId, node.loopEnd ?? '', Number(iteration)) };
  }
  if (node.role !== 'loopEnd') return undefined;
  const loopStart = await store.loopOf(runId, node.id);
  const loop = await store.loopInfo(runId, loopStart);
  const all = await records(store, runId, node.id, loop.count);
  if (!loop.decide) return { loopOutput: all };
  const ran = all.indexOf(null) < 0 ? all : all.slice(0, all.indexOf(null));
  const ended = await store.outText(runId, `${loopStart}#${ran.length}`);
  return { loopOutput: ran, loopEndedBy: ended == null ? null : JSON.parse(ended) };
}
