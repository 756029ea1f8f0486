/** @module catalogue/ai/context — the model gateway an AI executor reaches through its context. */
import { operationalError } from '../errors.ts';
import type { NodeContext } from '../types.ts';
import type { ModelAccess } from './model-services.ts';

/** `ctx.models`, or 'Model client not found' when the runtime gave the node none. */
export function modelsOf(ctx: NodeContext): ModelAccess {
  if (!ctx.models) throw operationalError('Model client not found');
  return ctx.models;
}
