/**
 * @module actors/rerun-seed — what a re-run from a node starts with (docs/debugging.md): the
 * source run's record of every node that is not re-run, copied into the new run before its
 * start, so the new run begins at `fromNode` as if the nodes before it had just finished.
 *
 * Re-run: `fromNode` and everything its routes reach (a loop start reaches its body and loop
 * end). Seeded: every other node, with its recorded state, output and timing (loop iterations
 * included), and every message a seeded node sent to a re-run node (mailbox entry and join
 * field), so a join downstream of both `fromNode` and an untouched branch gets that branch's
 * recorded message, data or skip. `inputs` replaces a seeded node's output (and the messages it
 * carried) with an edited one. Only the new run's start queues anything: `fromNode`, at the hop
 * it had.
 */
import type Redis from 'ioredis';
import { runKeys } from './keys.ts';
import type { Plan, PlanNode } from './types.ts';

/** The new run's keys before its start (written by RunStore.seed), and the actor its start queues. */
export interface RerunSeed {
  fromNode: string;
  /** actors hash fields: states, `A:start`, `A:end`, `A:hop` */
  actors: Record<string, string>;
  /** out hash fields: output JSON texts (and `A:error`, `A:errorKind`) */
  outputs: Record<string, string>;
  /** mailbox entries by actor: envelopes without their runId (the new run's is set when written) */
  mailboxes: Record<string, Record<string, unknown>[]>;
  /** join fields by actor */
  joins: Record<string, Record<string, string>>;
  /** meta fields the seeded loops recorded (`loop:<L>`, `loopOf:<E>`) */
  meta: Record<string, string>;
}

/** A re-run that cannot start: `field` names the request field at fault (a 400 or 409 names it). */
export class RerunRefusal extends Error {
  constructor(readonly field: string, message: string, readonly status: 400 | 409 = 400) {
    super(message);
  }
}

/** The ids of `fromNode` and every node its routes reach (a loop start: its body and loop end too). */
export function rerunNodes(plan: Plan, fromNode: string): Set<string> {
  const reached = new Set<string>();
  const work = [fromNode];
  while (work.length) {
    const id = work.pop()!;
    if (reached.has(id)) continue;
    reached.add(id);
    const node = plan.nodes[id];
    work.push(...node.outbound.map((r) => r.target), ...(node.body ?? []), ...(node.loopEnd ? [node.loopEnd] : []));
  }
  return reached;
}

/** rerunNodes, once `fromNode` is known to be one a re-run may start from (else a RerunRefusal naming fromNode). */
export function rerunNodesFrom(plan: Plan, fromNode: string): Set<string> {
  const from: PlanNode | undefined = plan.nodes[fromNode];
  if (!from) throw new RerunRefusal('fromNode', `fromNode: no node '${fromNode}' in the flow`);
  if (from.loop) throw new RerunRefusal('fromNode', `fromNode: '${fromNode}' is inside the loop '${from.loop}'; re-run from the loop node`);
  return rerunNodes(plan, fromNode);
}

/** The node an actor key or actors/out hash field belongs to (`n`, `n#3`, `n:end`, `n#3:hop`). */
function nodeOfField(field: string): string {
  return field.split(':')[0].split('#')[0];
}

const finished = new Set(['completed', 'skipped']);

/**
 * The seed of a re-run of `sourceRunId` (read from `redis` under `prefix`) from `fromNode`, for
 * `plan` (the version the re-run runs), with `inputs` replacing seeded nodes' outputs. Throws a
 * RerunRefusal naming the field when the node cannot be re-run from (`inputsField`: the request's
 * name for `inputs`).
 */
