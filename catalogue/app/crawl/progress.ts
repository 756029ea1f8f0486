/** @module catalogue/app/crawl/progress — a crawl's counted progress as node.progress events: 'Crawled 3 of 12 pages'. */
import type { NodeContext } from '../../types.ts';
import type { ProgressReport } from './types.ts';

export function crawlProgress(ctx: Pick<NodeContext, 'progress'>, verb: string): ProgressReport {
  return (done, total) => ctx.progress(`${verb} ${done} of ${total} pages`, { done, total });
}
