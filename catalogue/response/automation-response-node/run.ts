/** @module catalogue/response/automation-response-node/run — the mapped answer object, shaped as the API Response shapes it. */
import { defineNode } from '../../define-node.ts';
import { mappedOutput } from '../api-response-node/run.ts';
import { definition } from './definition.ts';

export default defineNode(definition, async (values) => ({ output: mappedOutput(values.outputMapping) }));
