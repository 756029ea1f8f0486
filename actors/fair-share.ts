/**
 * @module actors/fair-share — items waiting for a turn, kept in one line per owner (a project)
 * and taken round-robin across owners: an owner with a thousand waiting items gets one turn in
 * each round, as one with a single item does.
 */

/** One owner's line: an array with a moving head (shift is O(1) on long lines). */
class Line<T> {
  private items: T[] = [];
  private head = 0;

  get length(): number {
    return this.items.length - this.head;
  }

  first(): T {
    return this.items[this.head];
  }

  push(item: T): void {
    this.items.push(item);
  }

  unshift(item: T): void {
    if (this.head > 0) this.items[--this.head] = item;
    else this.items.unshift(item);
  }

  shift(): T | undefined {
    if (this.head >= this.items.length) return undefined;
    const item = this.items[this.head];
    this.items[this.head++] = undefined as T;
    if (this.head >= 1024 && this.head * 2 >= this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }

  pop(): T | undefined {
    return this.length > 0 ? this.items.pop() : undefined;
  }
}

export class FairShare<T> {
  private readonly lines = new Map<string, Line<T>>();
  /** owners with waiting items, in turn order; `turn` is the next one's index */
  private owners: string[] = [];
  private turn = 0;
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Add `item` at the end of `owner`'s line (at its front with `front`: an item coming back for its turn). */
  push(owner: string, item: T, front = false): void {
    let line = this.lines.get(owner);
    if (!line) {
      this.lines.set(owner, (line = new Line()));
      this.owners.push(owner);
    }
    if (front) line.unshift(item);
    else line.push(item);
    this.count++;
  }

  /** The first item of the next owner in turn that `may` take one; undefined when none may. */
  next(may: (owner: string) => boolean): T | undefined {
    for (let tried = 0; tried < this.owners.length; tried++) {
      const index = (this.turn + tried) % this.owners.length;
      const owner = this.owners[index];
      if (!may(owner)) continue;
      const item = this.take(owner, index, (line) => line.shift());
      this.turn = this.lines.has(owner) ? index + 1 : index;
      if (this.turn >= this.owners.length) this.turn = 0;
      return item;
    }
    return undefined;
  }

  /** The first items of every line (the oldest of each owner). */
  firsts(): T[] {
    return [...this.lines.values()].map((line) => line.first());
  }

  /** Remove up to `count` items from the ends of the longest lines: the owners who queued most give way first. */
  takeNewest(count: number): T[] {
    const taken: T[] = [];
    while (taken.length < count && this.count > 0) {
      let longest = 0;
      for (let i = 1; i < this.owners.length; i++) if (this.lines.get(this.owners[i])!.length > this.lines.get(this.owners[longest])!.length) longest = i;
      taken.push(this.take(this.owners[longest], longest, (line) => line.pop()));
    }
    return taken;
  }

  private take(owner: string, index: number, from: (line: Line<T>) => T | undefined): T {
    const line = this.lines.get(owner)!;
    const item = from(line) as T;
    this.count--;
    if (line.length === 0) {
      this.lines.delete(owner);
      this.owners.splice(index, 1);
      if (this.turn > index) this.turn--;
    }
    if (this.turn >= this.owners.length) this.turn = 0;
    return item;
  }
}
