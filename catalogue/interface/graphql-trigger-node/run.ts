/** @module catalogue/interface/graphql-trigger-node/run — the trigger's output is the request payload. */
import type { Executor } from '../../types.ts';

export const run: Executor = async (_values, ctx) => ({ output: ctx.input ?? {} });
