/**
 * @module editor/canvas/setup-editor — the Rete stack of one canvas: editor, area (pan, zoom,
 * selection, ordering), connections by dragging, React rendering of our own node, edge and
 * socket views, undo history and a minimap.
 */
import { createRoot } from 'react-dom/client';
import { NodeEditor } from 'rete';
import { AreaExtensions, AreaPlugin } from 'rete-area-plugin';
import { ClassicFlow, ConnectionPlugin, getSourceTarget } from 'rete-connection-plugin';
import { HistoryPlugin, Presets as HistoryPresets } from 'rete-history-plugin';
import { MinimapPlugin } from 'rete-minimap-plugin';
import { Presets, ReactPlugin } from 'rete-react-plugin';
import { makeEdgeView } from './edge-view.tsx';
import { makeNodeView } from './node-view.tsx';
import { newEdgeId, WeftConnection, type AreaExtra, type Schemes } from './schemes.ts';
import { SocketView } from './socket-view.tsx';
import type { CanvasStores } from './canvas-stores.ts';

export interface ReteStack {
  editor: NodeEditor<Schemes>;
  area: AreaPlugin<Schemes, AreaExtra>;
  history: HistoryPlugin<Schemes>;
  selector: ReturnType<typeof AreaExtensions.selector>;
  selectable: ReturnType<typeof AreaExtensions.selectableNodes>;
  destroy(): void;
}

export function setupEditor(container: HTMLElement, stores: CanvasStores): ReteStack {
  const editor = new NodeEditor<Schemes>();
  const area = new AreaPlugin<Schemes, AreaExtra>(container);
  const connection = new ConnectionPlugin<Schemes, AreaExtra>();
  const render = new ReactPlugin<Schemes, AreaExtra>({ createRoot });
  const history = new HistoryPlugin<Schemes>({ timing: 250 });
  const minimap = new MinimapPlugin<Schemes>({ boundViewport: true });

  const NodeView = makeNodeView(stores);
  const EdgeView = makeEdgeView(stores);
  render.addPreset(
    Presets.classic.setup({
      customize: {
        node: () => NodeView,
        connection: () => EdgeView,
        socket: () => SocketView,
      },
    }),
  );
  render.addPreset(Presets.minimap.setup({ size: 150 }));

  // Connections are created as our own class with an id the flow document keeps.
  connection.addPreset(
    () =>
      new ClassicFlow({
        makeConnection(from, to, context) {
          const pair = getSourceTarget(from, to);
          if (!pair) return false;
          const [source, target] = pair;
          const sourceNode = context.editor.getNode(source.nodeId);
          const targetNode = context.editor.getNode(target.nodeId);
          if (!sourceNode || !targetNode) return false;
          void context.editor.addConnection(new WeftConnection(sourceNode, source.key, targetNode, newEdgeId()));
          return true;
        },
      }),
  );
  history.addPreset(HistoryPresets.classic.setup());

  editor.use(area);
  area.use(connection);
  area.use(render);
  area.use(history);
  area.use(minimap);

  const selector = AreaExtensions.selector();
  const selectable = AreaExtensions.selectableNodes(area, selector, { accumulating: AreaExtensions.accumulateOnCtrl() });
  AreaExtensions.simpleNodesOrder(area);
  AreaExtensions.restrictor(area, { scaling: { min: 0.1, max: 2 } });

  return {
    editor,
    area,
    history,
    selector,
    selectable,
    destroy: () => area.destroy(),
  };
}
