/**
 * @module actors/types — the actor system's own contract: plans and what executors hand back.
 * What leaves the engine (run meta, events, snapshots, envelopes) is in contract/.
 */
import type { OnError } from '../contract/errors.ts';

/** How the engine treats a node: it knows roles, never node kinds. */
export type NodeRole =
  | 'trigger'
  | 'normal'
  /** routes by `sourceHandle`: only the edges whose handle is in `result.route` carry data */
  | 'router'
  | 'response'
  | 'loopStart'
  | 'loopEnd';

/** One route of a compiled plan: a flow edge. */
export interface Route {
  edgeId: string;
  source: string;
  sourceHandle: string;
  target: string;
  targetHandle: string;
  /** the target's inbound edge count and role (and whether it is disabled): written into the route when a run freezes its plan */
  need?: number;
  targetRole?: NodeRole;
  targetDisabled?: true;
}

/** One node of a compiled plan. */
export interface PlanNode {
  id: string;
  type: string;
  role: NodeRole;
  /** the node's configured values, frozen with the plan (templates unresolved) */
  values?: Record<string, unknown>;
  /** node-level retries (0–5) and delay between them in ms (0–30 000) */
  retries: number;
  retryDelayMs: number;
  /**
   * what the node's failure does once its retries are spent: absent or 'stop' fails the run;
   * 'continue' completes the node with `{error: {message, kind}}` (contract ErrorOutput)
   */
  onError?: OnError;
  /**
   * never runs: the messages that would make it ready skip it instead, as an untaken branch
   * would (route.lua), so its routes carry skips
   */
  disabled?: true;
  /** the node's executor only computes its output (catalogue NodeDefinition.pure): it may run ahead (actors/run-ahead.ts) */
  pure?: true;
  /** test runs of a plan made with pins: the actor completes with this output instead of running (the pipeline's execute stage) */
  pinned?: { output: unknown };
  /** ids of incoming edges (the join waits for a message on each) */
  inbound: string[];
  /** outgoing routes */
  outbound: Route[];
  /** for nodes inside a loop body: the id of the loop's start node */
  loop?: string;
  /** for a loopStart: its loopEnd node id and the body's node ids */
  loopEnd?: string;
  body?: string[];
}

/** A flow compiled for execution: frozen into the run when it starts. */
export interface Plan {
  flowId: string;
  projectId: string;
  version: number;
  /** the deployed version this plan was compiled from (production); absent for a draft's plan */
  deployedVersion?: number;
  trigger: string;
  nodes: Record<string, PlanNode>;
}

/** An actor is one node instance in one run (and one loop iteration): `nodeId` or `nodeId#i`. */
export type ActorKey = string;

/** What an executor hands back to the engine. */
export interface NodeResult {
  output: unknown;
  /** router nodes: the source handles whose edges carry data (others get skip) */
  route?: string[];
  /** hold the output for this long, then complete (waits never hold a worker slot) */
  delayMs?: number;
  /**
   * loopStart nodes: the values to iterate over, and the pause between iterations. `decide`: a
   * loop whose iterations the node decides one at a time (the supervisor agent): its executor runs
   * again at the start of every iteration i (actor `<L>#i`, with `loopOutput`, the records so
   * far) and either routes into the body (`route`, as a router) or ends the loop (`endLoop`);
   * `items.length` is then only the most iterations
   */
  loop?: { items: unknown[]; waitMs: number; decide?: boolean };
  /** a deciding loop's start in an iteration: end the loop here; its loop end runs next (ARCHITECTURE.md "Loops") */
  endLoop?: boolean;
  /**
   * with `endLoop`: the output every node of the loop's body completes with as its own actor
   * (outside the iterations), so what follows the loop reads it (the supervisor: 'Ran inside agent loop')
   */
  loopBodyOutput?: unknown;
  /** stop the run here, reporting it as not complete (spec 000 §4, cloud-drive read) */
  stopIncomplete?: boolean;
  /** suspend this actor until the child run finishes; its output becomes this node's output */
  awaitRun?: string;
}
