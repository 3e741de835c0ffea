/**
 * Turning a perspective dewarp view (spec 5 "Dewarp", spec 9): dragging
 * pans and tilts within the mounting's view limits (the picture follows the
 * pointer), the wheel zooms 0.05 a notch within 0.1-10 (src/media/dewarp-view.ts). The view lives in the player store per tile
 * (null until first turned: the stream's default view); the compositor
 * draws from it. While a tile dewarps in perspective this replaces digital
 * zoom's gestures (a dewarped tile takes no digital zoom).
 *
 * The drag captures the pointer and keeps it from the grid, so a tile that
 * dewarps in perspective is not moved by dragging its picture (as a
 * digitally zoomed one is not). Cost: one store write per pointer move.
 */
import { useRef, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import type { StreamDewarpConfiguration } from '../../../server/shared/api';
import { dragDewarpView, shownDewarpView, wheelDewarpView, type PerspectiveView } from '../../media/dewarp-view';
import { playerActions, playersState } from '../../state/player.store';
import { useWheel } from './use-wheel';

export function useDewarpView(tileKey: string, target: RefObject<HTMLElement | null>, settings: StreamDewarpConfiguration | null, enabled: boolean) {
  const last = useRef<{ id: number; x: number; y: number } | null>(null);
  const latest = useRef(settings);
  latest.current = settings;
  const view = (): PerspectiveView => shownDewarpView(playersState.tiles[tileKey]?.dewarpView ?? null, latest.current);

  useWheel(target, enabled, (event) => playerActions.setDewarpView(tileKey, wheelDewarpView(view(), event.deltaY)));

  return {
    onPointerDown(event: ReactPointerEvent<HTMLElement>) {
      if (!enabled || !event.isPrimary) return;
      event.stopPropagation(); // the drag turns the view; the grid does not move the tile
      last.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
      try {
        event.currentTarget.setPointerCapture(event.pointerId);
      } catch {
        // Released meanwhile: the next pointerdown starts again.
      }
    },
    onPointerMove(event: ReactPointerEvent<HTMLElement>) {
      const from = last.current;
      if (!enabled || !from || from.id !== event.pointerId || event.buttons === 0) return;
      const box = event.currentTarget.getBoundingClientRect();
      if (box.width <= 0 || box.height <= 0) return;
      last.current = { id: from.id, x: event.clientX, y: event.clientY };
      const next = dragDewarpView(view(), latest.current, (event.clientX - from.x) / box.width, (event.clientY - from.y) / box.height, box.width / box.height);
      playerActions.setDewarpView(tileKey, next);
    },
  };
}
