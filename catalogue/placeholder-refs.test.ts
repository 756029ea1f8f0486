/**
 * Every `{{node.output.field}}` a definition shows a builder — field placeholders, field and
 * node descriptions, default values — names something that exists, so copying a hint never
 * makes a template that resolves to nothing. The rule:
 * - `{{trigger.output.X}}`: X is a declared output of a trigger with closed outputs (chat:
 *   chatMessage…, search: searchQuery), or else a field of the request body that open-output
 *   triggers (webhook, GraphQL) pass on as their output — but then not a near miss of a declared
 *   trigger output (`message`, `query`), which would be a hint meant for chat or search with a
 *   name those triggers do not have.
 * - `{{<id>.output.X}}`: `<id>` is a slug the studio gives a node of some catalogue type
 *   (`<type without Node>_<n>`, editor/stores/config-store.ts `slugStem`), and X is one of that
 *   type's outputs when its outputs are closed.
 */
import { describe, expect, it } from 'vitest';
import { definitions } from './nodes.ts';
import { closedFields, closestName } from './template-checks.ts';
import { eachString, TRIGGER_ALIAS } from './template.ts';
import { PLACEHOLDER, parsePlaceholder } from './template-path.ts';
import type { NodeDefinition } from './types.ts';

const triggers = definitions.filter((d) => d.isTrigger);
const declaredTriggerFields = triggers.flatMap((d) => (d.closedOutputs ? d.outputs.map((o) => o.name) : []));
const someTriggerIsOpen = triggers.some((d) => !d.closedOutputs);
const bySlugStem = new Map(definitions.map((d) => [d.name.replace(/Node$/, ''), d]));

/** What is wrong with one reference a hint shows, or ''. */
function hintFault(nodeId: string, first: string | undefined): string {
  if (nodeId === TRIGGER_ALIAS) {
    if (first === undefined || declaredTriggerFields.includes(first)) return '';
    const near = closestName(first, declaredTriggerFields);
    if (near) return `no trigger has '${first}' (did you mean ${near}?)`;
    return someTriggerIsOpen ? '' : `no trigger has '${first}'`;
  }
  const stem = /^(.+)_\d+$/.exec(nodeId)?.[1];
  const definition = stem ? bySlugStem.get(stem) : undefined;
  if (!definition) return `no node type gets the id ${nodeId}`;
  const fields = closedFields(definition);
  return first === undefined || !fields || fields.includes(first) ? '' : `${definition.name} has no output '${first}'`;
}

/** Every text of a definition a builder reads as a hint or starts from, with where it is. */
function hintsOf(definition: NodeDefinition): [string, unknown][] {
  const fields = [...definition.inputs, ...(definition.triggerInputs ?? [])];
  return [
    [`${definition.name} description`, definition.description],
    ...fields.flatMap((f): [string, unknown][] => [
      [`${definition.name}.${f.name} placeholder`, f.placeholder],
      [`${definition.name}.${f.name} description`, f.description],
      [`${definition.name}.${f.name} default`, f.literal ? undefined : f.defaultValue],
    ]),
  ];
}

function faultsOf(definition: NodeDefinition): string[] {
  const faults: string[] = [];
  for (const [where, text] of hintsOf(definition)) {
    eachString(text, (value) => {
      for (const [written, expression] of value.matchAll(PLACEHOLDER)) {
        const placeholder = parsePlaceholder(expression);
        if (placeholder.kind !== 'ref') continue;
        const fault = hintFault(placeholder.nodeId, placeholder.path[0]);
        if (fault) faults.push(`${where}: ${written}: ${fault}`);
      }
    });
  }
  return faults;
}

describe('the references in definitions’ hints', () => {
  it('name only nodes and fields that exist', () => {
    expect(definitions.flatMap(faultsOf)).toEqual([]);
  });

  it('would catch the hints that misled builders', () => {
    expect(hintFault('trigger', 'query')).toBe("no trigger has 'query' (did you mean searchQuery?)");
    expect(hintFault('trigger', 'message')).toBe("no trigger has 'message' (did you mean chatMessage?)");
    expect(hintFault('llm_1', 'generatedResponse')).toBe('no node type gets the id llm_1');
    expect(hintFault('apiNode_1', 'items')).toBe('no node type gets the id apiNode_1');
    expect(hintFault('generateText_1', 'response')).toBe("generateTextNode has no output 'response'");
    expect(hintFault('generateText_1', 'generatedResponse')).toBe('');
    expect(hintFault('trigger', 'question')).toBe('');
  });
});
