/**
 * @module editor/forms/template-suggestions — the `{{nodeId.output.…}}` paths a template field
 * can use: one per declared output of every node upstream of it (nearest first), the whole
 * output of each, and the trigger's input keys when a test input is known.
 */
import type { NodeDefinition } from '../../catalogue/types.ts';

export interface UpstreamNode {
  slug: string;
  definition?: NodeDefinition;
}

export interface Suggestion {
  /** the text inserted: `{{slug.output.name}}` */
  insert: string;
  /** what the list shows beside it */
  detail: string;
}

function keysOf(sample: unknown, prefix: string, depth = 0): { path: string; type: string }[] {
  if (!sample || typeof sample !== 'object' || Array.isArray(sample) || depth > 2) return [];
  return Object.entries(sample as Record<string, unknown>).flatMap(([key, value]) => {
    if (!/^[A-Za-z_$][\w$]*$/.test(key)) return [];
    const path = `${prefix}.${key}`;
    const type = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
    return [{ path, type }, ...keysOf(value, path, depth + 1)];
  });
}

export function templateSuggestions(upstream: UpstreamNode[], sampleInput?: unknown): Suggestion[] {
  const suggestions: Suggestion[] = [];
  for (const node of upstream) {
    const label = node.definition?.label ?? 'node';
    suggestions.push({ insert: `{{${node.slug}.output}}`, detail: `${label}: the whole output` });
    for (const output of node.definition?.outputs ?? []) {
      suggestions.push({ insert: `{{${node.slug}.output.${output.name}}}`, detail: `${output.type}${output.description ? ` — ${output.description}` : ''}` });
    }
    if (node.definition?.isTrigger) {
      suggestions.push({ insert: '{{trigger.output}}', detail: 'the trigger’s output (the request body)' });
      for (const { path, type } of keysOf(sampleInput, 'trigger.output')) suggestions.push({ insert: `{{${path}}}`, detail: `${type} — from the test input` });
    }
  }
  return suggestions;
}

/** The unfinished `{{…` just before the caret, if any: what the builder is typing. */
export function openPlaceholder(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const start = before.lastIndexOf('{{');
  if (start < 0 || before.indexOf('}}', start) >= 0) return null;
  const query = before.slice(start + 2);
  return /^[\w.[\]'"$ ]*$/.test(query) ? { start, query: query.trim() } : null;
}

/** Insert `insert` in place of the unfinished placeholder (or at the caret). */
export function applySuggestion(text: string, caret: number, insert: string): { text: string; caret: number } {
  const open = openPlaceholder(text, caret);
  const start = open ? open.start : caret;
  let end = caret;
  // swallow an already typed closing brace pair
  if (text.slice(end, end + 2) === '}}') end += 2;
  return { text: text.slice(0, start) + insert + text.slice(end), caret: start + insert.length };
}
