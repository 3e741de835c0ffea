/**
 * Digital zoom gestures of a tile (spec 5, 9): the wheel steps through the
 * 33 zoom steps from 1 to 20 about the pointer; a two-finger pinch zooms by
 * 10 % per step about the point between the fingers, updating at most once
 * per 350 ms (each update applies every 10 % step the fingers travelled
 * since the last, so a quick wide pinch is not lost to the throttle);
 * dragging pans while zoomed. The view lives in the player store; the
 * compositor draws from it.
 *
 * Pointer events, so the same code serves touch, pen and mouse. Once two
 * fingers are down both are captured by the tile, which takes the first
 * finger from the grid if it had begun to drag the tile (the grid drops that
 * drag). Fingers are forgotten on any pointerup or pointercancel in the
 * window: one released after another element captured it must not come
 * back as a phantom second finger.
 */
import { useEffect, useRef, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { nextZoomStep, panBy, pinchSteps, pinchZoom, zoomAt, type DigitalView } from '../../media/stage-media';
import { playerActions, playersState } from '../../state/player.store';
import { useWheel } from './use-wheel';

/** Spec 9: pinch throttle. */
export const PINCH_THROTTLE_MS = 350;

interface Pinch {
  /** Finger distance when the last step was applied. */
  distance: number;
  lastStepMs: number;
}

export function useDigitalZoom(tileKey: string, target: RefObject<HTMLElement | null>, enabled: boolean) {
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<Pinch | null>(null);

  const view = (): DigitalView => playersState.tiles[tileKey]?.zoom ?? { scale: 1, centerX: 0.5, centerY: 0.5 };

  useWheel(target, enabled, (event, element) => {
    const box = element.getBoundingClientRect();
    const current = view();
    const scale = nextZoomStep(current.scale, event.deltaY < 0 ? 1 : -1);
    playerActions.setZoom(tileKey, zoomAt(current, scale, (event.clientX - box.left) / box.width, (event.clientY - box.top) / box.height));
  });

  useEffect(() => {
    if (!enabled) return;
    const forget = (event: PointerEvent) => {
      pointers.current.delete(event.pointerId);
      if (pointers.current.size < 2) pinch.current = null;
    };
    window.addEventListener('pointerup', forget, true);
    window.addEventListener('pointercancel', forget, true);
    return () => {
      window.removeEventListener('pointerup', forget, true);
      window.removeEventListener('pointercancel', forget, true);
    };
  }, [enabled]);

  const fingers = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? { distance: Math.hypot(a.x - b.x, a.y - b.y), midX: (a.x + b.x) / 2, midY: (a.y + b.y) / 2 } : null;
  };

  return {
    onPointerDown(event: ReactPointerEvent<HTMLElement>) {
      if (!enabled) return;
      // A primary pointer is the only one of its kind: nothing else can still be down.
      if (event.isPrimary) pointers.current.clear();
      pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
      const two = pointers.current.size === 2;
      if (two) pinch.current = { distance: fingers()!.distance, lastStepMs: 0 };
      if (view().scale > 1 || two) {
        event.stopPropagation();
        const element = event.currentTarget;
        for (const id of pointers.current.keys()) {
          try {
            element.setPointerCapture(id);
          } catch {
            // That pointer was released meanwhile; its pointerup forgets it.
          }
        }
      }
    },
    onPointerMove(event: ReactPointerEvent<HTMLElement>) {
      const last = pointers.current.get(event.pointerId);
      if (!last || !enabled) return;
      pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
      const current = view();
      const measured = pointers.current.size === 2 ? fingers() : null;
      if (measured && pinch.current) {
        event.stopPropagation();
        const now = performance.now();
        if (now - pinch.current.lastStepMs < PINCH_THROTTLE_MS) return;
        const steps = pinchSteps(measured.distance / Math.max(1, pinch.current.distance));
        if (steps === 0) return;
        const box = event.currentTarget.getBoundingClientRect();
        const scale = pinchZoom(current.scale, steps);
        playerActions.setZoom(tileKey, zoomAt(current, scale, (measured.midX - box.left) / box.width, (measured.midY - box.top) / box.height));
        pinch.current = { distance: measured.distance, lastStepMs: now };
        return;
      }
      if (current.scale <= 1 || pointers.current.size > 1) return;
      const box = event.currentTarget.getBoundingClientRect();
      playerActions.setZoom(tileKey, panBy(current, (event.clientX - last.x) / box.width, (event.clientY - last.y) / box.height));
    },
  };
}
