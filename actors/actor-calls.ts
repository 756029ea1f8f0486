/**
 * @module actors/actor-calls — the arguments of each actor function (actors/lua/<verb>-1.lua),
 * named: a call is written as an object and laid out here in the order of the script's ARGV
 * (its header documents each), so no caller lines up ten values by position.
 */
import type { ErrorKind } from '../contract/errors.ts';

/**
 * A step its process ran ahead (actors/run-ahead.ts): a fresh first attempt of a node outside
 * loops, finished after the actor before it in the same call (finishSteps, lua/includes/finish.lua).
 */
export interface RanAhead {
  node: string;
  /** JSON text */
  output: string;
  /** a router's chosen handles, JSON; '' routes along every edge */
  chosen: string;
  startedAt: number;
  endedAt: number;
}

const ranAheadArgv = (steps: RanAhead[] = []) => steps.flatMap((s) => [s.node, s.output, s.chosen, s.startedAt, s.endedAt]);

/** start-1.lua: the run, the trigger's output when it ran already, then the run's meta and frozen plan as field/value pairs. */
export interface StartCall {
  runId: string;
  trigger: string;
  /** the run's start (ms), and its trigger's when the trigger ran already */
  now: number;
  retention: number;
  channel: string;
  /** the trigger's output (JSON text) and when it ended (ms), when the starting process ran it: start-1.lua finishes it */
  triggerRan?: { output: string; endedAt: number };
  /** with `triggerRan`: the steps run ahead after the trigger */
  ranAhead?: RanAhead[];
  payloadLimit: number;
  meta: Record<string, string>;
  /** node id → frozen PlanNode JSON text (frozenNodes) */
  nodes: Record<string, string>;
}

export function startArgv(c: StartCall): (string | number)[] {
  const metaPairs = Object.entries(c.meta);
  const ran = c.triggerRan;
  return [
    c.runId, c.trigger, c.now, c.retention, c.channel, ran?.output ?? '', ran?.endedAt ?? '', c.payloadLimit,
    metaPairs.length, c.ranAhead?.length ?? 0, ...metaPairs.flat(), ...ranAheadArgv(c.ranAhead), ...Object.entries(c.nodes).flat(),
  ];
}

/** history-1.lua: one entry */
export interface HistoryCall {
  runId: string;
  now: number;
  retention: number;
}

/** history-1.lua's arguments for entries of one flow (the latest start trims, the largest retention holds) */
export function historyArgv(entries: HistoryCall[]): (string | number)[] {
  const now = Math.max(...entries.map((e) => e.now));
  const retention = Math.max(...entries.map((e) => e.retention));
  return [now, retention, ...entries.flatMap((e) => [e.now, e.runId])];
}

/** begin-1.lua */
export interface BeginCall {
  actor: string;
  node: string;
  iteration: string;
  now: number;
  channel: string;
}

export function beginArgv(c: BeginCall): (string | number)[] {
  return [c.actor, c.node, c.iteration, c.now, c.channel];
}

/** finish-1.lua's mode: route along the node's edges, start a loop, go to a loop's next step, stop the run. */
export type FinishMode = 'route' | 'loopStart' | 'loopNext' | 'stop';

/** finish-1.lua's mode data for 'loopStart' (kept as meta's `loop:<L>`): how many iterations, the pause between them, the loop end. */
export interface LoopStartData {
  count: number;
  waitMs: number;
  loopEnd: string;
  /** the loop start decides each iteration (NodeResult.loop.decide) */
  decide?: boolean;
}

/** finish-1.lua's mode data for 'loopNext': what a loop end in one iteration queues, the next iteration or itself. */
export interface LoopNextData {
  node: string;
  iteration: string;
  delayMs: number;
  /** a deciding loop that ends: its body's nodes, each completed (outside the iterations) with `bodyOutput` (JSON text) */
  body?: string[];
  bodyOutput?: string;
}

/** finish-1.lua */
export interface FinishCall {
  actor: string;
  node: string;
  iteration: string;
  status: 'completed' | 'skipped';
  /** JSON text */
  output: string;
  /** router nodes: the chosen handles, JSON; '' routes along every edge */
  chosen: string;
  now: number;
  durationMs: number;
  code: number;
  mode: FinishMode;
  /** JSON: loopStart {count, waitMs, loopEnd}; loopNext {node, iteration, delayMs}; else '{}' */
  modeData: string;
  retention: number;
  channel: string;
  payloadLimit: number;
  /** the start (ms) when begin was skipped, else '' */
  fusedStart: number | '';
  /** the steps run ahead after this actor */
  ranAhead?: RanAhead[];
}

export function finishArgv(c: FinishCall): (string | number)[] {
  return [
    c.actor, c.node, c.iteration, c.status, c.output, c.chosen, c.now, c.durationMs, c.code,
    c.mode, c.modeData, c.retention, c.channel, c.payloadLimit, c.fusedStart, ...ranAheadArgv(c.ranAhead),
  ];
}

/** fail-1.lua */
export interface FailCall {
  actor: string;
  node: string;
  iteration: string;
  message: string;
  now: number;
  durationMs: number;
  code: number;
  retention: number;
  channel: string;
  /** the underlying error, or '' */
  detail: string;
  kind: ErrorKind;
}

export function failArgv(c: FailCall): (string | number)[] {
  return [c.actor, c.node, c.iteration, c.message, c.now, c.durationMs, c.code, c.retention, c.channel, c.detail, c.kind];
}

/** cancel-1.lua */
export interface CancelCall {
  now: number;
  retention: number;
  channel: string;
  /** why, when it is not a builder's cancel (a pause that timed out): meta's `error` and run.cancelled's `reason` */
  reason?: string;
}

export function cancelArgv(c: CancelCall): (string | number)[] {
  return [c.now, c.retention, c.channel, c.reason ?? ''];
}

/** pause-1.lua */
export interface PauseCall {
  /** the held message's id, `<source actor>><edgeId>` */
  id: string;
  now: number;
  channel: string;
  retention: number;
}

export function pauseArgv(c: PauseCall): (string | number)[] {
  return [c.id, c.now, c.channel, c.retention];
}

/** release-1.lua */
export interface ReleaseCall {
  id: string;
  /** the state the held message must be in: 'paused' (a builder's step or continue) or 'check' (its condition did not hold) */
  state: 'paused' | 'check';
  /** the edited message, JSON text, or '' */
  edited: string;
  /** what the next message does: 'step' holds the next one on any edge, 'continue' only at breakpoints, '' leaves it */
  then: 'step' | 'continue' | '';
  now: number;
  retention: number;
  channel: string;
  payloadLimit: number;
}

export function releaseArgv(c: ReleaseCall): (string | number)[] {
  return [c.id, c.state, c.edited, c.then, c.now, c.retention, c.channel, c.payloadLimit];
}
