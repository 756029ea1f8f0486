/** @module catalogue/app/table-database-trigger-node/run — the change the table database's webhook reported (runtime/http/routes/table-webhooks.ts), as the trigger's outputs. */
import { defineNode } from '../../define-node.ts';
import { pickOutputs } from '../tool-service/trigger-table.ts';
import { definition } from './definition.ts';

export default defineNode(definition, async (_values, ctx) => ({ output: pickOutputs(definition.outputs, ctx.input) }));
