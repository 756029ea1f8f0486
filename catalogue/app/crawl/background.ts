/**
 * @module catalogue/app/crawl/background — the in-process engine's async crawls. The node
 * answers `{ success, id, url }` at once; the crawl goes on in the process that ran the node,
 * after the node (and possibly its run) ended, and tells the webhook what happens. Decided so
 * (not a BullMQ job) because the crawl needs the node's own outbound client, credentials and
 * hook access, which live in that process: a crawl in progress does not survive the process
 * stopping (its webhook never hears 'completed'; the crawl service engine has no such limit).
 * At most `maxBackground` run at once in a process; a cancelled run stops its crawl.
 */
import { operationalError } from '../../errors.ts';

const running = new Map<string, Promise<void>>();

export function startBackground(id: string, max: number, work: () => Promise<void>): void {
  if (running.size >= max) throw operationalError(`Too many crawls running in this process (${max}); try again later`);
  const task = work()
    .catch(() => {})
    .finally(() => running.delete(id));
  running.set(id, task);
}

/** the async crawls still running (tests wait for them) */
export function backgroundCrawls(): Promise<void>[] {
  return [...running.values()];
}
