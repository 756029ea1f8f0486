/**
 * @module editor/canvas/use-dom-event — a DOM event listener on an element a component renders.
 * Node and edge views take their events this way: React does not listen inside them (see
 * shared-root), so a React `onPointerUp` there would never fire.
 */
import { useEffect, useRef, type RefObject } from 'react';

export function useDomEvent<E extends Element, K extends keyof HTMLElementEventMap>(ref: RefObject<E | null>, type: K, listener: (event: HTMLElementEventMap[K]) => void): void {
  // the latest listener, without listening again on every render
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const handle = (event: Event) => latest.current(event as HTMLElementEventMap[K]);
    element.addEventListener(type, handle);
    return () => element.removeEventListener(type, handle);
  }, [ref, type]);
}
