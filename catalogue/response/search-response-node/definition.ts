/**
 * @module catalogue/response/search-response-node/definition — the results the search widget
 * lists (spec 000 §3 "Search response", §5 rules). Each field is a template that resolves to
 * a list (one entry per result) or to one value (the same for every result).
 */
import type { NodeDefinition } from '../../types.ts';

export const UNCONFIGURED_TITLE = 'Unconfigured title field in search response node';
export const TEXT_REQUIRED = 'Text is required when Enable Grouping is disabled';
/** spec 000 §9 */
export const TAB_FALLBACK = 'Other';
export const UNGROUPED = 'ungrouped';

const groupingOnly = { actionField: 'enableGrouping', actionValue: true } as const;

export const definition = {
  name: 'searchResponseNode',
  label: 'Search Response',
  type: 'responseNode',
  category: 'Response',
  status: 'Enabled',
  pure: true,
  icon: 'list',
  docs: '/docs/nodes/searchResponseNode',
  description:
    'Shapes the results the search widget lists. Each field is a template resolving to a list with one entry per ' +
    'result (e.g. {{variables_1.output.titles}}) or to one value used for every result. Every list must be as long ' +
    'as the title list. Results without a tab go under "Other"; with grouping, results without a group go under ' +
    '"ungrouped".',
  inputs: [
    {
      name: 'enableGrouping',
      label: 'Enable Grouping',
      type: 'boolean',
      defaultValue: false,
      description: 'Results carry a group and the group’s reference (turn on Enable Grouping in the Search trigger too).',
    },
    { name: 'title', label: 'Title', type: 'data', required: true, requiredMessage: UNCONFIGURED_TITLE, defaultValue: '' },
    { name: 'link', label: 'Link', type: 'data', defaultValue: '' },
    { name: 'tab', label: 'Tab', type: 'data', defaultValue: '' },
    // Spelled breadcrumpsField: the wire name of the original catalogue (spec 000 §3).
    { name: 'breadcrumpsField', label: 'Breadcrumbs', type: 'data', defaultValue: '', description: 'Text, or a list of steps joined by ›.' },
    { name: 'group', label: 'Group', type: 'data', defaultValue: '', ...groupingOnly },
    { name: 'content', label: 'Text', type: 'data', defaultValue: '', description: 'Required when Enable Grouping is off.' },
    { name: 'referenceText', label: 'Reference text', type: 'data', defaultValue: '', ...groupingOnly },
    { name: 'referenceLink', label: 'Reference link', type: 'data', defaultValue: '', ...groupingOnly },
  ],
  outputs: [
    {
      name: 'results',
      type: 'array',
      description: '[{ name, content, breadCrumb, link, tab, group?, referenceText?, referenceLink? }]',
    },
  ],
  metadata: { author: 'weft', tags: ['response', 'search', 'widget', 'respond', 'results'] },
} as const satisfies NodeDefinition;
