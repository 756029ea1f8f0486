/**
 * @module editor/canvas/canvas-controller — the canvas's operations: load a flow document into
 * Rete and the config store, write it back out, add and remove nodes and connections (refusing
 * the ones that make no sense, with the reason), edit values and slugs with undo, keep a
 * router node's output ports in step with its conditions or branches.
 */
import { toJS } from 'mobx';
import { handlesOf } from '../../catalogue/handles.ts';
import { initialValues } from '../../catalogue/values.ts';
import type { FlowDocument, FlowEdge, FlowNode } from '../../contract/flow-document.ts';
import { toasts } from '../stores/toast-store.ts';
import type { CanvasStores } from './canvas-stores.ts';
import { addNodeProblem, connectionProblem, type GraphView } from './connection-rules.ts';
import { RenameNode, ValueChange } from './history-actions.ts';
import { WeftConnection, WeftNode } from './schemes.ts';
import { setupEditor, type ReteStack } from './setup-editor.ts';

const changes = new Set(['nodecreated', 'noderemoved', 'connectioncreated', 'connectionremoved']);

export class CanvasController {
  readonly stack: ReteStack;
  /** while a document is being loaded: no checks, no change notifications */
  private loading = false;
  private lastEdit: ValueChange | null = null;

  constructor(
    readonly container: HTMLElement,
    readonly stores: CanvasStores,
    private readonly onChange: () => void,
  ) {
    this.stack = setupEditor(container, stores);
    const { editor, area } = this.stack;
    editor.addPipe((context) => {
      if (context.type === 'connectioncreated') this.stores.config.countInbound(context.data.target, 1);
      if (context.type === 'connectionremoved') this.stores.config.countInbound(context.data.target, -1);
      if (this.loading) return context;
      if (context.type === 'connectioncreate') {
        const problem = this.connectionProblem(context.data.source, context.data.sourceOutput, context.data.target);
        if (problem) return toasts.show(problem, 'error'), undefined;
      }
      if (context.type === 'nodecreate') {
        const problem = addNodeProblem(this.graph(), editor.getNodes().map((n) => n.id), this.stores.catalogue.role(context.data.type));
        if (problem) return toasts.show(problem, 'error'), undefined;
      }
      if (context.type === 'noderemoved') {
        this.stores.selection.forget(context.data.id);
        this.stores.config.park(context.data.id);
      }
      if (context.type === 'nodecreated') this.stores.config.restore(context.data.id);
      if (context.type === 'connectionremoved' && this.stores.selection.edge === context.data.id) this.stores.selection.selectEdge(null);
      if (changes.has(context.type)) this.onChange();
      return context;
    });
    area.addPipe((context) => {
      if (context.type === 'nodedragged') this.onChange();
      if (context.type === 'nodepicked') {
        this.stores.selection.selectEdge(null);
        setTimeout(() => this.syncSelection(context.data.id));
      }
      if (context.type === 'pointerup') setTimeout(() => this.syncSelection());
      return context;
    });
  }

  get editor() {
    return this.stack.editor;
  }

  /** Positions changed without a drag (auto-arrange): the flow needs saving. */
  moved(): void {
    this.onChange();
  }

  get area() {
    return this.stack.area;
  }

  destroy(): void {
    this.stack.destroy();
  }

  /**
   * MobX mirrors Rete's selection, so panels and node views can observe it. A click reaches the
   * mirror a task later (Rete selects while handling the click): commands that act on the
   * selection sync it first, so a key pressed right after a click acts on what was clicked.
   */
  syncSelection(picked?: string): void {
    const ids = this.editor.getNodes().filter((n) => n.selected).map((n) => n.id);
    this.stores.selection.set(ids, picked ?? undefined);
  }

  /** The slug of the node an edge leaves from (a run's events name nodes by slug). */
  edgeSource = (edgeId: string): string | undefined => {
    const connection = this.editor.getConnection(edgeId);
    return connection && this.slugOf(connection.source);
  };

  slugOf(nodeId: string): string {
    return this.stores.config.get(nodeId)?.slug ?? nodeId;
  }

  graph(): GraphView {
    return {
      links: this.editor.getConnections().map((c) => ({ source: c.source, sourceHandle: c.sourceOutput, target: c.target })),
      roleOf: (id) => this.stores.catalogue.role(this.editor.getNode(id)?.type ?? ''),
      nameOf: (id) => this.slugOf(id),
    };
  }

  connectionProblem(source: string, sourceHandle: string, target: string): string | null {
    return connectionProblem(this.graph(), source, sourceHandle, target);
  }

