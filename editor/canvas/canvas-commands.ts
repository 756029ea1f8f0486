/**
 * @module editor/canvas/canvas-commands — copy/paste, duplicate, disable and pin (the node menu's
 * actions), select all, undo/redo, zoom to fit (readably) and auto-arrange.
 */
import { AreaExtensions } from 'rete-area-plugin';
import type { AutoArrangePlugin } from 'rete-auto-arrange-plugin';
import { toJS } from 'mobx';
import type { NodeConfig, NodeSwitch } from '../stores/config-store.ts';
import { toasts } from '../stores/toast-store.ts';
import type { CanvasController } from './canvas-controller.ts';
import { copyNodes, pasteNodes, type ClipboardContent } from './clipboard.ts';
import { fitView } from './fit-view.ts';
import { SwitchChange } from './history-actions.ts';
import { newEdgeId, type AreaExtra, type Schemes } from './schemes.ts';
import { socketOffset } from './socket-positions.ts';

let clipboard: ClipboardContent | null = null;

/** how far a duplicate lands from its original (canvas units), down and to the right */
const DUPLICATE_OFFSET = 40;

export class CanvasCommands {
  private arranger: AutoArrangePlugin<Schemes, AreaExtra> | null = null;

  constructor(private readonly canvas: CanvasController) {}

  copy(): number {
    this.canvas.syncSelection();
    const { nodes, edges } = this.canvas.serialize();
    const slugs = new Set([...this.canvas.stores.selection.selected].map((id) => this.canvas.slugOf(id)));
    if (!slugs.size) return 0;
    clipboard = copyNodes(nodes, edges, slugs);
    toasts.show(`Copied ${clipboard.nodes.length} node${clipboard.nodes.length === 1 ? '' : 's'}`);
    return clipboard.nodes.length;
  }

  /** Set when this keystroke's paste event brought something from outside (an n8n workflow). */
  private pastedFromOutside = false;

  /** The system clipboard's paste was taken (an n8n workflow): Ctrl+V does not paste copied nodes as well. */
  tookExternalPaste(): void {
    this.pastedFromOutside = true;
  }

  /**
   * Ctrl+V: the nodes copied on the canvas, unless the browser's paste event of the same
   * keystroke (it fires right after the keydown) brought a workflow from outside.
   */
  pasteSoon(): void {
    this.pastedFromOutside = false;
    setTimeout(() => {
      if (!this.pastedFromOutside) void this.paste();
    }, 0);
  }

  async paste(): Promise<void> {
    if (!clipboard?.nodes.length) return;
    const { config } = this.canvas.stores;
    const content = pasteNodes(clipboard, (type, taken) => config.nextSlug(type, taken), newEdgeId);
    const ids = await this.canvas.insert(content.nodes, content.edges);
    await this.canvas.stack.selector.unselectAll();
    for (const id of ids) await this.canvas.stack.selectable.select(id, true);
    this.canvas.syncSelection(ids.at(-1));
    // a second paste lands beside this one, not on top of it
    clipboard = content;
    this.canvas.stack.history.separate();
  }

  /**
   * A copy of one node beside it: a fresh slug, the same values and settings (disabled too), no
   * pin (the copy has not run) and no connections. Undo removes it.
   */
  async duplicate(nodeId: string): Promise<string | null> {
    const config = this.canvas.stores.config.get(nodeId);
    const at = this.canvas.area.nodeViews.get(nodeId)?.position;
    if (!config || !at) return null;
    const slug = this.canvas.stores.config.nextSlug(config.type);
    const [id] = await this.canvas.insert([{
      id: slug,
      type: config.type,
      position: { x: Math.round(at.x + DUPLICATE_OFFSET), y: Math.round(at.y + DUPLICATE_OFFSET) },
      values: toJS(config.values),
      ...(config.retry ? { retry: { ...config.retry } } : {}),
      ...(config.onError ? { onError: config.onError } : {}),
      ...(config.disabled ? { disabled: true } : {}),
    }], []);
    if (!id) return null;
    await this.canvas.selectOnly(id);
    this.canvas.stack.history.separate();
    return id;
  }

  /** Disable or enable a node, pin or unpin its output: one undo step each. */
  setSwitch<K extends NodeSwitch>(nodeId: string, key: K, value: NodeConfig[K]): void {
    const { config } = this.canvas.stores;
    const node = config.get(nodeId);
    if (!node) return;
    const apply = (id: string, v: NodeConfig[K]) => config.setSwitch(id, key, v);
    this.canvas.stack.history.add(new SwitchChange(nodeId, toJS(node[key]), value, apply));
    apply(nodeId, value);
    this.canvas.stack.history.separate();
  }

  /** Delete one node and its connections: one undo step. */
  async deleteNode(nodeId: string): Promise<void> {
    await this.canvas.removeNode(nodeId);
    this.canvas.stack.history.separate();
  }

  /** Delete one connection: one undo step. */
  async deleteEdge(edgeId: string): Promise<void> {
    await this.canvas.editor.removeConnection(edgeId);
    this.canvas.stack.history.separate();
  }

  async selectAll(): Promise<void> {
    for (const node of this.canvas.editor.getNodes()) await this.canvas.stack.selectable.select(node.id, true);
    this.canvas.syncSelection();
  }

  async selectNone(): Promise<void> {
    await this.canvas.stack.selector.unselectAll();
    this.canvas.syncSelection();
  }

  async undo(): Promise<void> {
    await this.canvas.stack.history.undo();
  }

  async redo(): Promise<void> {
    await this.canvas.stack.history.redo();
  }

  /** Show the flow at a readable zoom: all of it when it fits, else from the trigger on (see fit-view.ts). */
  async fit(): Promise<void> {
    const nodes = this.canvas.editor.getNodes();
    if (!nodes.length) return;
    const { area, stores } = this.canvas;
    const view = this.canvas.container.getBoundingClientRect();
    const trigger = nodes.find((node) => stores.catalogue.role(node.type) === 'trigger');
    const at = fitView(AreaExtensions.getBoundingBox(area, nodes), trigger ? AreaExtensions.getBoundingBox(area, [trigger]) : null, view.width, view.height);
    await area.area.zoom(at.zoom, 0, 0);
    await area.area.translate(at.x, at.y);
  }

  /** Lay the flow out left to right (elk.js, loaded on first use), then fit it. */
  async arrange(): Promise<void> {
    if (!this.arranger) {
      const { AutoArrangePlugin } = await import('rete-auto-arrange-plugin');
      this.arranger = new AutoArrangePlugin<Schemes, AreaExtra>();
      // ports where the sockets really are, so chains come out on one straight line
      this.arranger.addPreset(() => ({
        port: ({ nodeId, side, key }) => {
          const node = this.canvas.editor.getNode(nodeId);
          const at = (node && socketOffset(node, side, key)) ?? { x: 0, y: 35 };
          return { x: 0, y: at.y - 7, width: 14, height: 14, side: side === 'input' ? 'WEST' : 'EAST' };
        },
      }));
      this.canvas.area.use(this.arranger);
    }
    try {
      await this.arranger.layout({
        options: {
          'elk.direction': 'RIGHT',
          'elk.spacing.nodeNode': '40',
          'elk.layered.spacing.nodeNodeBetweenLayers': '72',
          'elk.edgeRouting': 'SPLINES',
        },
      });
    } catch (error) {
      toasts.show(`Could not arrange the flow: ${(error as Error).message}`, 'error');
      return;
    }
    this.canvas.moved();
    await this.fit();
  }
}
