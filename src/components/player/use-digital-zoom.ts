/**
 * Digital zoom gestures of a tile (spec 5, 9): the wheel steps through the
 * 33 zoom steps from 1 to 20 about the pointer; a two-finger pinch zooms by
 * 10 % per step, at most one step per 350 ms; dragging pans while zoomed.
 * The view lives in the player store; the compositor draws from it.
 */
import { useEffect, useRef, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { nextZoomStep, panBy, pinchZoom, zoomAt, type DigitalView } from '../../media/stage-media';
import { playerActions, playersState } from '../../state/player.store';

/** Spec 9: pinch throttle. */
export const PINCH_THROTTLE_MS = 350;
const PINCH_STEP_RATIO = 1.1;

export function useDigitalZoom(tileKey: string, target: RefObject<HTMLElement | null>, enabled: boolean) {
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; lastStepMs: number } | null>(null);

  const view = (): DigitalView => playersState.tiles[tileKey]?.zoom ?? { scale: 1, centerX: 0.5, centerY: 0.5 };

  useEffect(() => {
    const element = target.current;
    if (!element || !enabled) return;
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY === 0) return;
      event.preventDefault();
      const box = element.getBoundingClientRect();
      const current = view();
      const scale = nextZoomStep(current.scale, event.deltaY < 0 ? 1 : -1);
      playerActions.setZoom(tileKey, zoomAt(current, scale, (event.clientX - box.left) / box.width, (event.clientY - box.top) / box.height));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
    // view() reads the store at event time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tileKey, target, enabled]);

  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };

  return {
    onPointerDown(event: ReactPointerEvent<HTMLElement>) {
      if (!enabled) return;
      pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (pointers.current.size === 2) pinch.current = { distance: distance(), lastStepMs: 0 };
      if (view().scale > 1 || pointers.current.size === 2) {
        event.stopPropagation();
        event.currentTarget.setPointerCapture(event.pointerId);
      }
    },
    onPointerMove(event: ReactPointerEvent<HTMLElement>) {
      const last = pointers.current.get(event.pointerId);
      if (!last || !enabled) return;
      pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
      const current = view();
      if (pointers.current.size === 2 && pinch.current) {
        const now = performance.now();
        const ratio = distance() / Math.max(1, pinch.current.distance);
        if (now - pinch.current.lastStepMs < PINCH_THROTTLE_MS) return;
        if (ratio > PINCH_STEP_RATIO || ratio < 1 / PINCH_STEP_RATIO) {
          playerActions.setZoom(tileKey, zoomAt(current, pinchZoom(current.scale, ratio > 1 ? 1 : -1), 0.5, 0.5));
          pinch.current = { distance: distance(), lastStepMs: now };
        }
        return;
      }
      if (current.scale <= 1) return;
      const box = event.currentTarget.getBoundingClientRect();
      playerActions.setZoom(tileKey, panBy(current, (event.clientX - last.x) / box.width, (event.clientY - last.y) / box.height));
    },
    onPointerUp(event: ReactPointerEvent<HTMLElement>) {
      pointers.current.delete(event.pointerId);
      if (pointers.current.size < 2) pinch.current = null;
    },
  };
}