  private portsOf(node: WeftNode): void {
    const definition = this.stores.catalogue.get(node.type);
    const values = toJS(this.stores.config.get(node.id)?.values ?? {});
    const isTrigger = this.stores.catalogue.role(node.type) === 'trigger';
    node.setPorts(definition ? handlesOf(definition, values) : ['out'], !isTrigger);
  }

  /** Replace the canvas with a flow document. */
  async load(doc: Pick<FlowDocument, 'nodes' | 'edges'>): Promise<void> {
    this.loading = true;
    this.stack.quiet.on = true;
    try {
      await this.editor.clear();
      this.stores.config.clear();
      this.stores.selection.clear();
      await this.insert(doc.nodes, doc.edges);
      this.stack.history.clear();
    } finally {
      this.loading = false;
      this.stack.quiet.on = false;
      // on screen in one render (whatever was added, also when loading failed half-way)
      this.stack.draw();
      await this.stack.refreshMinimap();
    }
  }

  /** Add nodes (by slug) and edges between them; returns the new canvas ids. */
  async insert(nodes: FlowNode[], edges: FlowEdge[]): Promise<string[]> {
    const bySlug = new Map<string, WeftNode>();
    for (const n of nodes) {
      const node = new WeftNode(n.type);
      this.stores.config.add({
        id: node.id, type: n.type, slug: n.id, values: structuredClone(n.values ?? {}), retry: n.retry,
        ...(n.onError === 'continue' ? { onError: n.onError } : {}),
        ...(n.disabled ? { disabled: true as const } : {}),
        ...(n.pinned ? { pinned: n.pinned } : {}),
      });
      this.portsOf(node);
      if (!(await this.editor.addNode(node))) {
        this.stores.config.remove(node.id);
        continue;
      }
      await this.area.translate(node.id, n.position ?? { x: 0, y: 0 });
      bySlug.set(n.id, node);
    }
    const existing = (slug: string) => bySlug.get(slug) ?? this.editor.getNode(this.stores.config.bySlug(slug)?.id ?? '');
    for (const e of edges) {
      const source = existing(e.source);
      const target = existing(e.target);
      if (!source || !target || !source.outputs[e.sourceHandle]) {
        toasts.show(`Connection ${e.id} (${e.source}:${e.sourceHandle} → ${e.target}) was left out: its ${!source || !target ? 'node' : 'port'} does not exist`, 'error', 8000);
        continue;
      }
      await this.editor.addConnection(new WeftConnection(source, e.sourceHandle, target, e.id));
    }
    return [...bySlug.values()].map((n) => n.id);
  }

  /** The canvas as flow document nodes and edges. */
  serialize(): { nodes: FlowNode[]; edges: FlowEdge[] } {
    const nodes = this.editor.getNodes().map((node): FlowNode => {
      const config = this.stores.config.get(node.id)!;
      const position = this.area.nodeViews.get(node.id)?.position ?? { x: 0, y: 0 };
      return {
        id: config.slug,
        type: node.type,
        position: { x: Math.round(position.x), y: Math.round(position.y) },
        values: toJS(config.values),
        ...(config.retry ? { retry: { ...config.retry } } : {}),
        ...(config.onError ? { onError: config.onError } : {}),
        ...(config.disabled ? { disabled: true } : {}),
        ...(config.pinned ? { pinned: toJS(config.pinned) } : {}),
      };
    });
    const edges = this.editor.getConnections().map((c) => ({
      id: c.id,
      source: this.slugOf(c.source),
      sourceHandle: c.sourceOutput,
      target: this.slugOf(c.target),
      targetHandle: 'in',
    }));
    return { nodes, edges };
  }

  /**
   * Create a node of `type` at `position` (canvas coordinates), with its default values. `withIt`
   * does more in the same undo step (connecting the new node): one undo removes it all.
   */
  async addNode(type: string, position: { x: number; y: number }, withIt?: (id: string) => Promise<void>): Promise<string | null> {
    const definition = this.stores.catalogue.get(type);
    if (!definition) return toasts.show(`Unknown node type ${type}`, 'error'), null;
    const slug = this.stores.config.nextSlug(type);
    const [id] = await this.insert([{ id: slug, type, position, values: initialValues(definition) }], []);
    if (!id) return null;
    await withIt?.(id);
    await this.selectOnly(id);
    this.stack.history.separate();
    return id;
  }

  /** Select this node alone, and show it in the side panel. */
  async selectOnly(id: string): Promise<void> {
    await this.stack.selector.unselectAll();
    await this.stack.selectable.select(id, false);
    this.syncSelection(id);
  }

  async removeNode(id: string): Promise<void> {
    for (const c of this.editor.getConnections().filter((c) => c.source === id || c.target === id)) await this.editor.removeConnection(c.id);
    await this.editor.removeNode(id);
  }

