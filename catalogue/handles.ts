/**
 * @module catalogue/handles — the connection points of a node instance. Every node has one
 * input handle, 'in'. Output handles: 'out' by default; router nodes have one per row of a
 * field (a condition node's labels then 'Else', a branch node's branch names, an agent classifier's agent path names). Browser-safe.
 */
import { agentPathHandles, branchHandles, conditionHandles } from './field-shapes.ts';
import type { NodeDefinition, Values } from './types.ts';
import { applyDefaults } from './values.ts';

export const INPUT_HANDLE = 'in';
export const DEFAULT_OUTPUT_HANDLE = 'out';

/** Output handle names of one node instance with these values (defaults applied). */
export function handlesOf(definition: NodeDefinition, values: Values = {}): string[] {
  const spec = definition.handles;
  if (!spec) return [DEFAULT_OUTPUT_HANDLE];
  const handles = [...(spec.fixed ?? [])];
  if (spec.fromField) {
    const field = definition.inputs.find((f) => f.name === spec.fromField);
    const value = applyDefaults(definition, values)[spec.fromField];
    const of = field?.type === 'conditions' ? conditionHandles : field?.type === 'agentPaths' ? agentPathHandles : branchHandles;
    handles.push(...of(value));
  }
  handles.push(...(spec.extra ?? []));
  return [...new Set(handles)];
}
