/**
 * @module catalogue/interface/search-trigger-node/definition — a flow started by a query typed
 * into the search widget (spec 000 §3 "Search trigger"). The fields after `domains` are the
 * spec's `searchConfig`; the widget reads them from GET /widgets/search/:flowId/config.
 */
import type { InputField, NodeDefinition } from '../../types.ts';
import { domainsField } from '../chat-trigger-node/definition.ts';

/** spec 000 §9: search debounce default 200 ms */
export const SEARCH_DEBOUNCE_MS = 200;

export const searchConfigFields = [
  { name: 'primaryColor', label: 'Primary colour', type: 'text', defaultValue: '#4f46e5' },
  { name: 'secondaryColor', label: 'Secondary colour', type: 'text', defaultValue: '#eef2ff' },
  { name: 'showNavHelperText', label: 'Show navigation helper text', type: 'boolean', defaultValue: true },
  { name: 'showEscapeHelperText', label: 'Show escape helper text', type: 'boolean', defaultValue: true },
  { name: 'hideBranding', label: 'Hide branding', type: 'boolean', defaultValue: false },
  { name: 'searchPlaceholderText', label: 'Placeholder', type: 'text', defaultValue: 'Search…' },
  {
    name: 'searchDebounce',
    label: 'Debounce (ms)',
    type: 'number',
    defaultValue: SEARCH_DEBOUNCE_MS,
    minValue: 0,
    maxValue: 5000,
    step: 50,
    description: 'How long typing must pause before a search is sent.',
  },
  {
    name: 'linkTarget',
    label: 'Open results in',
    type: 'select',
    defaultValue: '_blank',
    values: [
      { label: 'A new tab (_blank)', value: '_blank' },
      { label: 'The same tab (_self)', value: '_self' },
    ],
  },
  { name: 'showAllTab', label: 'Show the "All" tab', type: 'boolean', defaultValue: true },
  {
    name: 'staticTabs',
    label: 'Static tabs',
    type: 'list',
    defaultValue: [],
    description: 'Tabs shown always, in this order, even when no result carries them; result tabs follow.',
  },
  {
    name: 'enableGrouping',
    label: 'Enable Grouping',
    type: 'boolean',
    defaultValue: false,
    description: 'Show results under their group, with the group’s reference link.',
  },
] as const satisfies readonly InputField[];

export const definition = {
  name: 'searchTriggerNode',
  label: 'Search',
  type: 'triggerNode',
  category: 'Interface',
  status: 'Enabled',
  icon: 'search',
  docs: '/docs/nodes/searchTriggerNode',
  description:
    'Starts the flow when a visitor types into the search widget (<script src="/widgets/search.js" ' +
    'data-flow="{flowId}">). The output is the query: {{trigger.output.searchQuery}}. Paired with a Search Response ' +
    'node, which shapes the results the widget lists.',
  isTrigger: true,
  isWidget: true,
  responseNode: 'searchResponseNode',
  inputs: [{ name: 'nodeName', label: 'Node name', type: 'text', defaultValue: 'Search' }, domainsField, ...searchConfigFields],
  closedOutputs: true,
  outputs: [{ name: 'searchQuery', type: 'string', description: 'what the visitor typed' }],
  metadata: { author: 'weft', tags: ['trigger', 'search', 'widget', 'start'] },
} as const satisfies NodeDefinition;
