/**
 * @module runtime/services/stores/bounded-map — a process's memory of facts read from Redis that never
 * change (a key's owner, a project's organisation) or are checked on use (a flow's parse, by
 * its text): a Map that starts afresh once it holds `max` entries, so it never grows unbounded.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly max: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (this.size >= this.max && !this.has(key)) this.clear();
    return super.set(key, value);
  }
}