  /** Select one edge, alone: the nodes selected before it are not what Delete removes now. */
  async selectEdge(id: string): Promise<void> {
    await this.stack.selector.unselectAll();
    this.syncSelection();
    this.stores.selection.selectEdge(id);
  }

  /** Delete the selected nodes (with their connections), or else the selected edge. */
  async deleteSelection(): Promise<void> {
    this.syncSelection();
    const ids = [...this.stores.selection.selected];
    if (ids.length) for (const id of ids) await this.removeNode(id);
    else if (this.stores.selection.edge) await this.editor.removeConnection(this.stores.selection.edge);
    // one delete is one undo step, however quickly the next action follows
    this.stack.history.separate();
  }

  /** Set one field, as an undoable step; router ports follow their field. */
  setValue(nodeId: string, field: string, value: unknown): void {
    const config = this.stores.config.get(nodeId);
    if (!config) return;
    const before = toJS(config.values[field]);
    const last = this.lastEdit;
    if (last && last.nodeId === nodeId && last.field === field && Date.now() - last.at < 1500) {
      last.after = value;
      last.at = Date.now();
    } else {
      this.lastEdit = new ValueChange(nodeId, field, before, value, (id, f, v) => this.applyValue(id, f, v));
      this.stack.history.add(this.lastEdit);
    }
    this.applyValue(nodeId, field, value);
  }

  private applyValue(nodeId: string, field: string, value: unknown): void {
    this.stores.config.setValue(nodeId, field, structuredClone(toJS(value)));
    const node = this.editor.getNode(nodeId);
    if (node && this.stores.catalogue.get(node.type)?.handles?.fromField === field) void this.syncPorts(node);
  }

  /** Rename a node's slug (references follow); returns the reason when it cannot. */
  rename(nodeId: string, slug: string): string {
    const config = this.stores.config.get(nodeId);
    if (!config) return 'No such node';
    const problem = this.stores.config.slugProblem(nodeId, slug, this.stores.catalogue.role(config.type) === 'trigger');
    if (problem) return problem;
    if (slug === config.slug) return '';
    this.lastEdit = null;
    const literal = (type: string) => (this.stores.catalogue.get(type)?.inputs ?? []).filter((f) => f.literal).map((f) => f.name);
    const apply = (id: string, s: string) => this.stores.config.rename(id, s, literal);
    this.stack.history.add(new RenameNode(nodeId, config.slug, slug, apply));
    apply(nodeId, slug);
    return '';
  }

  /**
   * Make a node's output ports match its values. A renamed handle keeps its connections (same
   * position, same count); connections from handles that are gone are removed.
   */
  async syncPorts(node: WeftNode): Promise<void> {
    const before = Object.entries(node.outputs).sort(([, a], [, b]) => (a?.index ?? 0) - (b?.index ?? 0)).map(([k]) => k);
    this.portsOf(node);
    const after = Object.entries(node.outputs).sort(([, a], [, b]) => (a?.index ?? 0) - (b?.index ?? 0)).map(([k]) => k);
    if (before.join('\n') === after.join('\n')) return;
    const renamed = before.length === after.length;
    for (const c of this.editor.getConnections().filter((c) => c.source === node.id && !after.includes(c.sourceOutput))) {
      await this.editor.removeConnection(c.id);
      const index = before.indexOf(c.sourceOutput);
      const target = this.editor.getNode(c.target);
      if (renamed && index >= 0 && target) await this.editor.addConnection(new WeftConnection(node, after[index], target, c.id));
    }
    await this.area.resize(node.id, node.width, node.height);
    await this.area.update('node', node.id);
  }

  /** Canvas ids of the nodes upstream of `nodeId`, nearest first. */
  upstream(nodeId: string): string[] {
    const found: string[] = [];
    const queue = [nodeId];
    const seen = new Set(queue);
    while (queue.length) {
      const id = queue.shift()!;
      for (const c of this.editor.getConnections()) {
        if (c.target !== id || seen.has(c.source)) continue;
        seen.add(c.source);
        found.push(c.source);
        queue.push(c.source);
      }
    }
    return found;
  }

  /** Canvas coordinates of a pointer event (drops from the palette). */
  pointFrom(event: { clientX: number; clientY: number }): { x: number; y: number } {
    this.area.area.setPointerFrom(event as MouseEvent);
    return { ...this.area.area.pointer };
  }

  /** Canvas coordinates of the middle of the visible area. */
  viewportCenter(): { x: number; y: number } {
    const rect = this.container.getBoundingClientRect();
    const { x, y, k } = this.area.area.transform;
    return { x: (rect.width / 2 - x) / k, y: (rect.height / 2 - y) / k };
  }
}
