/** @module editor/stores/selection-store — which nodes are selected, and which one the side panel shows. */
import { makeAutoObservable, observable } from 'mobx';

export class SelectionStore {
  readonly selected = observable.set<string>();
  /** the node the side panel shows (the last one picked) */
  focused: string | null = null;
  /** the selected edge (Delete removes it) */
  edge: string | null = null;

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  isSelected(id: string): boolean {
    return this.selected.has(id);
  }

  set(ids: Iterable<string>, focused?: string | null): void {
    const next = new Set(ids);
    for (const id of [...this.selected]) if (!next.has(id)) this.selected.delete(id);
    for (const id of next) this.selected.add(id);
    if (focused !== undefined) this.focused = focused;
    else if (this.focused && !next.has(this.focused)) this.focused = next.size ? [...next].at(-1)! : null;
  }

  selectEdge(id: string | null): void {
    this.edge = id;
  }

  focus(id: string | null): void {
    this.focused = id;
  }

  forget(id: string): void {
    this.selected.delete(id);
    if (this.focused === id) this.focused = null;
  }

  clear(): void {
    this.selected.clear();
    this.focused = null;
    this.edge = null;
  }
}
