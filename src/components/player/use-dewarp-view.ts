/**
 * Turning a perspective dewarp view (spec 5 "Dewarp", spec 9): dragging
 * pans and tilts within the mounting's view limits (the picture follows the
 * pointer), the wheel zooms 0.05 a notch within 0.1-10, and on a touch
 * screen a finger drags and a two-finger pinch zooms, a wheel step per 10 %
 * of finger travel at most once per 350 ms as digital zoom's pinch does
 * (pinch-tracker.ts; the math is src/media/dewarp-view.ts). The view lives
 * in the player store per tile (null until first turned: the stream's
 * default view); the compositor draws from it. While a tile dewarps in
 * perspective this replaces digital zoom's gestures (a dewarped tile takes
 * no digital zoom).
 *
 * The fingers are captured and kept from the grid, so a tile that dewarps
 * in perspective is not moved by dragging its picture (as a digitally
 * zoomed one is not). Cost: one store write per pointer move.
 */
import type { PointerEvent as ReactPointerEvent, RefObject } from 'react';
import type { StreamDewarpConfiguration } from '../../../server/shared/api';
import { dragDewarpView, pinchDewarpView, shownDewarpView, wheelDewarpView, type PerspectiveView } from '../../media/dewarp-view';
import { playerActions, playersState } from '../../state/player.store';
import { captureFingers, usePinchTracker } from './pinch-tracker';
import { useWheel } from './use-wheel';

export function useDewarpView(tileKey: string, target: RefObject<HTMLElement | null>, settings: StreamDewarpConfiguration | null, enabled: boolean) {
  const fingers = usePinchTracker(enabled);
  const view = (): PerspectiveView => shownDewarpView(playersState.tiles[tileKey]?.dewarpView ?? null, settings);

  useWheel(target, enabled, (event) => playerActions.setDewarpView(tileKey, wheelDewarpView(view(), event.deltaY)));

  return {
    onPointerDown(event: ReactPointerEvent<HTMLElement>) {
      if (!enabled) return;
      event.stopPropagation(); // the drag turns the view; the grid does not move the tile
      fingers.down(event);
      captureFingers(event.currentTarget, fingers);
    },
    onPointerMove(event: ReactPointerEvent<HTMLElement>) {
      if (!enabled || event.buttons === 0) return;
      const move = fingers.move(event, performance.now());
      if (!move) return;
      if (move.pinching) {
        if (move.steps !== 0) playerActions.setDewarpView(tileKey, pinchDewarpView(view(), move.steps));
        return;
      }
      if (fingers.count > 1) return;
      const box = event.currentTarget.getBoundingClientRect();
      if (box.width <= 0 || box.height <= 0) return;
      const next = dragDewarpView(view(), settings, (event.clientX - move.from.x) / box.width, (event.clientY - move.from.y) / box.height, box.width / box.height);
      playerActions.setDewarpView(tileKey, next);
    },
  };
}
