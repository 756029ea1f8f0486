/**
 * @module catalogue/pinned-shape — the shape of a node's pinned output is the one its definition
 * declares for its output: `outputs`, closed when `closedOutputs`
 * says the output holds only those fields. A pin of such a node that the node could never output
 * (not an object, a field it never has, a declared field of another type) is named, so the
 * builder sees it before a downstream node reads a field that no run would give it.
 */
import type { NodeDefinition, OutputField } from './types.ts';

const kindOf = (value: unknown): OutputField['type'] =>
  Array.isArray(value) ? 'array' : value !== null && typeof value === 'object' ? 'object' : (typeof value as OutputField['type']);

/** What is wrong with `output` as a pin of a node of `definition`; empty when it fits (or the output is open). */
export function pinnedShapeProblems(definition: NodeDefinition, output: unknown): string[] {
  if (!definition.closedOutputs) return [];
  const declared = definition.outputs;
  const names = declared.map((field) => field.name);
  if (kindOf(output) !== 'object') return [`the pinned output must be an object with the fields of a ${definition.label} node's output (${names.join(', ')})`];
  const problems: string[] = [];
  for (const [name, value] of Object.entries(output as Record<string, unknown>)) {
    const field = declared.find((f) => f.name === name);
    if (!field) {
      if (name !== 'error') problems.push(`the pinned output has a field '${name}' that a ${definition.label} node never outputs (${names.join(', ')})`);
      continue;
    }
    if (field.type !== 'any' && value !== null && kindOf(value) !== field.type) problems.push(`the pinned output's '${name}' is of type ${kindOf(value)}; a ${definition.label} node outputs type ${field.type} there`);
  }
  return problems;
}
