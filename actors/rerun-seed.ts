/**
 * @module actors/rerun-seed — what a re-run from a node starts with (docs/debugging.md): the
 * source run's record of every node that is not re-run, copied into the new run before its
 * start, so the new run begins at `fromNode` as if the nodes before it had just finished.
 *
 * Re-run: `fromNode` and everything its routes reach (a loop start reaches its body and loop
 * end); from inside a loop body, from one iteration on (actors/rerun-scope.ts says which actors).
 * Seeded: every other actor, with its recorded state, output and timing (loop iterations
 * included), and every message a seeded actor sent to a re-run actor (mailbox entry and join
 * field), so a join downstream of both `fromNode` and an untouched branch gets that branch's
 * recorded message, data or skip. `inputs` replaces a seeded node's output (and the messages it
 * carried) with an edited one. Only the new run's start queues anything: `fromNode` (or
 * `fromNode#i`), at the hop it had.
 */
import type Redis from 'ioredis';
import { runKeys } from './keys.ts';
import { actorIn, RerunRefusal, rerunScope, runsAgain, startIteration } from './rerun-scope.ts';
import type { Plan } from './types.ts';

/** The new run's keys before its start (written by RunStore.seed), and the actor its start queues. */
export interface RerunSeed {
  fromNode: string;
  /** from inside a loop body: the iteration the re-run starts in (its start queues `fromNode#iteration`) */
  iteration?: number;
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

/** The actor an actors/out hash field belongs to (`n`, `n#3`, `n:end`, `n#3:hop`). */
function actorOfField(field: string): string {
  return field.split(':')[0];
}

const finished = new Set(['completed', 'skipped']);

/**
 * The seed of a re-run of `sourceRunId` (read from `redis` under `prefix`) from `fromNode` (in
 * loop iteration `iteration`, for a node inside a loop body: by default the last one the source
 * recorded), for `plan` (the version the re-run runs), with `inputs` replacing seeded nodes'
 * outputs (a loop's node: its output in that iteration). Throws a RerunRefusal naming the field
 * when the node cannot be re-run from (`inputsField`: the request's name for `inputs`).
 */
export async function rerunSeed(
  redis: Redis, prefix: string, sourceRunId: string, plan: Plan, fromNode: string, inputs: Record<string, unknown> = {}, inputsField = 'inputs', iteration?: number,
): Promise<RerunSeed> {
  const scope = rerunScope(plan, fromNode);
  const keys = runKeys(prefix, sourceRunId);
  const [actors, outputs, meta] = await Promise.all([redis.hgetall(keys.actors), redis.hgetall(keys.out), redis.hgetall(keys.meta)]);
  const at = startIteration(scope, iteration, { runId: sourceRunId, actors, meta });
  const actorOf = (id: string) => actorIn(scope, at, id);
  const again = (actor: string) => runsAgain(scope, at, actor);
  // what the source recorded of a node that `plan` lacks (a single-node run's cut plan) is not seeded either
  const kept = (actor: string) => !again(actor) && Object.hasOwn(plan.nodes, actor.split('#')[0]);
  for (const id of Object.keys(inputs)) {
    const field = `${inputsField}.${id}`;
    if (!plan.nodes[id]) throw new RerunRefusal(field, `${field}: no node '${id}' in the flow`);
    if (again(actorOf(id))) throw new RerunRefusal(field, `${field}: '${id}' runs again in the re-run; only the nodes before '${fromNode}' take an input`);
  }
  const fromActor = actorOf(fromNode);
  const fromState = actors[fromActor];
  if (!fromState || fromState === 'skipped') {
    const what = fromState ? 'was skipped' : 'was never reached';
    const when = at === undefined ? '' : ` in iteration ${at}`;
    throw new RerunRefusal('fromNode', `fromNode: '${fromNode}' ${what}${when} in run ${sourceRunId}: no message to start it with`, 409);
  }
  const seeded = Object.keys(plan.nodes).filter((id) => !scope.again.has(id));
  // a loop body's nodes run as iterations (`n#i`): their loop's finish stands for them, and each
  // seeded iteration actor the source recorded must have finished
  const unfinished = [
    ...seeded.filter((id) => !plan.nodes[id].loop && !finished.has(actors[id] ?? '')),
    ...Object.keys(actors).filter((actor) => actor.includes('#') && !actor.includes(':') && kept(actor) && !finished.has(actors[actor])),
  ];
  if (unfinished.length) {
    const [id] = unfinished;
    throw new RerunRefusal('fromNode', `fromNode: '${id}' did not finish in run ${sourceRunId} (${actors[id] ?? 'never reached'}); re-run from a node before it`, 409);
  }
  const seed: RerunSeed = { fromNode, ...(at === undefined ? {} : { iteration: at }), actors: {}, outputs: {}, mailboxes: {}, joins: {}, meta: {} };
  for (const [field, value] of Object.entries(actors)) {
    if (kept(actorOfField(field)) && !field.endsWith(':next') && !field.includes(':child:')) seed.actors[field] = value;
  }
  for (const [field, value] of Object.entries(outputs)) {
    if (kept(actorOfField(field))) seed.outputs[field] = value;
  }
  for (const [id, value] of Object.entries(inputs)) seed.outputs[actorOf(id)] = JSON.stringify(value ?? null);
  for (const [field, value] of Object.entries(meta)) {
    // `loop:<L>` and `loopOf:<E>` (whose value is L) are the loop start's record
    const loopStart = field.startsWith('loop:') ? field.slice('loop:'.length) : field.startsWith('loopOf:') ? value : undefined;
    if (loopStart !== undefined && kept(loopStart)) seed.meta[field] = value;
  }
  if (actors[`${fromActor}:hop`]) seed.actors[`${fromActor}:hop`] = actors[`${fromActor}:hop`];
  // the messages seeded actors sent into the re-run: each re-run actor's recorded entries from them
  const targets = [...scope.again].filter((id) => plan.nodes[id].inbound.length > 0);
  await Promise.all(targets.map(async (target) => {
    const targetActor = actorOf(target);
    const suffix = targetActor.slice(target.length);
    const into = Object.keys(plan.nodes).flatMap((id) => plan.nodes[id].outbound.filter((r) => r.target === target));
    const sources = new Map(into.filter((r) => !again(`${r.source}${suffix}`)).map((r) => [r.edgeId, r.source] as const));
    if (sources.size === 0) return;
    const [entries, join] = await Promise.all([redis.xrange(keys.mailbox(targetActor), '-', '+'), redis.hgetall(keys.join(targetActor))]);
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
    seed.mailboxes[targetActor] = mailbox;
    const fields = Object.fromEntries(Object.entries(join).filter(([edge]) => sources.has(edge)));
    if (plan.nodes[target].inbound.length > 1) seed.joins[targetActor] = fields;
  }));
  return seed;
}
