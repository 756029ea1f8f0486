/**
 * @module actors/run-start — what a run's start stores: its id, its meta and its plan frozen
 * into texts (start-1.lua's arguments). No Redis here: the pipeline sends it (actors/pipeline.ts).
 */
import { randomUUID } from 'node:crypto';
import type { RunMeta } from '../contract/runs.ts';
import type { StartCall } from './actor-calls.ts';
import type { StartOptions } from './engine-types.ts';
import { liveChannel } from './keys.ts';
import type { RerunSeed } from './rerun-seed.ts';
import { runTraceparent } from './trace-context.ts';
import type { Plan } from './types.ts';

const frozen = new WeakMap<Plan, Record<string, string>>();

/** A new run's id. */
export function newRunId(): string {
  return `run_${randomUUID().replace(/-/g, '')}`;
}

/**
 * A plan's nodes as a run freezes them: JSON text by node id, each route also carrying its
 * target's inbound edge count, role and whether it is disabled, so that routing reads no node but the source. Made once
 * per plan object (the runtime keeps one per flow version) and shared, read only, by its runs.
 */
export function frozenNodes(plan: Plan): Record<string, string> {
  const known = frozen.get(plan);
  if (known) return known;
  const texts: Record<string, string> = {};
  for (const [id, node] of Object.entries(plan.nodes)) {
    const outbound = node.outbound.map((route) => {
      const target = plan.nodes[route.target];
      return { ...route, need: target.inbound.length, targetRole: target.role, ...(target.disabled ? { targetDisabled: true } : {}) };
    });
    texts[id] = JSON.stringify({ ...node, outbound });
  }
  frozen.set(plan, texts);
  return texts;
}

/** The actor a re-run's start queues: `fromNode`, or `fromNode#i` from inside a loop body. */
function startActor(seed: RerunSeed): string {
  return seed.iteration === undefined ? seed.fromNode : `${seed.fromNode}#${seed.iteration}`;
}

/** A re-run's link to its source run: the run, the node it started from and, inside a loop body, the iteration. */
export type RerunLink = NonNullable<RunMeta['rerunOf']>;

/** A re-run's link to its source run, as its meta carries it. */
export function rerunOf(runId: string, seed: RerunSeed): RerunLink {
  return { runId, fromNode: seed.fromNode, ...(seed.iteration === undefined ? {} : { iteration: seed.iteration }) };
}

/** start-1.lua's call for a new run of `plan` (its meta as stored, before status and start time), and that meta. */
export function startCall(
  plan: Plan, input: unknown, options: StartOptions, store: { prefix: string; retention: number; payloadLimit: number },
): { call: StartCall; meta: Record<string, string> } {
  const runId = options.runId ?? newRunId();
  const { parent } = options;
  const traceparent = runTraceparent(runId, plan.flowId);
  const meta: Record<string, string> = {
    runId,
    flowId: plan.flowId,
    projectId: plan.projectId,
    version: String(plan.version),
    ...(plan.deployedVersion !== undefined ? { deployedVersion: String(plan.deployedVersion) } : {}),
    mode: options.mode ?? 'test',
    hop: String(parent ? parent.hop + 1 : 0),
    trigger: plan.trigger,
    input: JSON.stringify(input ?? null),
    ...(parent ? { parentRunId: parent.runId } : {}),
    ...(parent && parent.resumes !== false ? { parentActor: parent.actor } : {}),
    ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
    ...(traceparent ? { traceparent } : {}),
    // a test run with breakpoints: its routing looks at the run's `bp` hash (actors/breakpoints.ts)
    ...(options.breakpoints?.length && (options.mode ?? 'test') === 'test' ? { debug: '1' } : {}),
    ...(options.rerun?.runId ? { rerunOf: JSON.stringify(rerunOf(options.rerun.runId, options.rerun.seed)) } : {}),
    ...options.rerun?.seed.meta,
  };
  const call: StartCall = {
    // a re-run's start queues the node it starts from instead of the trigger (in its loop iteration)
    runId, trigger: options.rerun ? startActor(options.rerun.seed) : plan.trigger, now: Date.now(), retention: store.retention, channel: liveChannel(store.prefix, plan.flowId),
    payloadLimit: store.payloadLimit, meta, nodes: frozenNodes(plan),
  };
  return { call, meta };
}
