/** @module editor/stores/catalogue-store — the node definitions from GET /api/catalogue, by name and by category. */
import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import type { Category, NodeDefinition } from '../../catalogue/types.ts';
import { roleOfKind } from '../../catalogue/roles.ts';
import { api } from '../api/client.ts';

/** Category order in the palette, with its colour and glyph. */
export const categoryStyle: Record<Category, { color: string; icon: string }> = {
  Interface: { color: '#6366f1', icon: '⚡' },
  Logic: { color: '#f59e0b', icon: '◇' },
  App: { color: '#0ea5e9', icon: '⬡' },
  AI: { color: '#a855f7', icon: '✦' },
  Data: { color: '#10b981', icon: '▤' },
  Response: { color: '#ef4444', icon: '↩' },
  Widget: { color: '#64748b', icon: '▣' },
};
const categoryOrder = Object.keys(categoryStyle) as Category[];

export class CatalogueStore {
  definitions: NodeDefinition[] = [];
  loaded = false;
  error = '';
  search = '';

  constructor() {
    // definitions are replaced whole, never edited: a reference is enough
    makeAutoObservable(this, { definitions: observableRef }, { autoBind: true });
  }

  async load(): Promise<void> {
    if (this.loaded) return;
    try {
      const definitions = await api.catalogue();
      runInAction(() => {
        // Disabled nodes never reach the palette, even if a server sent them
        this.definitions = definitions.filter((d) => d.status !== 'Disabled');
        this.loaded = true;
      });
    } catch (error) {
      runInAction(() => (this.error = (error as Error).message));
    }
  }

  get byName(): Map<string, NodeDefinition> {
    return new Map(this.definitions.map((d) => [d.name, d]));
  }

  get(name: string): NodeDefinition | undefined {
    return this.byName.get(name);
  }

  role(name: string): string {
    const definition = this.get(name);
    return definition ? roleOfKind(definition.type) : 'normal';
  }

  setSearch(text: string): void {
    this.search = text;
  }

  /** Palette groups: categories in a fixed order, filtered by the search text. */
  get groups(): { category: Category; nodes: NodeDefinition[] }[] {
    const words = this.search.toLowerCase().split(/\s+/).filter(Boolean);
    const matches = (d: NodeDefinition) => {
      const text = `${d.label} ${d.name} ${d.description} ${d.category} ${(d.metadata?.tags ?? []).join(' ')}`.toLowerCase();
      return words.every((w) => text.includes(w));
    };
    const found = this.definitions.filter(matches);
    const categories = [...categoryOrder, ...new Set(found.map((d) => d.category).filter((c) => !categoryOrder.includes(c)))];
    return categories
      .map((category) => ({ category, nodes: found.filter((d) => d.category === category) }))
      .filter((g) => g.nodes.length > 0);
  }
}

export function colorOf(definition: NodeDefinition | undefined): string {
  return definition ? (categoryStyle[definition.category]?.color ?? '#64748b') : '#94a3b8';
}
