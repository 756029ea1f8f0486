/** @module catalogue/app/mail-trigger-node/run — the new email the tool-execution service reported (its payload: message_text, sender, subject…) as the trigger's output. */
import { defineNode } from '../../define-node.ts';
import { definition } from './definition.ts';

export default defineNode(definition, async (_values, ctx) => ({ output: ctx.input ?? {} }));
