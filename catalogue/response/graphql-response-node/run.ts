/**
 * @module catalogue/response/graphql-response-node/run — the mapped result; in an async
 * GraphQL run also delivered to the caller's webhook (see delivery.ts).
 */
import { run as mapOutput } from '../api-response-node/run.ts';
import type { Executor } from '../../types.ts';
import { isAsyncRun } from './async-values.ts';
import { deliver } from './delivery.ts';

export const run: Executor = async (values, ctx) => {
  // The mapping rules (flat keys, null for nothing, prototype keys dropped) are the API response node's.
  const { output } = await mapOutput(values, ctx);
  if (isAsyncRun(values)) await deliver(values, output, ctx);
  return { output };
};
