/**
 * @module runtime/core/calls/load-shedding — how much production work one server process takes on.
 * Past its limits a call is refused at once with a Retry-After instead of joining a queue that
 * grows without bound: 503 `overloaded` while the process holds `maxInFlight` calls (from
 * admission to answer: a realtime call through its wait, an async one until its run is queued)
 * or the activation queue holds more than `maxQueued` jobs waiting for a worker; 429
 * `project_overloaded` while the caller's project holds `maxInFlightPerProject` of them. The
 * queue's depth is read in the background at most every `queueReadMs`: a call never waits on it.
 */
import { OverloadedError } from '../../services/domain-errors.ts';

export interface LoadLimits {
  /** WEFT_MAX_CALLS_IN_FLIGHT: production calls one server process holds at once; default 500 */
  maxInFlight: number;
  /** WEFT_MAX_PROJECT_CALLS_IN_FLIGHT: of those, at most this many of one project; default half of maxInFlight (one project never takes all) */
  maxInFlightPerProject: number;
  /** WEFT_MAX_QUEUED_ACTIVATIONS: activations waiting for a worker past which calls are refused; default 20,000 */
  maxQueued: number;
}

export const defaultLoadLimits: LoadLimits = { maxInFlight: 500, maxInFlightPerProject: 250, maxQueued: 20_000 };

/** A project's default share of a process's calls in flight: half, so one project's flood leaves room for the others. */
export function projectShareOf(maxInFlight: number): number {
  return Math.ceil(maxInFlight / 2);
}

/** `limits` with the defaults filled in. */
export function loadLimits(limits: Partial<LoadLimits> = {}): LoadLimits {
  const maxInFlight = limits.maxInFlight ?? defaultLoadLimits.maxInFlight;
  return { maxInFlight, maxInFlightPerProject: limits.maxInFlightPerProject ?? projectShareOf(maxInFlight), maxQueued: limits.maxQueued ?? defaultLoadLimits.maxQueued };
}

/** What a refused caller is told to wait (Retry-After, seconds). */
export const OVERLOAD_RETRY_AFTER_SECONDS = 2;
/** A shedding episode ends (and is logged as ended) after this long without a refusal. */
const EPISODE_QUIET_MS = 5000;

/** A call's place in the process: its project is named once it is admitted; release gives the place back. */
export interface CallSlot {
  forProject(projectId: string): void;
  release(): void;
}

export interface LoadShedderOptions {
  /** activations waiting for a worker now (engine.queuedActivations) */
  queueDepth?: () => Promise<number>;
  queueReadMs?: number;
  now?: () => number;
  /** one line when shedding starts and one when it ends; default console.warn */
  log?: (line: string) => void;
}

export class LoadShedder {
  private inFlight = 0;
  private readonly perProject = new Map<string, number>();
  private queued = 0;
  private queueReadAt = -Infinity;
  private reading = false;
  /** the shedding episode under way: when it started, its last refusal, its refusals */
  private episode: { since: number; last: number; refused: number } | null = null;
  private readonly now: () => number;
  private readonly log: (line: string) => void;

  constructor(
    readonly limits: LoadLimits,
    private readonly options: LoadShedderOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.log = options.log ?? ((line) => console.warn(line));
  }

  /** Calls held now (for tests and figures). */
  get held(): number {
    return this.inFlight;
  }

  /** Take a place for a call, before anything is read for it; throws OverloadedError (503) when the process is full. */
  enter(): CallSlot {
    this.readQueueDepth();
    if (this.inFlight >= this.limits.maxInFlight) this.refuse('process', `${this.inFlight} calls are in progress`);
    if (this.queued > this.limits.maxQueued) this.refuse('process', `${this.queued} activations wait for a worker`);
    this.endEpisodeIfQuiet();
    this.inFlight++;
    let project: string | null = null;
    let released = false;
    return {
      forProject: (projectId) => {
        const held = this.perProject.get(projectId) ?? 0;
        if (held >= this.limits.maxInFlightPerProject) this.refuse('project', `the project has ${held} calls in progress`);
        this.perProject.set(projectId, held + 1);
        project = projectId;
      },
      release: () => {
        if (released) return;
        released = true;
        this.inFlight--;
        if (project === null) return;
        const held = this.perProject.get(project)! - 1;
        if (held) this.perProject.set(project, held);
        else this.perProject.delete(project);
      },
    };
  }

  private refuse(scope: 'process' | 'project', why: string): never {
    const now = this.now();
    if (!this.episode) {
      this.episode = { since: now, last: now, refused: 0 };
      this.log(`[weft] overloaded: refusing production calls (${why}; limits: ${this.describeLimits()})`);
    }
    this.episode.last = now;
    this.episode.refused++;
    const message =
      scope === 'process'
        ? `The server is busy (${why}); try again in ${OVERLOAD_RETRY_AFTER_SECONDS} s`
        : `This project has too many calls in progress (${this.limits.maxInFlightPerProject}); try again in ${OVERLOAD_RETRY_AFTER_SECONDS} s`;
    throw new OverloadedError(scope, message, OVERLOAD_RETRY_AFTER_SECONDS);
  }

  private endEpisodeIfQuiet(): void {
    const episode = this.episode;
    if (!episode || this.now() - episode.last < EPISODE_QUIET_MS) return;
    this.episode = null;
    this.log(`[weft] no longer overloaded: ${episode.refused} production calls refused over ${((episode.last - episode.since) / 1000).toFixed(1)} s`);
  }

  private describeLimits(): string {
    const { maxInFlight, maxInFlightPerProject, maxQueued } = this.limits;
    return `${maxInFlight} in flight, ${maxInFlightPerProject} a project, ${maxQueued} queued`;
  }

  /** Refresh the queue's depth in the background when the last read is older than queueReadMs. */
  private readQueueDepth(): void {
    const { queueDepth, queueReadMs = 500 } = this.options;
    if (!queueDepth || this.reading || this.now() - this.queueReadAt < queueReadMs) return;
    this.reading = true;
    queueDepth()
      .then((depth) => (this.queued = depth))
      // Redis unreachable: the call itself will say so (503 unavailable); keep the last depth
      .catch(() => {})
      .finally(() => {
        this.reading = false;
        this.queueReadAt = this.now();
      });
  }
}
