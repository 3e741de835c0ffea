/**
 * A wheel gesture on a tile's picture: a non-passive listener (React's
 * onWheel is passive, so it could not keep the page from scrolling), called
 * only for a vertical step, with the page's own scroll prevented.
 *
 * The handler is read at event time, so callers may pass a new closure on
 * every render without the listener being attached again.
 */
import { useEffect, useRef, type RefObject } from 'react';

export function useWheel(target: RefObject<HTMLElement | null>, enabled: boolean, onWheel: (event: WheelEvent, element: HTMLElement) => void): void {
  const handler = useRef(onWheel);
  handler.current = onWheel;

  useEffect(() => {
    const element = target.current;
    if (!element || !enabled) return;
    const listener = (event: WheelEvent) => {
      if (event.deltaY === 0) return;
      event.preventDefault();
      handler.current(event, element);
    };
    element.addEventListener('wheel', listener, { passive: false });
    return () => element.removeEventListener('wheel', listener);
  }, [target, enabled]);
}
