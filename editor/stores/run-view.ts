/**
 * @module editor/stores/run-view — one run as the canvas shows it: each node's state, duration,
 * progress and result by node id, and the tokens travelling along each edge by edge id. Fed by
 * run events (live or replayed); events arriving together are applied once per animation frame,
 * a long backlog in batches, so a fast run never floods the main thread. A node's state waits for the tokens travelling
 * to it: the canvas never shows a node reached while its dot is still on the way.
 */
import { action, makeObservable, observable, runInAction } from 'mobx';
import { nodeOf, type RunEvent } from '../../contract/run-events.ts';
import type { ActorState, PausedAt, RunSnapshot, RunStatus } from '../../contract/runs.ts';
import { withToolProgress, type ToolCallView } from '../../contract/tool-progress.ts';

export interface NodeRun {
  state: ActorState;
  startedAt?: number;
  finishedAt?: number;
  durationMs?: number;
  /** the last progress message */
  message?: string;
  /** the model's tool calls in this activation, read from its progress messages (contract/tool-progress.ts) */
  toolCalls?: readonly ToolCallView[];
  /** the last counted progress (pages crawled of pages found, rows read): drawn as a bar */
  progress?: { done: number; total?: number };
  error?: string;
  output?: unknown;
  usage?: unknown;
  code?: number;
  /** loop iterations seen (0 outside loops) */
  iterations: number;
  /** in a loop: each iteration's output, by iteration (the supervisor's iterations list reads them) */
  byIteration?: Record<number, unknown>;
}

export interface Token {
  id: number;
  kind: 'data' | 'skip';
  color: string;
  /** how long it takes to travel its edge */
  travelMs: number;
}

/** how long a token takes along its edge while a run can be followed */
export const TRAVEL_MS = 650;
/** the quickest a token travels (a long backlog, a fast replay) */
const MIN_TRAVEL_MS = 120;
/** a token that never reports its arrival (its edge is not drawn) counts as arrived this long after it should have */
const LOST_AFTER_MS = 300;

const terminalRun = new Set(['run.completed', 'run.failed', 'run.cancelled', 'run.incomplete']);
const finalNode = new Set<ActorState>(['completed', 'skipped', 'failed', 'cancelled']);
let tokenIds = 0;

/** A node that failed and went on (onError 'continue'): completed with a failure code and `{error: {message}}`. */
function continuedError(event: RunEvent): string | undefined {
  if (event.type !== 'node.completed' || (event.code !== 500 && event.code !== 509)) return undefined;
  const error = (event.output as { error?: { message?: unknown } } | null | undefined)?.error;
  return typeof error?.message === 'string' ? error.message : undefined;
}
/** the gap between visible changes while a short burst of events is shown */
const PACE_MS = 45;
/** up to this many queued events count as a short burst */
const CALM_BACKLOG = 12;
/** a long backlog is drained over about this many frames (and as many token journeys as the flow is deep)… */
const DRAIN_FRAMES = 40;
/** …applying at most this many visible changes in one frame… */
const MAX_PER_FRAME = 10;
/**
 * …and past this many queued events, in batches this far apart. Whatever a change touches, the
 * browser's next frame restyles, paints and layerizes the canvas: on a 300-node flow that cost,
 * paid in every frame of a run, made the longest main-thread tasks (editor bench). Tokens glide
 * between batches all the same. Shorter backlogs still show every state a node goes through.
 */
const BATCH_BACKLOG = 100;
const BATCH_MS = 50;
const FRAMES_PER_BATCH = Math.round(BATCH_MS / 16.7);
/** tokens drawn at once per run: enough to read the flow, few enough to stay smooth */
const MAX_TOKENS = 80;
const visible = new Set(['node.queued', 'node.started', 'node.completed', 'node.skipped', 'node.failed', 'edge.message']);
const now = () => (typeof performance === 'undefined' ? Date.now() : performance.now());
const nextFrame = (run: () => void) => (typeof requestAnimationFrame === 'function' ? requestAnimationFrame(run) : setTimeout(run, 16));
/** which state wins when a loop node's iterations differ */
const stateRank: Record<ActorState, number> = {
  running: 7, queued: 6, suspended: 5, failed: 4, completed: 3, skipped: 2, cancelled: 1, waiting: 0,
};

