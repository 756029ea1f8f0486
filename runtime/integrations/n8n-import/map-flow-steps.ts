/**
 * @module runtime/integrations/n8n-import/map-flow-steps — Set/Edit Fields (weft Variables), Wait, Loop Over
 * Items / Split in Batches (a For Loop over a list with its Loop End) and Execute Workflow
 * (Execute Flow).
 */
import { MAPPING_TYPES, type MappingRow, type MappingType } from '../../../catalogue/field-shapes.ts';
import { WAIT_MAX_SECONDS, WAIT_MIN_SECONDS } from '../../../catalogue/logic/wait-node/definition.ts';
import { weftTemplate } from './expressions.ts';
import { field, locatorValue, rows, type MapContext, type NodeMapper } from './mapper-types.ts';

const typeOf = (raw: unknown): MappingType => {
  const type = String(raw ?? 'string').replace(/Value$/, '') as MappingType;
  return MAPPING_TYPES.includes(type) ? type : 'string';
};

/** The rows of each Set version: v3.3+ `assignments`, v3.0–3.2 `fields.values`, v1/v2 `values.{string,number,boolean}`, raw `jsonOutput`. */
function setRows(ctx: MapContext): MappingRow[] {
  const { parameters, typeVersion } = ctx.node;
  const row = (key: unknown, type: MappingType, value: unknown): MappingRow => ({ key: String(key ?? ''), type, value: ctx.value(value, 'mapping') });
  if (parameters.mode === 'raw') {
    const text = ctx.text(parameters.jsonOutput, 'mapping');
    try {
      const data = JSON.parse(text) as unknown;
      if (typeof data === 'object' && data !== null && !Array.isArray(data)) {
        return Object.entries(data).map(([key, value]) => {
          const type: MappingType = Array.isArray(value) ? 'array' : value === null ? 'string' : (typeof value as MappingType);
          return { key, type: MAPPING_TYPES.includes(type) ? type : 'string', value: typeof value === 'object' ? JSON.stringify(value) : value };
        });
      }
    } catch {
      // reported below
    }
    ctx.problem('the JSON output is not a JSON object weft can split into variables; it was kept as one variable "json"', 'mapping');
    return [{ key: 'json', type: 'object', value: text }];
  }
  if (typeVersion >= 3.3) return rows(field(parameters.assignments, 'assignments')).map((a) => row(a.name, typeOf(a.type), a.value));
  if (typeVersion >= 3) return rows(field(parameters.fields, 'values')).map((f) => { const type = typeOf(f.type); return row(f.name, type, f[`${type}Value`] ?? f.stringValue); });
  const values = parameters.values;
  return (['string', 'number', 'boolean'] as const).flatMap((type) => rows(field(values, type)).map((v) => row(v.name, type, v.value)));
}

export const setNode: NodeMapper = {
  map(ctx) {
    const { parameters, typeVersion } = ctx.node;
    const keepsOthers = typeVersion >= 3 ? parameters.includeOtherFields === true : parameters.keepOnlySet !== true;
    if (keepsOthers) ctx.problem("n8n passed the input's other fields on as well; weft's Variables output only holds its own keys (read the others from the node before)", 'mapping');
    const mapping = setRows(ctx);
    if (!mapping.length) ctx.problem('sets no field', 'mapping');
    return { type: 'variablesNode', values: { mapping } };
  },
};

const SECONDS_PER: Record<string, number> = { seconds: 1, minutes: 60, hours: 3600, days: 86400 };

export const waitNode: NodeMapper = {
  passThrough: true,
  map(ctx) {
    const { parameters, typeVersion } = ctx.node;
    const resume = String(parameters.resume ?? 'timeInterval');
    if (resume !== 'timeInterval') {
      ctx.problem(`n8n waited for ${resume === 'webhook' ? 'a webhook call' : resume === 'form' ? 'a form' : 'a set time'}; weft's Wait pauses for a number of seconds`, 'seconds');
      return { type: 'waitNode', values: { seconds: 30 } };
    }
    const amount = parameters.amount ?? 1;
    if (typeof amount === 'string') return { type: 'waitNode', values: { seconds: ctx.value(amount, 'seconds') } };
    const unit = String(parameters.unit ?? (typeVersion >= 1.1 ? 'seconds' : 'hours'));
    const wanted = Number(amount) * (SECONDS_PER[unit] ?? 1);
    const seconds = Math.round(Math.min(Math.max(wanted, WAIT_MIN_SECONDS), WAIT_MAX_SECONDS));
    if (seconds !== wanted) ctx.problem(`n8n waited ${amount} ${unit}; weft waits ${WAIT_MIN_SECONDS} to ${WAIT_MAX_SECONDS} seconds, so this waits ${seconds}`, 'seconds');
    return { type: 'waitNode', values: { seconds } };
  },
};

/**
 * Loop Over Items (v3: output 0 "done", output 1 "loop") and Split in Batches (v1/v2: output 0
 * the batch): a For Loop over the list its input gave, one item an iteration; the body's way back
 * into the n8n node ends at the Loop End (runtime/integrations/n8n-import/connections.ts), and "done" leaves it.
 */
export const splitInBatches: NodeMapper = {
  map(ctx) {
    const { parameters, typeVersion } = ctx.node;
    const batchSize = Number(parameters.batchSize ?? (typeVersion >= 3 ? 1 : 10));
    if (batchSize !== 1) ctx.problem(`n8n took batches of ${batchSize} items; weft's For Loop takes one item an iteration`, 'iteratorValue');
    const input = ctx.inputItems();
    if (!input) ctx.problem('set Iterator value to the list to loop over (weft loops over one list, at most 100 items)', 'iteratorValue');
    const v3 = typeVersion >= 3;
    return {
      type: 'forLoopNode',
      values: { iterateOver: 'list', iteratorValue: input ? weftTemplate(input) : '', wait: 0 },
      loopEnd: true,
      ports: (i) => (v3 ? (i === 0 ? [{ handle: 'out', fromEnd: true }] : i === 1 ? [{ handle: 'out' }] : []) : i === 0 ? [{ handle: 'out' }] : []),
    };
  },
  // inside the loop an item is the iteration's value; after "done", n8n's items are every iteration's
  json(path, viaOutput, node) {
    if (node.typeVersion >= 3 && viaOutput === 0) return path.length ? null : { path: ['loopOutput'], fromEnd: true };
    return { path: ['currentValue', ...path] };
  },
};

export const executeWorkflow: NodeMapper = {
  map(ctx) {
    const { parameters } = ctx.node;
    const source = String(parameters.source ?? 'database');
    const workflow = locatorValue(parameters.workflowId);
    ctx.problem(
      source === 'database'
        ? `choose the weft flow to run (the n8n workflow was ${typeof workflow === 'string' && workflow ? `“${workflow}”` : 'not named'})`
        : `n8n read the workflow from ${source}; choose a weft flow of this project to run`,
      'flowId',
    );
    const mapped = field(parameters.workflowInputs, 'value');
    const input = ctx.input();
    const requestInput =
      typeof mapped === 'object' && mapped !== null && Object.keys(mapped).length
        ? JSON.stringify(ctx.value(mapped, 'requestInput'))
        : input ? weftTemplate(input) : '{}';
    return { type: 'executeFlowNode', values: { flowId: '', requestInput } };
  },
  json: (path) => ({ path: ['flowOutput', ...path] }),
};
