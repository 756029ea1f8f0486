/** @module catalogue/ai/search-fields — fields the search nodes share (pure data). Defaults: spec 000 §3, §9. */
import type { InputField } from '../types.ts';

export const DEFAULT_CERTAINTY = 0.85;
export const DEFAULT_LIMIT = 3;
export const DEFAULT_ALPHA = 0.25;

export const searchQueryField = { name: 'searchQuery', label: 'Search query', type: 'template', required: true, placeholder: '{{trigger.output.searchQuery}}' } as const satisfies InputField;
export const vectorDbField = { name: 'vectorDB', label: 'Collection', type: 'text', required: true, placeholder: 'Docs' } as const satisfies InputField;
export const limitField = { name: 'limit', label: 'Limit', type: 'number', defaultValue: DEFAULT_LIMIT, minValue: 1, maxValue: 100, step: 1 } as const satisfies InputField;
export const filtersField = {
  name: 'filters',
  label: 'Filters',
  type: 'json',
  description: 'A JSON object of metadata key → value every result must have.',
} as const satisfies InputField;
export const certaintyField = { name: 'certainty', label: 'Certainty', type: 'number', defaultValue: DEFAULT_CERTAINTY, minValue: 0, maxValue: 1, step: 0.01 } as const satisfies InputField;
export const autocutField = {
  name: 'autocut',
  label: 'Autocut',
  type: 'number',
  defaultValue: 0,
  minValue: 0,
  maxValue: 100,
  step: 1,
  description: 'N > 0 keeps the results before the N-th jump in their scores; 0 keeps all.',
} as const satisfies InputField;
export const propertiesField = {
  name: 'properties',
  label: 'Properties',
  type: 'list',
  defaultValue: [],
  placeholder: 'title^2',
  description: 'Keyword search reads only these properties (all text properties when empty); name^weight multiplies a property’s term counts, e.g. title^2.',
} as const satisfies InputField;
export const boostPropertiesField = {
  name: 'boostProperties',
  label: 'Boost properties',
  type: 'list',
  defaultValue: [],
  placeholder: 'title^2',
  description: 'Weights (name^weight) for keyword search without leaving other properties out; with Properties set, each must be one of them.',
} as const satisfies InputField;
