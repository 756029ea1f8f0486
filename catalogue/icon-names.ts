/**
 * @module catalogue/icon-names — the names a node definition's `icon` may take. The editor draws
 * each as an SVG shipped with weft (editor/icons/), so no icon or emoji font is needed; the
 * list is plain data so the registry can check definitions against it without React.
 */
export const NODE_ICONS = [
  'webhook', 'chat', 'search', 'graphql', 'globe', 'send', 'chat-reply', 'mail', 'list',
  'condition', 'branch', 'variable', 'code', 'loop', 'loop-end', 'subflow', 'wait',
  'pen', 'image', 'json', 'eye', 'tag', 'scissors', 'vector', 'database', 'compass',
  'search-plus', 'search-text', 'memory-add', 'memory-read', 'book', 'key', 'plug',
] as const;

export type NodeIcon = (typeof NODE_ICONS)[number];

const known = new Set<string>(NODE_ICONS);

export function isNodeIcon(name: unknown): name is NodeIcon {
  return typeof name === 'string' && known.has(name);
}
