/**
 * @module catalogue/refs — which earlier outputs a node instance needs, so the runtime can
 * fetch exactly those before running it: the nodes its templates name, and for literal
 * (code) fields the nodes the code reads as `outputs.<id>` or `outputs['<id>']`.
 */
import { templateRefs } from './template.ts';
import type { NodeDefinition, Values } from './types.ts';
import { applyDefaults } from './values.ts';

const CODE_OUTPUT_ACCESS = /\boutputs\s*(?:\??\.\s*([A-Za-z_$][\w$]*)|(?:\?\.)?\[\s*(['"`])([^'"`\\]+)\2\s*\])/g;

/** Node ids (and `trigger`, as written) a node instance refers to; engine-set values are ignored. */
export function nodeRefs(definition: NodeDefinition, values: Values): string[] {
  const all = applyDefaults(definition, values);
  const refs = new Set<string>();
  for (const field of definition.inputs) {
    const value = all[field.name];
    if (field.literal) {
      if (typeof value === 'string') for (const id of codeOutputRefs(value)) refs.add(id);
    } else {
      for (const id of templateRefs(value)) refs.add(id);
    }
  }
  return [...refs];
}

/** Node ids JavaScript code reads from its `outputs` object by name. */
export function codeOutputRefs(code: string): string[] {
  const ids = new Set<string>();
  for (const match of code.matchAll(CODE_OUTPUT_ACCESS)) ids.add(match[1] ?? match[3]);
  return [...ids];
}
