/**
 * @module catalogue/definition-checks — everything that can be wrong with a set of node
 * definitions, found at start so a bad catalogue never reaches a run or a form. Browser-safe.
 */
import { isEmptyValue } from './coerce.ts';
import { isNodeIcon } from './icon-names.ts';
import { NODE_KINDS } from './roles.ts';
import { isNodeServiceName, NODE_SERVICE_NAMES } from './services/index.ts';
import type { Category, FieldType, InputField, NodeDefinition, NodeStatus } from './types.ts';
import { validateValues } from './values.ts';

// Records keyed by the unions, so adding a member to a union without listing it here fails tsc.
const FIELD_TYPES: Record<FieldType, true> = {
  text: true, textarea: true, template: true, data: true, number: true, boolean: true, select: true,
  multiSelect: true, json: true, code: true, list: true, mapping: true, conditions: true,
  branches: true, agentPaths: true, credential: true, flow: true,
};
const CATEGORIES: Record<Category, true> = {
  Interface: true, App: true, AI: true, Data: true, Logic: true, Response: true, Widget: true,
};
const STATUSES: Record<NodeStatus, true> = { Enabled: true, Restricted: true, Disabled: true };
const PURE_KINDS: NodeDefinition['type'][] = ['dynamicNode', 'conditionNode', 'responseNode'];
const SIDE_EFFECT_KINDS: NonNullable<NodeDefinition['sideEffects']>[] = ['http', 'app', 'mail', 'messaging', 'database', 'flow'];

/** One line per problem, each naming the node and field; empty when the set is sound. */
export function definitionProblems(definitions: NodeDefinition[]): string[] {
  const problems: string[] = [];
  const byName = new Map<string, NodeDefinition>();
  for (const d of definitions) {
    if (!d.name) problems.push('A node definition has no name');
    else if (byName.has(d.name)) problems.push(`Duplicate node name: ${d.name}`);
    else byName.set(d.name, d);
  }
  for (const d of definitions) {
    const at = `node "${d.name}"`;
    if (!NODE_KINDS.includes(d.type)) problems.push(`${at}: unknown node type "${d.type}"`);
    if (!(d.category in CATEGORIES)) problems.push(`${at}: unknown category "${d.category}"`);
    if (!(d.status in STATUSES)) problems.push(`${at}: unknown status "${d.status}"`);
    if (!d.label) problems.push(`${at}: no label`);
    if (!d.docs) problems.push(`${at}: no docs link`);
    if (!isNodeIcon(d.icon)) problems.push(`${at}: unknown icon "${d.icon}" (see catalogue/icon-names.ts)`);
    if ((d.type === 'triggerNode') !== Boolean(d.isTrigger)) problems.push(`${at}: isTrigger must be set exactly on triggerNode types`);
    // a pure node may run ahead of the stored finish before it (ARCHITECTURE.md "Running ahead"): it reads no credential and starts no flow
    if (d.pure && (!PURE_KINDS.includes(d.type) || d.authTypes?.length || d.services?.length || d.inputs.some((f) => f.type === 'credential' || f.type === 'flow'))) {
      problems.push(`${at}: pure is for a node that only computes its output: a dynamicNode, conditionNode or responseNode without credential or flow fields or services`);
    }
    if (d.pure && d.sideEffects) problems.push(`${at}: a pure node has no side effects; drop pure or sideEffects`);
    if (d.sideEffects !== undefined && !SIDE_EFFECT_KINDS.includes(d.sideEffects)) problems.push(`${at}: unknown sideEffects "${d.sideEffects}" (${SIDE_EFFECT_KINDS.join(', ')})`);
    problems.push(...serviceProblems(d.services ?? []).map((p) => `${at}: ${p}`));
    if (d.responseNode !== undefined) {
      const pair = byName.get(d.responseNode);
      if (!pair) problems.push(`${at}: responseNode "${d.responseNode}" is not a node of the catalogue`);
      else if (pair.type !== 'responseNode') problems.push(`${at}: responseNode "${d.responseNode}" is not a responseNode`);
    }
    problems.push(...fieldProblems(d).map((p) => `${at}: ${p}`));
  }
  return problems;
}

/** The runtime builds a node's `ctx.services` from these names: each must be one it knows, once. */
function serviceProblems(services: readonly string[]): string[] {
  const problems: string[] = [];
  services.forEach((name, i) => {
    if (!isNodeServiceName(name)) problems.push(`unknown service "${name}" (one of: ${NODE_SERVICE_NAMES.join(', ')})`);
    else if (services.indexOf(name) !== i) problems.push(`service "${name}" is declared twice`);
  });
  return problems;
}

function fieldProblems(d: NodeDefinition): string[] {
  const problems: string[] = [];
  const fields = new Map<string, InputField>();
  for (const f of d.inputs) {
    if (fields.has(f.name)) problems.push(`duplicate field "${f.name}"`);
    fields.set(f.name, f);
  }
  for (const f of d.inputs) {
    const at = `field "${f.name}"`;
    if (!(f.type in FIELD_TYPES)) problems.push(`${at}: unknown field type "${f.type}"`);
    if (f.actionField !== undefined) {
      if (f.actionField === f.name) problems.push(`${at}: actionField names the field itself`);
      else if (!fields.has(f.actionField)) problems.push(`${at}: actionField "${f.actionField}" is not a field of this node`);
    }
    if ((f.type === 'select' || f.type === 'multiSelect') && !f.values?.length) problems.push(`${at}: a ${f.type} needs values`);
    if (f.minValue !== undefined && f.maxValue !== undefined && f.minValue > f.maxValue) {
      problems.push(`${at}: minValue ${f.minValue} is above maxValue ${f.maxValue}`);
    }
    if (f.defaultValue !== undefined && !isEmptyValue(f.defaultValue)) {
      // A default must itself be a valid value: check it alone, visibility aside.
      const alone: NodeDefinition = { ...d, inputs: [{ ...f, actionField: undefined }] };
      for (const p of validateValues(alone, {})) problems.push(`${at}: default is invalid: ${p.message}`);
    }
  }
  const from = d.handles?.fromField;
  if (from !== undefined) {
    const f = fields.get(from);
    if (!f) problems.push(`handles.fromField "${from}" is not a field of this node`);
    else if (!['conditions', 'branches', 'agentPaths', 'json'].includes(f.type)) {
      problems.push(`handles.fromField "${from}" must be a conditions, branches, agentPaths or json (a list of { name }) field`);
    }
  }
  return problems;
}
