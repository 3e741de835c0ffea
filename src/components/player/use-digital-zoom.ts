/**
 * Digital zoom gestures of a tile (spec 5, 9): the wheel steps through the
 * 33 zoom steps from 1 to 20 about the pointer; a two-finger pinch zooms by
 * 10 % per step about the point between the fingers (pinch-tracker.ts holds
 * the fingers and the throttle); dragging pans while zoomed. The view lives
 * in the player store; the compositor draws from it.
 *
 * Pointer events, so the same code serves touch, pen and mouse. Once two
 * fingers are down both are captured by the tile, which takes the first
 * finger from the grid if it had begun to drag the tile (the grid drops that
 * drag).
 */
import type { PointerEvent as ReactPointerEvent, RefObject } from 'react';
import { nextZoomStep, panBy, pinchZoom, zoomAt, type DigitalView } from '../../media/stage-media';
import { playerActions, playersState } from '../../state/player.store';
import { captureFingers, usePinchTracker } from './pinch-tracker';
import { useWheel } from './use-wheel';

export function useDigitalZoom(tileKey: string, target: RefObject<HTMLElement | null>, enabled: boolean) {
  const fingers = usePinchTracker(enabled);

  const view = (): DigitalView => playersState.tiles[tileKey]?.zoom ?? { scale: 1, centerX: 0.5, centerY: 0.5 };

  useWheel(target, enabled, (event, element) => {
    const box = element.getBoundingClientRect();
    const current = view();
    const scale = nextZoomStep(current.scale, event.deltaY < 0 ? 1 : -1);
    playerActions.setZoom(tileKey, zoomAt(current, scale, (event.clientX - box.left) / box.width, (event.clientY - box.top) / box.height));
  });

  return {
    onPointerDown(event: ReactPointerEvent<HTMLElement>) {
      if (!enabled) return;
      const two = fingers.down(event);
      if (view().scale > 1 || two) {
        event.stopPropagation();
        captureFingers(event.currentTarget, fingers);
      }
    },
    onPointerMove(event: ReactPointerEvent<HTMLElement>) {
      if (!enabled) return;
      const move = fingers.move(event, performance.now());
      if (!move) return;
      const current = view();
      const box = event.currentTarget.getBoundingClientRect();
      if (move.pinching) {
        event.stopPropagation();
        if (move.steps === 0) return;
        const scale = pinchZoom(current.scale, move.steps);
        playerActions.setZoom(tileKey, zoomAt(current, scale, (move.midX - box.left) / box.width, (move.midY - box.top) / box.height));
        return;
      }
      if (current.scale <= 1 || fingers.count > 1) return;
      playerActions.setZoom(tileKey, panBy(current, (event.clientX - move.from.x) / box.width, (event.clientY - move.from.y) / box.height));
    },
  };
}
