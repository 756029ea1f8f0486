/** @module catalogue/interface/search-trigger-node/run — the trigger's output is the visitor's query. */
import { isPlainObject } from '../../coerce.ts';
import type { Executor } from '../../types.ts';

export const run: Executor = async (_values, ctx) => {
  const query = isPlainObject(ctx.input) ? ctx.input.searchQuery : undefined;
  return { output: { searchQuery: typeof query === 'string' ? query : query == null ? '' : String(query) } };
};
