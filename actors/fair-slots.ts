/**
 * @module actors/fair-slots — a process's slots for one kind of work (activations, sandboxes)
 * shared fairly among projects. Work enters with its project; it starts at once when a slot is
 * free to its project, else it waits in its project's line, and a freed slot goes to the next
 * project in turn (actors/fair-share.ts), not to the oldest waiter.
 *
 * The last eighth of the slots (at least one) is kept for projects holding none: a project
 * holding a slot takes another only while more than that eighth is free. However many projects
 * flood, a project with nothing running starts its work at once; the projects that hold slots
 * share the rest, each waiting one getting every n-th freed slot. With `sharedForMs`, the
 * eighth is kept only while another project came within that long: a project alone uses every
 * slot, and one coming after a quiet spell waits for its first slot to free (its turn comes
 * first), its next ones finding the eighth kept.
 */
import { FairShare } from './fair-share.ts';

/** Work waiting for a slot: `go` starts it (the slot is held for it by then). */
export interface SlotWaiter {
  project: string;
  go(): void;
}

/** How long after another project came a process's slots keep their last eighth for projects holding none. */
export const SHARED_FOR_MS = 5000;

/** The slots of `limit` that projects already holding one may fill: all but an eighth, at least one kept for a project holding none. */
export function shareOf(limit: number): number {
  return Math.max(1, limit - Math.max(1, Math.floor(limit / 8)));
}

export interface FairSlotsOptions {
  /** keep the last eighth only while another project came within this long (ms); unset: always */
  sharedForMs?: number;
}

export class FairSlots<W extends SlotWaiter = SlotWaiter> {
  readonly share: number;
  private running = 0;
  private readonly held = new Map<string, number>();
  /** when each project last came (with `sharedForMs`) */
  private readonly came = new Map<string, number>();
  /** work entered and waiting for a slot, by project (it may be taken out again: actors/eager.ts) */
  readonly waiting = new FairShare<W>();
  /** callers of `acquire` waiting, by project: served before `waiting` (a returning caller of `without` has begun already) */
  private readonly acquiring = new FairShare<SlotWaiter>();
  /** a project holding none may take the last free slot; the others one below the share (unless alone) */
  private readonly may = (project: string) => this.running < (this.held.has(project) && this.shared(project) ? this.share : this.limit);

  constructor(
    readonly limit: number,
    private readonly options: FairSlotsOptions = {},
  ) {
    this.share = shareOf(limit);
  }

  /** Whether a project other than `project` came lately (always, without `sharedForMs`). */
  private shared(project: string): boolean {
    if (this.options.sharedForMs === undefined) return true;
    const since = Date.now() - this.options.sharedForMs;
    for (const [other, at] of this.came) {
      if (at < since) this.came.delete(other);
      else if (other !== project) return true;
    }
    return false;
  }

  private arrive(project: string): void {
    if (this.options.sharedForMs !== undefined) this.came.set(project, Date.now());
  }

  /** Slots held now. */
  get busy(): number {
    return this.running;
  }

  /** Start `waiter` now when a slot is free to its project, else when its turn comes. */
  enter(waiter: W): void {
    if (this.tryAcquire(waiter.project)) waiter.go();
    else this.waiting.push(waiter.project, waiter);
  }

  /** A slot of `project`'s freed: it goes to the next project in turn. */
  leave(project: string): void {
    this.running--;
    const held = (this.held.get(project) ?? 1) - 1;
    if (held > 0) this.held.set(project, held);
    else this.held.delete(project);
    this.pump();
  }

  /** Take a slot for `project` if one is free to it now (call `leave` when done). */
  tryAcquire(project: string): boolean {
    this.arrive(project);
    if (!this.may(project)) return false;
    this.hold(project);
    return true;
  }

  /** Resolves once `project` holds a slot (call `leave` when done); `front`: first in its project's line. */
  acquire(project: string, front = false): Promise<void> {
    if (this.tryAcquire(project)) return Promise.resolve();
    return new Promise((go) => this.acquiring.push(project, { project, go }, front));
  }

  /** Run `work` in a slot of `project`'s. */
  async run<T>(project: string, work: () => Promise<T>): Promise<T> {
    await this.acquire(project);
    try {
      return await work();
    } finally {
      this.leave(project);
    }
  }

  /** Give up `project`'s slot while `wait` runs (a wait for something else: another pool's slot), then take one again first in line. */
  async without<T>(project: string, wait: () => Promise<T>): Promise<T> {
    this.leave(project);
    try {
      return await wait();
    } finally {
      await this.acquire(project, true);
    }
  }

  private hold(project: string): void {
    this.running++;
    this.held.set(project, (this.held.get(project) ?? 0) + 1);
  }

  private pump(): void {
    while (this.running < this.limit) {
      const next = this.acquiring.next(this.may) ?? this.waiting.next(this.may);
      if (!next) return;
      this.hold(next.project);
      next.go();
    }
  }
}
