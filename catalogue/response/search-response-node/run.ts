/**
 * @module catalogue/response/search-response-node/run — zip the configured lists into result
 * items (spec 000 §3 output items; §5 rules and texts; §9 fallback labels).
 */
import type { SearchResult } from '../../../contract/search.ts';
import { isEmptyValue } from '../../coerce.ts';
import { defineNode } from '../../define-node.ts';
import { userError } from '../../errors.ts';
import { definition, TAB_FALLBACK, TEXT_REQUIRED, UNGROUPED } from './definition.ts';


/** A field's value: a list (one entry per result), one value for all, or nothing. */
type Column = { kind: 'list'; items: unknown[] } | { kind: 'one'; value: unknown } | { kind: 'none' };
type ColumnField = 'link' | 'tab' | 'breadcrumpsField' | 'content' | 'group' | 'referenceText' | 'referenceLink';

function columnOf(value: unknown): Column {
  if (Array.isArray(value)) return { kind: 'list', items: value };
  if (isEmptyValue(value)) return { kind: 'none' };
  return { kind: 'one', value };
}

function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(text).filter(Boolean).join(' › ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export default defineNode(definition, async (values) => {
  const grouping = values.enableGrouping;
  // An empty list is a search without results ('Unconfigured title field…' when there is no value at all).
  const titles = columnOf(values.title);
  const names = titles.kind === 'list' ? titles.items : titles.kind === 'one' ? [titles.value] : [];
  const count = names.length;
  const fields: Array<[ColumnField, string]> = [
    ['link', 'link'],
    ['tab', 'tab'],
    ['breadcrumpsField', 'breadcrumb'],
    ['content', 'text'],
  ];
  if (grouping) fields.push(['group', 'group'], ['referenceText', 'reference text'], ['referenceLink', 'reference link']);
  const columns: Record<string, Column> = {};
  for (const [name, label] of fields) {
    const column = columnOf(values[name]);
    if (column.kind === 'list' && column.items.length !== count) {
      throw userError(`Mismatched array lengths in search response node: title has ${count} items but ${label} has ${column.items.length}`);
    }
    columns[name] = column;
  }
  if (!grouping && columns.content.kind === 'none') throw userError(TEXT_REQUIRED);
  const at = (name: string, i: number) => {
    const column = columns[name];
    return column.kind === 'list' ? column.items[i] : column.kind === 'one' ? column.value : undefined;
  };
  const results: SearchResult[] = [];
  for (let i = 0; i < count; i++) {
    const name = text(names[i]).trim();
    if (!name) continue;
    const item: SearchResult = {
      name,
      content: text(at('content', i)),
      breadCrumb: text(at('breadcrumpsField', i)),
      link: text(at('link', i)).trim(),
      tab: text(at('tab', i)).trim() || TAB_FALLBACK,
    };
    if (grouping) {
      item.group = text(at('group', i)).trim() || UNGROUPED;
      item.referenceText = text(at('referenceText', i));
      item.referenceLink = text(at('referenceLink', i)).trim();
    }
    results.push(item);
  }
  return { output: { results } };
});
