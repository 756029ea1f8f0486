/** @module editor/canvas/canvas-stores — what the canvas views read: MobX stores keyed by node and edge id. */
import type { StickyNote } from '../../contract/flow-document.ts';
import type { MenuAt } from './context-menu.tsx';
import type { CatalogueStore } from '../stores/catalogue-store.ts';
import type { ConfigStore } from '../stores/config-store.ts';
import type { RunStage } from '../stores/run-stage.ts';
import type { SelectionStore } from '../stores/selection-store.ts';

export interface CanvasStores {
  catalogue: CatalogueStore;
  config: ConfigStore;
  selection: SelectionStore;
  stage: RunStage;
  /** the sticky notes (drawn by their own layer; the minimap shows them too) */
  notes: { readonly notes: readonly StickyNote[] };
  /** problems shown on a node before any run (missing fields, missing credentials, unconnected) */
  problems(nodeId: string): string[];
  /** a node was clicked (also during runs: the inspector shows its run data) */
  onNodeClick(nodeId: string): void;
  /** an edge was clicked */
  onEdgeClick(edgeId: string): void;
  /** a node was right-clicked at `at` (client coordinates): its menu opens there */
  onNodeMenu(nodeId: string, at: MenuAt): void;
  /** whether an edge has a breakpoint (drawn on it) */
  hasBreakpoint(edgeId: string): boolean;
  /** an edge was right-clicked */
  onEdgeMenu(edgeId: string, at: MenuAt): void;
}
