/**
 * @module scripts/docs/node-reference — `npm run docs:nodes`: docs/nodes.md, the reference of
 * every node a builder may use, written from the catalogue's definitions (the registry's list,
 * as GET /api/catalogue answers it). Deterministic: nodes grouped by category in a fixed order,
 * sorted by name within it, so the file depends on the definitions only, not on the list's order.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nodes } from '../../catalogue/nodes.ts';
import { createRegistry } from '../../catalogue/registry.ts';
import type { Category, InputField, NodeDefinition } from '../../catalogue/types.ts';

export const NODE_REFERENCE = join(import.meta.dirname, '..', '..', 'docs', 'nodes.md');
export const NODE_REFERENCE_COMMAND = 'npm run docs:nodes';

const categories: Category[] = ['Interface', 'Logic', 'App', 'Data', 'AI', 'Response', 'Widget'];

/** One line, `|` escaped (a table cell's). */
const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|').trim();
/** Prose: one line, and HTML in it shown as text (a description may quote a tag, as the chat trigger's does). */
const cell = (text: string) => oneLine(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const code = (value: unknown) => `\`${oneLine(typeof value === 'string' ? value : JSON.stringify(value)).replace(/`/g, "'")}\``;

function fieldNotes(field: InputField): string {
  const notes: string[] = [];
  if (field.description) notes.push(field.description);
  if (field.values?.length) notes.push(`one of ${field.values.map((o) => code(o.value)).join(', ')}`);
  if (field.minValue !== undefined || field.maxValue !== undefined) notes.push(`${field.minValue ?? '…'} to ${field.maxValue ?? '…'}`);
  if (field.actionField) notes.push(`shown when ${code(field.actionField)} is ${code(field.actionValue)}`);
  if (field.loadOptionsMethod) notes.push(`choices loaded by ${code(field.loadOptionsMethod)}`);
  if (field.modelType) notes.push(`a ${field.modelType} model; empty: the project's default`);
  if (field.isCredential) notes.push('a credential of the project, by name');
  if (field.isPro) notes.push('paid plans only');
  if (field.literal) notes.push('taken literally: `{{…}}` is not resolved');
  return cell(notes.join('; '));
}

function fieldsTable(fields: readonly InputField[]): string[] {
  if (fields.length === 0) return ['None.'];
  return [
    '| field | label | type | required | default | notes |',
    '| --- | --- | --- | --- | --- | --- |',
    ...fields.map((f) =>
      `| ${code(f.name)} | ${cell(f.label)} | ${f.type} | ${f.required ? 'yes' : ''} | ${f.defaultValue === undefined || f.defaultValue === '' ? '' : code(f.defaultValue)} | ${fieldNotes(f)} |`,
    ),
  ];
}

function facts(d: NodeDefinition): string {
  const parts = [`\`${d.name}\``, d.category, d.type];
  if (d.status !== 'Enabled') parts.push(d.status);
  if (d.isTrigger) parts.push('trigger');
  if (d.responseNode) parts.push(`answered by \`${d.responseNode}\``);
  if (d.integrationId !== undefined) parts.push(`integration ${d.integrationId}`);
  if (d.authTypes?.length) parts.push(`credentials: ${d.authTypes.map((t) => `\`${t}\``).join(', ')}`);
  if (d.pure) parts.push('pure (may run ahead)');
  if (d.sideEffects) parts.push(`calls out: ${d.sideEffects} (listed before a re-run)`);
  return parts.join(' · ');
}

function nodeSection(d: NodeDefinition): string[] {
  const outputs = d.outputs.map((o) => `- \`${o.name}\` (${o.type})${o.description ? `: ${cell(o.description)}` : ''}`);
  return [
    `<a id="${d.name}"></a>`,
    '',
    `### ${d.label}`,
    '',
    facts(d),
    '',
    cell(d.description),
    '',
    '**Inputs**',
    '',
    ...fieldsTable(d.inputs),
    ...(d.triggerInputs?.length ? ['', '**Trigger inputs** (what a call gives it)', '', ...fieldsTable(d.triggerInputs)] : []),
    '',
    '**Outputs**',
    '',
    ...(outputs.length ? outputs : [d.closedOutputs ? 'None.' : 'Open: the node’s own answer.']),
    '',
  ];
}

/** The whole of docs/nodes.md for these definitions. */
export function nodeReference(definitions: NodeDefinition[]): string {
  const byCategory = categories.map((category) => ({
    category,
    nodes: definitions.filter((d) => d.category === category).sort((a, b) => a.name.localeCompare(b.name, 'en')),
  }));
  const unknown = definitions.filter((d) => !categories.includes(d.category));
  if (unknown.length) throw new Error(`node reference: no place for the category of ${unknown.map((d) => d.name).join(', ')}`);
  const lines = [
    '# Node reference',
    '',
    `Generated from the catalogue's definitions by \`${NODE_REFERENCE_COMMAND}\` (scripts/docs/node-reference.ts): do not edit by hand.`,
    `How a node is made: [the node catalogue](../catalogue/README.md). ${definitions.length} nodes.`,
    '',
  ];
  for (const group of byCategory.filter((g) => g.nodes.length)) {
    lines.push(`- **${group.category}**: ${group.nodes.map((d) => `[${d.label}](#${d.name})`).join(', ')}`);
  }
  lines.push('');
  for (const group of byCategory.filter((g) => g.nodes.length)) {
    lines.push(`## ${group.category}`, '', ...group.nodes.flatMap(nodeSection));
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** What the script writes now: the reference of the registry's definitions. */
export const currentNodeReference = () => nodeReference(createRegistry(nodes).list());

if (process.argv[1]?.endsWith('node-reference.ts')) {
  const text = currentNodeReference();
  const before = (() => {
    try {
      return readFileSync(NODE_REFERENCE, 'utf8');
    } catch {
      return '';
    }
  })();
  writeFileSync(NODE_REFERENCE, text);
  console.log(`${NODE_REFERENCE}: ${before === text ? 'unchanged' : 'written'}`);
}
