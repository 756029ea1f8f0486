/**
 * @module editor/canvas/box-select — Shift+drag on the empty canvas draws a box; the nodes it
 * touches join the selection (Ctrl+click adds single nodes, Ctrl+A takes all).
 */
import type { CanvasController } from './canvas-controller.ts';

export function bindBoxSelect(canvas: CanvasController): () => void {
  const container = canvas.container;
  const onDown = (down: PointerEvent) => {
    const target = down.target as HTMLElement | null;
    if (!down.shiftKey || down.button !== 0 || !target || !container.contains(target) || target.closest('[data-testid="node"]')) return;
    // the area would pan: this drag is ours
    down.preventDefault();
    down.stopPropagation();
    const origin = container.getBoundingClientRect();
    const box = document.createElement('div');
    box.className = 'box-select';
    box.dataset.testid = 'box-select';
    container.appendChild(box);
    let end = { x: down.clientX, y: down.clientY };
    const rect = () => ({
      left: Math.min(down.clientX, end.x) - origin.left,
      top: Math.min(down.clientY, end.y) - origin.top,
      right: Math.max(down.clientX, end.x) - origin.left,
      bottom: Math.max(down.clientY, end.y) - origin.top,
    });
    const draw = () => {
      const r = rect();
      Object.assign(box.style, { left: `${r.left}px`, top: `${r.top}px`, width: `${r.right - r.left}px`, height: `${r.bottom - r.top}px` });
    };
    draw();
    const onMove = (move: PointerEvent) => {
      end = { x: move.clientX, y: move.clientY };
      draw();
    };
    const onUp = () => {
      window.removeEventListener('pointermove', onMove, true);
      window.removeEventListener('pointerup', onUp, true);
      box.remove();
      void selectWithin(canvas, rect());
    };
    window.addEventListener('pointermove', onMove, true);
    window.addEventListener('pointerup', onUp, true);
  };
  window.addEventListener('pointerdown', onDown, true);
  return () => window.removeEventListener('pointerdown', onDown, true);
}

/** Add every node touching the box (container pixels) to the selection. */
async function selectWithin(canvas: CanvasController, r: { left: number; top: number; right: number; bottom: number }): Promise<void> {
  const { x, y, k } = canvas.area.area.transform;
  const inArea = { left: (r.left - x) / k, top: (r.top - y) / k, right: (r.right - x) / k, bottom: (r.bottom - y) / k };
  const hits: string[] = [];
  for (const node of canvas.editor.getNodes()) {
    const position = canvas.area.nodeViews.get(node.id)?.position;
    if (!position) continue;
    const touches = position.x < inArea.right && position.x + node.width > inArea.left && position.y < inArea.bottom && position.y + node.height > inArea.top;
    if (touches) hits.push(node.id);
  }
  for (const id of hits) await canvas.stack.selectable.select(id, true);
  canvas.syncSelection(hits.at(-1));
}
