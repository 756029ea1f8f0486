/** @module catalogue/app/teams-trigger-node/run — the trigger's output is the Bot Framework activity that started the run. */
import { defineNode } from '../../define-node.ts';
import { definition } from './definition.ts';

export default defineNode(definition, async (_values, ctx) => ({ output: ctx.input ?? {} }));
