/**
 * @module editor/canvas/minimap-view — what rete-react-plugin draws for the minimap: the nodes and
 * the viewport where rete-minimap-plugin puts them, and the sticky notes as translucent rectangles
 * under the nodes (the plugin knows only nodes, so the notes are placed by the same scale the
 * plugin used for the viewport). The viewport box drags the view; setup-editor.ts centres the view
 * on a click.
 */
import { observer } from 'mobx-react-lite';
import { useLayoutEffect, useRef, useState } from 'react';
import { Drag } from 'rete-react-plugin';
import type { StickyNote } from '../../contract/flow-document.ts';
import type { AreaExtra } from './schemes.ts';

type MinimapData = Extract<AreaExtra, { type: 'render'; data: { type: 'minimap' } }>['data'];
/** a box on the map, in units of the map's width */
export type MapRect = MinimapData['viewport'];

/**
 * The place of canvas boxes on the map. `visible` is the canvas area on screen (canvas
 * coordinates); the plugin drew it as `viewport`, which fixes the scale and the origin.
 */
export function toMapRect(visible: { left: number; top: number; width: number }, viewport: MapRect) {
  const scale = viewport.width / visible.width;
  return (box: { x: number; y: number; width: number; height: number }): MapRect => ({
    left: viewport.left + (box.x - visible.left) * scale,
    top: viewport.top + (box.y - visible.top) * scale,
    width: box.width * scale,
    height: box.height * scale,
  });
}

interface MinimapProps {
  data: MinimapData;
  /** the map's height in pixels; its width follows the plugin's ratio */
  size: number;
  notes: { readonly notes: readonly StickyNote[] };
  place: (box: { x: number; y: number; width: number; height: number }) => MapRect;
}

const Minimap = observer(function Minimap({ data, size, notes, place }: MinimapProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => setWidth(ref.current?.clientWidth ?? 0), []);
  const style = (r: MapRect) => ({ left: r.left * width, top: r.top * width, width: r.width * width, height: r.height * width });
  const drag = Drag.useDrag(
    (dx, dy) => data.translate(-dx / width, -dy / width),
    (e) => ({ x: e.pageX, y: e.pageY }),
  );
  return (
    <div className="minimap" data-testid="minimap" ref={ref} style={{ width: size * data.ratio, height: size }} onPointerDown={(e) => (e.stopPropagation(), e.preventDefault())}>
      {width > 0 &&
        notes.notes.map((note) => (
          <div key={note.id} className={`minimap-note minimap-note--${note.color ?? 'yellow'}`} data-testid="minimap-note" style={style(place({ ...note.position, ...note.size }))} />
        ))}
      {width > 0 && data.nodes.map((node, i) => <div key={i} className="minimap-node" data-testid="minimap-node" style={style(node)} />)}
      <div className="minimap-viewport" data-testid="minimap-viewport" onPointerDown={drag.start} style={style(data.viewport)} />
    </div>
  );
});

/** The render preset: `canvas` is the area's element (its size is the visible part of the canvas). */
export function minimapPreset(size: number, notes: MinimapProps['notes'], canvas: HTMLElement) {
  return {
    render(context: Extract<AreaExtra, { type: 'render' }>) {
      const data = context.data;
      if (data.type !== 'minimap') return null;
      // the transform the plugin measured the viewport with (the render follows its emit at once)
      const { x, y, k } = data.start();
      const place = toMapRect({ left: -x / k, top: -y / k, width: canvas.clientWidth / k }, data.viewport);
      return <Minimap data={data} size={size} notes={notes} place={place} />;
    },
  };
}
