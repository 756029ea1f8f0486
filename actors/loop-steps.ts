/**
 * @module actors/loop-steps — the engine's own steps of a For Loop (ARCHITECTURE.md, "Loops"):
 * iteration i of the loop start sends its item along its routes, the loop end in iteration i
 * records what the iteration produced and queues the next, and the final loop end gets every
 * record. Loop state is meta's `loop:<L>` (what finish recorded when the loop started) and
 * `loopOf:<E>`. A deciding loop (the supervisor agent: `decide` in its loop data) runs its start's
 * executor in every iteration instead of `iterate`, with the records so far (`loopValues`).
 */
import type { ActivationJob } from './activation-job.ts';
import type { LoopNextData, LoopStartData } from './actor-calls.ts';
import type { EngineCore } from './engine-core.ts';
import type { PlanNode } from './types.ts';

async function loopInfo(core: EngineCore, runId: string, loopStart: string): Promise<LoopStartData> {
  const text = await core.redis.hget(core.keys(runId).meta, `loop:${loopStart}`);
  if (!text) throw new Error(`Loop ${loopStart} has not started in run ${runId}`);
  return JSON.parse(text) as LoopStartData;
}

/** Iteration i of a loop: the loop start's per-iteration output goes out along its routes. */
export async function iterate(core: EngineCore, job: ActivationJob, node: PlanNode): Promise<void> {
  const index = Number(job.iteration);
  const text = await core.redis.hget(core.keys(job.runId).out, node.id);
  const items = (JSON.parse(text ?? '{}') as { items?: unknown[] }).items ?? [];
  const output = JSON.stringify({ currentValue: items[index] ?? null, index });
  return core.finishRaw(job, { output, startedAt: Date.now(), code: 200 });
}

/** The loop end in iteration i: record what the iteration produced, then go on. */
export async function endIteration(core: EngineCore, job: ActivationJob, node: PlanNode): Promise<void> {
  const keys = core.keys(job.runId);
  const loopStart = (await core.redis.hget(keys.meta, `loopOf:${node.id}`)) ?? '';
  const loop = await loopInfo(core, job.runId, loopStart);
  const index = Number(job.iteration);
  const messages = await core.redis.xrange(keys.mailbox(job.actor), '-', '+');
  const sources = messages
    .map(([, fields]) => JSON.parse(fields[1]) as { kind: string; from: { nodeId: string } })
    .filter((m) => m.kind === 'data')
    .map((m) => m.from.nodeId);
  const seen = await core.outputs(job.runId, sources, job.iteration);
  const output = sources.length === 1 ? seen[sources[0]] : sources.length === 0 ? null : seen;
  const current = await core.outputs(job.runId, [loopStart], job.iteration);
  // a deciding loop's start hands on its whole decision (what it chose, and why)
  const currentValue = loop.decide ? current[loopStart] ?? null : (current[loopStart] as { currentValue?: unknown } | undefined)?.currentValue ?? null;
  const next: LoopNextData =
    index + 1 < loop.count
      ? { node: loopStart, iteration: String(index + 1), delayMs: loop.waitMs }
      : { node: node.id, iteration: '', delayMs: 0 };
  const record = JSON.stringify({ index, currentValue, output });
  return core.finishRaw(job, { output: record, startedAt: Date.now(), code: 200, mode: 'loopNext', modeData: next });
}

/** Whether a loop start decides its iterations itself (runs its executor in each). */
export async function decides(core: EngineCore, runId: string, loopStart: string): Promise<boolean> {
  return (await loopInfo(core, runId, loopStart)).decide === true;
}

/** The first `count` iteration records of a loop, in order (null for an iteration not recorded). */
async function records(core: EngineCore, runId: string, loopEnd: string, count: number): Promise<unknown[]> {
  if (count <= 0) return [];
  const fields = Array.from({ length: count }, (_, i) => `${loopEnd}#${i}`);
  const values = await core.redis.hmget(core.keys(runId).out, ...fields);
  return values.map((text) => (text == null ? null : JSON.parse(text)));
}

/**
 * What the engine adds to an executor's values in a loop. A loop end's final activation:
 * `loopOutput`, every iteration's record; for a deciding loop only the iterations that ran, and
 * `loopEndedBy`, the output of the loop start's step that ended the loop (null when the loop ran
 * to its bound). A deciding loop's start in iteration i: `loopOutput`, the records of 0 … i-1.
 */
export async function loopValues(core: EngineCore, runId: string, node: PlanNode, iteration: string): Promise<Record<string, unknown> | undefined> {
  if (node.role === 'loopStart' && iteration !== '') {
    return { loopOutput: await records(core, runId, node.loopEnd ?? '', Number(iteration)) };
  }
  if (node.role !== 'loopEnd') return undefined;
  const loopStart = (await core.redis.hget(core.keys(runId).meta, `loopOf:${node.id}`)) ?? '';
  const loop = await loopInfo(core, runId, loopStart);
  const all = await records(core, runId, node.id, loop.count);
  if (!loop.decide) return { loopOutput: all };
  const ran = all.indexOf(null) < 0 ? all : all.slice(0, all.indexOf(null));
  const ended = await core.redis.hget(core.keys(runId).out, `${loopStart}#${ran.length}`);
  return { loopOutput: ran, loopEndedBy: ended == null ? null : JSON.parse(ended) };
}
