/**
 * @module editor/canvas/history-actions — undo steps for what the config store changes (field
 * values, slugs, a node's disabled and pinned switches), so undo/redo covers configuration as well as what Rete records itself.
 */
import type { HistoryAction } from 'rete-history-plugin';

/** One field edit; consecutive edits of the same field merge into one step. */
export class ValueChange implements HistoryAction {
  at = Date.now();

  constructor(
    readonly nodeId: string,
    readonly field: string,
    readonly before: unknown,
    public after: unknown,
    private readonly apply: (nodeId: string, field: string, value: unknown) => void,
  ) {}

  undo(): void {
    this.apply(this.nodeId, this.field, this.before);
  }

  redo(): void {
    this.apply(this.nodeId, this.field, this.after);
  }
}

/** A slug rename (references in other nodes follow it both ways). */
export class RenameNode implements HistoryAction {
  constructor(
    readonly nodeId: string,
    readonly before: string,
    readonly after: string,
    private readonly rename: (nodeId: string, slug: string) => void,
  ) {}

  undo(): void {
    this.rename(this.nodeId, this.before);
  }

  redo(): void {
    this.rename(this.nodeId, this.after);
  }
}

/** A node disabled or enabled, its output pinned or unpinned. */
export class SwitchChange<T> implements HistoryAction {
  constructor(
    readonly nodeId: string,
    readonly before: T,
    readonly after: T,
    private readonly apply: (nodeId: string, value: T) => void,
  ) {}

  undo(): void {
    this.apply(this.nodeId, this.before);
  }

  redo(): void {
    this.apply(this.nodeId, this.after);
  }
}
