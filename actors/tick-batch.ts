/**
 * @module actors/tick-batch — writes of one kind gathered and sent as one command per key. By
 * default a tick's (the synchronous code and the promise continuations it sets off), sent when
 * the tick ends (process.nextTick: before any I/O, so none waits longer than it would have
 * alone): under load the replies of one socket read resume many calls in one tick, and their run
 * starts then share a command. Writes no caller waits on can gather for a whole turn of the
 * event loop instead (`setImmediate`: runtime/services/stores/hash-batch.ts).
 */
export class TickBatch<T, R = unknown> {
  private items = new Map<string, T[]>();
  private sent?: Promise<Map<string, Promise<R>>>;

  /**
   * `send` writes one key's items, in the order they came, as one command (or a few), and
   * resolves to its reply; `schedule` says when the gathered items go.
   */
  constructor(
    private readonly send: (key: string, items: T[]) => Promise<R>,
    private readonly schedule: (flush: () => void) => void = process.nextTick,
  ) {}

  /** Add `item` to this batch's command for `key`; settles as that command does, with its reply and the item's place in the batch. */
  async add(key: string, item: T): Promise<{ reply: R; index: number }> {
    if (this.items.size === 0) this.sent = new Promise<void>((ok) => this.schedule(ok)).then(() => this.flush());
    const list = this.items.get(key);
    const index = list ? list.push(item) - 1 : (this.items.set(key, [item]), 0);
    const sent = this.sent!;
    return { reply: await (await sent).get(key)!, index };
  }

  private flush(): Map<string, Promise<R>> {
    const items = this.items;
    this.items = new Map();
    return new Map([...items].map(([key, list]) => [key, this.send(key, list)]));
  }
}
