/** @module catalogue/interface/webhook-trigger-node/run — the trigger's output is the request body. */
import type { Executor } from '../../types.ts';

export const run: Executor = async (_values, ctx) => ({ output: ctx.input ?? {} });