/** A run's status as the studio writes it: a stopped run (spec 000 §4, a cloud-drive read) is 'not complete'. */
export function runStatusText(status: RunStatus | 'starting'): string {
  return status === 'incomplete' ? 'not complete' : status;
}

export function isRunOver(status: RunStatus | 'starting'): boolean {
  return status !== 'running' && status !== 'starting';
}

export class RunView {
  status: RunStatus | 'starting' = 'starting';
  startedAt?: number;
  finishedAt?: number;
  error?: string;
  failedNode?: string;
  /** a test run paused at a breakpoint: the held message and its edge (docs/debugging.md#breakpoints) */
  paused: Omit<PausedAt, 'id' | 'since'> | null = null;
  /** by node id (slug); objects are replaced, never mutated, so observers see every change */
  readonly nodes = observable.map<string, NodeRun>({}, { deep: false });
  readonly tokens = observable.map<string, Token[]>({}, { deep: false });
  /** the kind of the last message that crossed each edge */
  readonly edges = observable.map<string, 'data' | 'skip'>({}, { deep: false });
  /** every event applied, in order (replays and the inspector read it) */
  readonly events: RunEvent[] = [];
  private queue: RunEvent[] = [];
  private frame = 0;
  private lastShown = 0;
  private lastBatch = 0;
  /** a frame is asked for to remove the ended tokens */
  private removal = false;
  private inFlight = 0;
  /** tokens whose animation ended, removed at the next frame */
  private ended: [edgeId: string, tokenId: number][] = [];
  /** tokens on their way, by token id: the node each goes to and when it is taken as arrived anyway */
  private readonly travelling = new Map<number, { target: string; until: number }>();
  /** how long the next tokens take (the run player sets it by its speed) */
  travelMs = TRAVEL_MS;

  constructor(
    readonly runId: string,
    readonly color = '#6366f1',
    readonly mode: 'test' | 'production' = 'test',
    /** the node (id) an edge leaves from, as the canvas draws it */
    private readonly sourceOf: (edgeId: string) => string | undefined = () => undefined,
  ) {
    makeObservable<this, 'removeEnded'>(this, {
      status: observable,
      startedAt: observable,
      finishedAt: observable,
      error: observable,
      failedNode: observable,
      paused: observable,
      apply: action,
      reset: action,
      reconcile: action,
      removeEnded: action,
    });
  }

