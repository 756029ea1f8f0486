/** @module runtime/services/secrets/in-chunks — map over a list a fixed number of items at a time. */

/**
 * `fn` over `items`, `size` at a time: each chunk runs with Promise.all and the next chunk
 * starts when it is done. Bulk encryption uses chunks of 50 (spec 001 §7, §9) so a big
 * batch never queues thousands of key derivations (32 MiB of memory each) at once.
 * Results keep the order of `items`.
 */
export async function mapInChunks<T, R>(
  items: readonly T[],
  size: number,
  fn: (item: T, index: number) => Promise<R>,
  /** told how many items are done after each chunk (progress lines) */
  afterChunk?: (done: number) => void,
): Promise<R[]> {
  if (!Number.isInteger(size) || size < 1) throw new Error(`chunk size must be a whole number of at least 1 (got ${size})`);
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) {
    const chunk = items.slice(start, start + size);
    results.push(...(await Promise.all(chunk.map((item, i) => fn(item, start + i)))));
    afterChunk?.(results.length);
  }
  return results;
}
