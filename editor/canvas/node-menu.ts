/**
 * @module editor/canvas/node-menu — what the right-click menu offers on a node (Duplicate,
 * Disable/Enable, Pin output/Unpin, Open docs, Delete) and on an edge (Add/Remove breakpoint, Delete), each item greyed
 * out with the reason when it cannot apply. The rules mirror the server's (a trigger is never
 * disabled, a node that chooses its branches is never pinned, a pin is at most 1 MB).
 */
import { MAX_PINNED_BYTES, type PinnedOutput } from '../../contract/flow-document.ts';
import type { CatalogueStore } from '../stores/catalogue-store.ts';
import type { ConfigStore } from '../stores/config-store.ts';
import type { CanvasCommands } from './canvas-commands.ts';
import type { MenuItem } from './context-menu.tsx';

export interface NodeMenuDeps {
  commands: CanvasCommands;
  config: ConfigStore;
  catalogue: CatalogueStore;
  /** the node's output (by slug) in the run shown on the canvas, when it completed there */
  lastOutput(slug: string): { output: unknown; runId: string } | null;
  /** open a page in a new tab */
  openPage(href: string): void;
}

/** Why this output cannot be pinned, or '' when it can. */
function pinProblem(role: string, last: { output: unknown } | null): string {
  if (role === 'router' || role === 'loopStart' || role === 'loopEnd') return 'It chooses its branch or loops when it runs: its output cannot stand in for it';
  if (!last) return 'Run the flow first: the output of its last run is pinned';
  const bytes = new TextEncoder().encode(JSON.stringify(last.output ?? null)).length;
  if (bytes > MAX_PINNED_BYTES) return `Its output is ${bytes} bytes; at most 1 MB can be pinned`;
  return '';
}

export function nodeMenuItems(deps: NodeMenuDeps, nodeId: string): MenuItem[] {
  const { commands, config, catalogue } = deps;
  const node = config.get(nodeId);
  if (!node) return [];
  const definition = catalogue.get(node.type);
  const role = catalogue.role(node.type);
  const isTrigger = role === 'trigger';
  const last = deps.lastOutput(node.slug);
  const problem = pinProblem(role, last);
  const disableHint = isTrigger ? 'The trigger cannot be disabled' : role === 'loopEnd' ? 'Disable its For Loop instead' : '';
  const pin = (): PinnedOutput => ({ output: structuredClone(last!.output), pinnedAt: Date.now(), runId: last!.runId });
  return [
    {
      label: 'Duplicate',
      icon: 'copy',
      disabled: isTrigger,
      hint: isTrigger ? 'A flow has one trigger' : undefined,
      onSelect: () => void commands.duplicate(nodeId),
    },
    node.disabled
      ? { label: 'Enable', icon: 'power', onSelect: () => commands.setSwitch(nodeId, 'disabled', undefined) }
      : { label: 'Disable', icon: 'power', disabled: !!disableHint, hint: disableHint || 'Skip this node in every run', onSelect: () => commands.setSwitch(nodeId, 'disabled', true) },
    node.pinned
      ? { label: 'Unpin output', icon: 'pin', onSelect: () => commands.setSwitch(nodeId, 'pinned', undefined) }
      : { label: 'Pin output', icon: 'pin', disabled: !!problem, hint: problem || 'Test runs use this output instead of running the node', onSelect: () => commands.setSwitch(nodeId, 'pinned', pin()) },
    {
      label: 'Open docs',
      icon: 'external',
      disabled: !definition?.docs,
      hint: definition?.docs ? undefined : 'This node has no docs page',
      onSelect: () => definition?.docs && deps.openPage(definition.docs),
    },
    { label: 'Delete', icon: 'trash', danger: true, separated: true, onSelect: () => void commands.deleteNode(nodeId) },
  ];
}

/** `breakpoint`: whether the edge has one and how to toggle it (test runs stop there: docs/debugging.md#breakpoints). */
export function edgeMenuItems(commands: CanvasCommands, edgeId: string, breakpoint?: { on: boolean; toggle(): void }): MenuItem[] {
  const items: MenuItem[] = [];
  if (breakpoint) {
    items.push(
      breakpoint.on
        ? { label: 'Remove breakpoint', icon: 'pause', onSelect: breakpoint.toggle }
        : { label: 'Add breakpoint', icon: 'pause', hint: 'Test runs pause when a message is about to cross this connection', onSelect: breakpoint.toggle },
    );
  }
  items.push({ label: 'Delete', icon: 'trash', danger: true, separated: items.length > 0, onSelect: () => void commands.deleteEdge(edgeId) });
  return items;
}