  /**
   * Queue an event for display. A short burst is paced (one visible change every PACE_MS) so
   * its order can be followed; a long one drains quicker, a bounded number of changes per frame,
   * so the main thread never stalls however fast the run goes.
   */
  push(event: RunEvent): void {
    this.queue.push(event);
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.frame || !this.queue.length) return;
    const tick = () => {
      this.frame = 0;
      this.drain(now());
      this.scheduleFlush();
    };
    this.frame = nextFrame(tick) as number;
  }

  private drain(time: number, budget?: number): void {
    if (!this.queue.length) return;
    const calm = this.queue.length <= CALM_BACKLOG;
    const paced = budget === undefined;
    if (paced && calm && time - this.lastShown < PACE_MS) return;
    const batched = this.queue.length > BATCH_BACKLOG;
    if (paced && batched && time - this.lastBatch < BATCH_MS) return;
    if (batched) this.lastBatch = time;
    let left = budget ?? (calm ? 1 : Math.min(MAX_PER_FRAME, Math.ceil(this.queue.length / DRAIN_FRAMES)) * (batched ? FRAMES_PER_BATCH : 1));
    // a long backlog sends its tokens quicker, so waiting for them does not hold it up for long
    this.travelMs = Math.max(MIN_TRAVEL_MS, Math.min(TRAVEL_MS, (TRAVEL_MS * CALM_BACKLOG * 4) / this.queue.length));
    const before = this.queue.length;
    runInAction(() => {
      this.removeEnded();
      // a node a token is still travelling to waits, and so does what follows from it (its
      // messages out, the nodes they reach); the other nodes' events go on past it
      const held = new Set<string>();
      let at = 0;
      while (at < this.queue.length && left > 0) {
        const event = this.queue[at];
        if (paced && this.holds(event, held, time)) {
          // the run ends once everything before it is shown
          if (event.type.startsWith('run.')) break;
          at++;
          continue;
        }
        this.queue.splice(at, 1);
        this.apply(event, true);
        if (visible.has(event.type)) left--;
      }
    });
    if (this.queue.length < before) this.lastShown = time;
  }

  /** Resolves once every queued event is on screen (a snapshot must not overtake them). */
  whenDrained(): Promise<void> {
    return new Promise((resolve) => {
      const check = () => (this.queue.length ? setTimeout(check, 50) : resolve());
      check();
    });
  }

  /** Whether `event` waits: its node is `held` or a token is on its way to it; holding it holds its node. */
  private holds(event: RunEvent, held: Set<string>, time: number): boolean {
    if (event.type.startsWith('run.')) return held.size > 0;
    if (event.type === 'edge.message') {
      const source = event.edgeId ? this.sourceOf(event.edgeId) : undefined;
      if (source === undefined || !held.has(source)) return false;
    } else if (!('nodeId' in event) || !(held.has(event.nodeId) || this.awaitsToken(event, time))) return false;
    if ('nodeId' in event) held.add(event.nodeId);
    return true;
  }

  /** Whether `event` is about a node a token is still travelling to (it is shown once the token is there). */
  awaitsToken(event: RunEvent, time = now()): boolean {
    if (!event.type.startsWith('node.')) return false;
    const nodeId = nodeOf(event);
    if (!nodeId) return false;
    for (const [id, token] of this.travelling) {
      if (time >= token.until) this.travelling.delete(id);
      else if (token.target === nodeId) return true;
    }
    return false;
  }

  /** Apply every queued event now (tests, and before reading a consistent state). */
  flush(): void {
    this.drain(now(), Number.POSITIVE_INFINITY);
  }

  apply(event: RunEvent, animate: boolean): void {
    this.events.push(event);
    if (event.type === 'run.started') {
      this.status = 'running';
      this.startedAt = event.ts;
      return;
    }
    if (event.type === 'run.paused') {
      const { edgeId, source, nodeId, iteration, message } = event;
      this.paused = { edgeId, source, nodeId, message, ...(iteration !== undefined ? { iteration } : {}) };
      return;
    }
    if (event.type === 'run.resumed') {
      this.paused = null;
      return;
    }
    if (terminalRun.has(event.type)) {
      this.status = event.type.slice(4) as RunStatus;
      this.finishedAt = event.ts;
      this.paused = null;
      if (event.type === 'run.failed') {
        if (event.error) this.error = event.error;
        if (event.nodeId) this.failedNode = event.nodeId;
      }
      this.settle();
      return;
    }
    if (event.type === 'edge.message' && event.edgeId) {
      const kind = event.kind === 'skip' ? 'skip' : 'data';
      this.edges.set(event.edgeId, kind);
      // past MAX_TOKENS in flight the edge still changes colour, but no more dots are drawn
      if (animate && this.inFlight < MAX_TOKENS) {
        this.inFlight++;
        const list = this.tokens.get(event.edgeId) ?? [];
        const token: Token = { id: ++tokenIds, kind, color: this.color, travelMs: this.travelMs };
        this.tokens.set(event.edgeId, [...list.slice(-3), token]);
        if (event.nodeId) this.travelling.set(token.id, { target: event.nodeId, until: now() + token.travelMs + LOST_AFTER_MS });
      }
      return;
    }
    if (!('nodeId' in event) || !event.nodeId) return;
    const before: NodeRun = this.nodes.get(event.nodeId) ?? { state: 'waiting', iterations: 0 };
    const next: NodeRun = { ...before };
    if ('iteration' in event && event.iteration !== undefined) next.iterations = Math.max(before.iterations, event.iteration + 1);
    switch (event.type) {
      case 'node.queued':
        next.state = 'queued';
        break;
      case 'node.started':
        next.state = 'running';
        next.startedAt = event.ts;
        next.message = undefined;
        next.toolCalls = undefined;
        next.progress = undefined;
        break;
      case 'node.progress': {
        next.message = event.message;
        const calls = withToolProgress(before.toolCalls ?? [], event.message);
        if (calls.length) next.toolCalls = calls;
        if (typeof event.done === 'number') next.progress = { done: event.done, ...(typeof event.total === 'number' ? { total: event.total } : {}) };
        break;
      }
      case 'node.completed':
      case 'node.skipped':
      case 'node.failed':
        next.state = event.type.slice(5) as ActorState;
        next.finishedAt = event.ts;
        next.durationMs = ('durationMs' in event ? event.durationMs : undefined) ?? (before.startedAt ? event.ts - before.startedAt : undefined);
        if ('output' in event) next.output = event.output;
        if ('output' in event && event.iteration !== undefined) next.byIteration = { ...before.byIteration, [event.iteration]: event.output };
        if (event.type === 'node.failed' && event.error) next.error = event.error;
        else if (continuedError(event)) next.error = continuedError(event);
        if ('code' in event && event.code !== undefined) next.code = event.code;
        break;
      default:
        return;
    }
    this.nodes.set(event.nodeId, next);
  }

  /**
   * A token reached the end of its edge. Tokens that end in the same frame leave together, in
   * one change (one redraw), not one each; while events wait, with the next of them shown.
   */
  removeToken(edgeId: string, id: number): void {
    this.travelling.delete(id);
    this.ended.push([edgeId, id]);
    // while events wait, the next drain takes it away
    if (this.queue.length || this.removal) return;
    this.removal = true;
    nextFrame(() => {
      this.removal = false;
      this.removeEnded();
    });
  }

  private removeEnded(): void {
    for (const [edgeId, id] of this.ended.splice(0)) {
      const list = this.tokens.get(edgeId);
      if (!list) continue;
      const rest = list.filter((t) => t.id !== id);
      if (rest.length < list.length) this.inFlight = Math.max(0, this.inFlight - 1);
      if (rest.length) this.tokens.set(edgeId, rest);
      else this.tokens.delete(edgeId);
    }
  }

  reset(): void {
    this.status = 'starting';
    this.startedAt = this.finishedAt = undefined;
    this.error = this.failedNode = undefined;
    this.paused = null;
    this.nodes.clear();
    this.tokens.clear();
    this.travelling.clear();
    this.inFlight = 0;
    this.edges.clear();
    this.events.length = 0;
  }

  /**
   * Bring the view in line with the server's snapshot (after a reconnect or at the end), so no
   * node stays "running" because an event was missed.
   */
  reconcile(snapshot: RunSnapshot): void {
    this.status = snapshot.status;
    this.startedAt ??= snapshot.startedAt;
    if (snapshot.finishedAt) this.finishedAt = snapshot.finishedAt;
    if (snapshot.error) this.error = snapshot.error;
    if (snapshot.failedNode) this.failedNode = snapshot.failedNode;
    this.paused = snapshot.paused ? { edgeId: snapshot.paused.edgeId, source: snapshot.paused.source, nodeId: snapshot.paused.nodeId, message: snapshot.paused.message } : null;
    const byNode = new Map<string, NodeRun>();
    for (const [actor, s] of Object.entries(snapshot.nodes)) {
      const [nodeId, iteration] = actor.split('#');
      const seen = byNode.get(nodeId);
      const known = seen ?? this.nodes.get(nodeId);
      const state = s.state as ActorState;
      // a node in a loop has one actor per iteration: show the most active of them
      const keep = seen && stateRank[seen.state] > stateRank[state];
      byNode.set(nodeId, {
        ...known,
        state: keep ? seen.state : state,
        output: keep ? known?.output : (s.output ?? known?.output),
        error: s.error ?? known?.error,
        startedAt: s.startedAt ?? known?.startedAt,
        finishedAt: s.finishedAt ?? known?.finishedAt,
        durationMs: s.durationMs ?? known?.durationMs,
        iterations: Math.max(known?.iterations ?? 0, iteration === undefined ? 0 : Number(iteration) + 1),
        byIteration: iteration !== undefined && s.output !== undefined ? { ...known?.byIteration, [Number(iteration)]: s.output } : known?.byIteration,
      });
    }
    for (const [nodeId, run] of byNode) {
      const known = this.nodes.get(nodeId);
      // an unchanged node keeps its object, so its view does not render again
      const same =
        known && known.state === run.state && known.error === run.error && known.iterations === run.iterations &&
        Object.keys(known.byIteration ?? {}).length === Object.keys(run.byIteration ?? {}).length &&
        (known.durationMs !== undefined || run.durationMs === undefined);
      if (!same) this.nodes.set(nodeId, run);
    }
    if (isRunOver(this.status)) this.settle();
  }

  /** A finished run has nothing in flight: whatever still looks active was cancelled with it. */
  private settle(): void {
    for (const [nodeId, run] of this.nodes) {
      if (!finalNode.has(run.state) && run.state !== 'waiting') this.nodes.set(nodeId, { ...run, state: 'cancelled' });
    }
  }
}
