/**
 * @module editor/panels/use-dismiss — closes a popover on Esc or a pointer press outside its
 * holder, while `active`. Listens in the capture phase: the canvas stops the pointer events it
 * handles from bubbling.
 */
import { useEffect, type RefObject } from 'react';

export function useDismiss(holder: RefObject<HTMLElement | null>, active: boolean, close: () => void): void {
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close();
    const onPointer = (event: PointerEvent) => !holder.current?.contains(event.target as Node) && close();
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onPointer, true);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onPointer, true);
    };
  }, [holder, active, close]);
}
