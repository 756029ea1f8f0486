/**
 * @module editor/canvas/setup-editor — the Rete stack of one canvas: editor, area (pan, zoom,
 * selection, ordering), connections by dragging, React rendering of our own node and edge views
 * (in one shared React root), undo history and a minimap (with the sticky notes: minimap-view.tsx).
 */
import { NodeEditor } from 'rete';
import { AreaExtensions, AreaPlugin } from 'rete-area-plugin';
import { ClassicFlow, ConnectionPlugin, getSourceTarget } from 'rete-connection-plugin';
import { HistoryPlugin, Presets as HistoryPresets } from 'rete-history-plugin';
import { MinimapPlugin } from 'rete-minimap-plugin';
import { ReactPlugin } from 'rete-react-plugin';
import { canvasPreset } from './canvas-preset.tsx';
import { makeEdgeView } from './edge-view.tsx';
import { minimapPreset } from './minimap-view.tsx';
import { makeNodeView } from './node-view.tsx';
import { newEdgeId, WeftConnection, type AreaExtra, type Schemes } from './schemes.ts';
import { SharedRoot } from './shared-root.tsx';
import { SocketPositions } from './socket-positions.ts';
import type { CanvasStores } from './canvas-stores.ts';

export interface ReteStack {
  editor: NodeEditor<Schemes>;
  area: AreaPlugin<Schemes, AreaExtra>;
  /** connections by dragging from socket to socket (connection-drop.ts listens to where a drag ends) */
  connection: ConnectionPlugin<Schemes, AreaExtra>;
  history: HistoryPlugin<Schemes>;
  selector: ReturnType<typeof AreaExtensions.selector>;
  selectable: ReturnType<typeof AreaExtensions.selectableNodes>;
  /** while true the minimap is not redrawn (loading many nodes redraws it per node otherwise), and nothing is drawn until `draw()` */
  quiet: { on: boolean };
  /** redraw the minimap now */
  refreshMinimap(): Promise<void>;
  /** put on screen now whatever was added or changed (React draws it in one batch otherwise) */
  draw(): void;
  destroy(): void;
}

/** the minimap is small: 96 px high, wider than high like the canvas */
const MINIMAP_HEIGHT = 96;
const MINIMAP_RATIO = 1.5;

export function setupEditor(container: HTMLElement, stores: CanvasStores): ReteStack {
  const editor = new NodeEditor<Schemes>();
  const area = new AreaPlugin<Schemes, AreaExtra>(container);
  const connection = new ConnectionPlugin<Schemes, AreaExtra>();
  // node and connection views (in the content holder) take their events from the DOM; the minimap uses React's
  const quiet = { on: false };
  const root = new SharedRoot(document.createElement('div'), (container) => container.parentElement?.parentElement === area.area.content.holder, () => quiet.on);
  const render = new ReactPlugin<Schemes, AreaExtra>({ createRoot: root.createRoot });
  const history = new HistoryPlugin<Schemes>({ timing: 250 });
  const minimap = new MinimapPlugin<Schemes>({ boundViewport: true, ratio: MINIMAP_RATIO });

  const sockets = new SocketPositions(editor, area);
  render.addPreset(canvasPreset(makeNodeView(stores), makeEdgeView(stores, sockets)));
  render.addPreset(minimapPreset(MINIMAP_HEIGHT, stores.notes, container));

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

  let centreAt: ((x: number, y: number) => void) | null = null;
  // added before the renderer is attached, so it sees minimap renders first
  area.addPipe((context) => {
    if (context.type !== 'render' || context.data.type !== 'minimap') return context;
    if (quiet.on) return undefined;
    centreAt = context.data.point;
    return context;
  });
  // the preset centres the view only on a double click; one click on the map is enough here
  const onMinimapClick = (event: MouseEvent) => {
    const target = event.target as Element;
    const map = target.closest<HTMLElement>('[data-testid="minimap"]');
    if (!map || !centreAt || target.closest('[data-testid="minimap-viewport"]')) return;
    const box = map.getBoundingClientRect();
    // the map draws in units of its inner width on both axes
    centreAt((event.clientX - box.left - map.clientLeft) / map.clientWidth, (event.clientY - box.top - map.clientTop) / map.clientWidth);
  };
  container.addEventListener('click', onMinimapClick);

  editor.use(area);
  area.use(connection);
  area.use(render);
  area.use(history);
  let minimapOn = false;

  const selector = AreaExtensions.selector();
  const selectable = AreaExtensions.selectableNodes(area, selector, { accumulating: AreaExtensions.accumulateOnCtrl() });
  AreaExtensions.simpleNodesOrder(area);
  AreaExtensions.restrictor(area, { scaling: { min: 0.1, max: 2 } });

  return {
    editor,
    area,
    connection,
    history,
    selector,
    selectable,
    quiet,
    // the minimap joins after the first load: it recomputes every node's box on each change
    refreshMinimap: async () => {
      if (!minimapOn) {
        minimapOn = true;
        area.use(minimap);
      }
      await area.emit({ type: 'resized', data: { event: new Event('resize') } });
    },
    draw: () => root.flush(),
    destroy: () => {
      container.removeEventListener('click', onMinimapClick);
      area.destroy();
      root.destroy();
    },
  };
}