export async function rerunSeed(
  redis: Redis, prefix: string, sourceRunId: string, plan: Plan, fromNode: string, inputs: Record<string, unknown> = {}, inputsField = 'inputs',
): Promise<RerunSeed> {
  const again = rerunNodesFrom(plan, fromNode);
  for (const id of Object.keys(inputs)) {
    const field = `${inputsField}.${id}`;
    if (!plan.nodes[id]) throw new RerunRefusal(field, `${field}: no node '${id}' in the flow`);
    if (again.has(id)) throw new RerunRefusal(field, `${field}: '${id}' runs again in the re-run; only the nodes before '${fromNode}' take an input`);
  }
  const keys = runKeys(prefix, sourceRunId);
  const [actors, outputs, meta] = await Promise.all([redis.hgetall(keys.actors), redis.hgetall(keys.out), redis.hgetall(keys.meta)]);
  const fromState = actors[fromNode];
  if (!fromState || fromState === 'skipped') {
    const what = fromState ? 'was skipped' : 'was never reached';
    throw new RerunRefusal('fromNode', `fromNode: '${fromNode}' ${what} in run ${sourceRunId}: no message to start it with`, 409);
  }
  const seeded = Object.keys(plan.nodes).filter((id) => !again.has(id));
  // a loop body's nodes run as iterations (`n#i`): their loop's finish stands for them
  for (const id of seeded.filter((n) => !plan.nodes[n].loop)) {
    if (!finished.has(actors[id] ?? '')) {
      throw new RerunRefusal('fromNode', `fromNode: '${id}' did not finish in run ${sourceRunId} (${actors[id] ?? 'never reached'}); re-run from a node before it`, 409);
    }
  }
  const seededSet = new Set(seeded);
  const seed: RerunSeed = { fromNode, actors: {}, outputs: {}, mailboxes: {}, joins: {}, meta: {} };
  for (const [field, value] of Object.entries(actors)) {
    if (seededSet.has(nodeOfField(field)) && !field.endsWith(':next') && !field.includes(':child:')) seed.actors[field] = value;
  }
  for (const [field, value] of Object.entries(outputs)) {
    if (seededSet.has(nodeOfField(field))) seed.outputs[field] = value;
  }
  for (const [id, value] of Object.entries(inputs)) seed.outputs[id] = JSON.stringify(value ?? null);
  for (const [field, value] of Object.entries(meta)) {
    if ((field.startsWith('loop:') || field.startsWith('loopOf:')) && seededSet.has(field.slice(field.indexOf(':') + 1))) seed.meta[field] = value;
  }
  if (actors[`${fromNode}:hop`]) seed.actors[`${fromNode}:hop`] = actors[`${fromNode}:hop`];
  // the messages seeded nodes sent into the re-run: each re-run node's recorded entries from them
  const targets = [...again].filter((id) => plan.nodes[id].inbound.length > 0);
  await Promise.all(targets.map(async (target) => {
    const sources = new Map(seeded.flatMap((id) => plan.nodes[id].outbound.filter((r) => r.target === target).map((r) => [r.edgeId, r.source] as const)));
    if (sources.size === 0) return;
    const [entries, join] = await Promise.all([redis.xrange(keys.mailbox(target), '-', '+'), redis.hgetall(keys.join(target))]);
    const mailbox: Record<string, unknown>[] = [];
    for (const [, fields] of entries) {
      const envelope = JSON.parse(fields[1]) as Record<string, unknown> & { edgeId: string; kind: string };
      const source = sources.get(envelope.edgeId);
      if (!source) continue;
      const { runId: _source, ...rest } = envelope;
      mailbox.push(source in inputs && envelope.kind === 'data' ? { ...rest, payload: inputs[source] ?? null } : rest);
    }
    const delivered = new Set(mailbox.map((m) => m.edgeId as string));
    const missing = [...sources.keys()].find((edge) => !delivered.has(edge));
    if (missing) {
      throw new RerunRefusal('fromNode', `fromNode: run ${sourceRunId} holds no message of '${sources.get(missing)}' to '${target}' (edge ${missing}); re-run from a node before it`, 409);
    }
    seed.mailboxes[target] = mailbox;
    const fields = Object.fromEntries(Object.entries(join).filter(([edge]) => sources.has(edge)));
    if (plan.nodes[target].inbound.length > 1) seed.joins[target] = fields;
  }));
  return seed;
}
