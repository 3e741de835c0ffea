/**
 * Pointer gestures of the stage grid: dragging a claimed tile (move, or swap
 * over another claimed tile) and resizing it from its 21 px east, south or
 * south-east zone. Mouse, pen and touch share this one path (pointer
 * events; the grid has touch-action none, so a finger is never taken for a
 * page scroll). While the pointer moves the store paints the target green
 * or red; on release it commits (a refused gesture leaves the grid as it
 * was); Escape or a cancelled pointer drops the gesture.
 *
 * A drag starts only after 4 px (10 px for a finger, which trembles), so
 * taps and clicks stay what they are, and pointers on a tile's controls
 * (buttons, inputs, `data-grid-ignore`) never start one. A second finger
 * anywhere on the grid drops the gesture of the first: two fingers are a
 * pinch (the tile's digital zoom), never a move. The grid counts pointers
 * in the capture phase, because the tile's zoom stops the second finger's
 * pointerdown from bubbling.
 */
import { useCallback, useRef, type PointerEvent as ReactPointerEvent } from 'react';
import {
  stageActions,
  stageHitTest,
  stagePositionAt,
  type CellPosition,
  type GridLayout,
  type ResizeHandle,
} from '../../../state/stage.store';
import type { StageMatrix } from '../../../../server/shared/api';

const DRAG_THRESHOLD_PX = 4;
const TOUCH_DRAG_THRESHOLD_PX = 10;
const INTERACTIVE = 'button, a, input, select, textarea, [data-grid-ignore]';

type Gesture =
  | { kind: 'pending'; from: CellPosition; grab: CellPosition; startX: number; startY: number; pointerId: number; thresholdPx: number }
  | { kind: 'drag'; from: CellPosition; grab: CellPosition; pointerId: number }
  | { kind: 'resize'; from: CellPosition; handle: ResizeHandle; pointerId: number };

export const RESIZE_CURSORS: Record<ResizeHandle, string> = {
  east: 'ew-resize',
  south: 'ns-resize',
  'south-east': 'nwse-resize',
};

export function dragThresholdPx(pointerType: string): number {
  return pointerType === 'touch' ? TOUCH_DRAG_THRESHOLD_PX : DRAG_THRESHOLD_PX;
}

export function useGridPointer(matrix: StageMatrix, layout: GridLayout) {
  const gesture = useRef<Gesture | null>(null);
  /** Pointers down on the grid now (fingers, or the mouse while a button is held). */
  const down = useRef(new Set<number>());

  const local = (event: ReactPointerEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  /** Drops the gesture without committing; the grid lets go of a pointer it captured. */
  const abort = useCallback((element: HTMLElement | null) => {
    const current = gesture.current;
    gesture.current = null;
    if (!current) return;
    if (element?.hasPointerCapture(current.pointerId)) element.releasePointerCapture(current.pointerId);
    stageActions.cancelDrag();
  }, []);

  const onPointerDownCapture = useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      // A primary pointer is the only one of its kind: any other left on the list was released outside the grid.
      if (event.isPrimary) down.current.clear();
      down.current.add(event.pointerId);
      if (down.current.size > 1) abort(event.currentTarget);
    },
    [abort],
  );

  const onPointerEndCapture = useCallback((event: ReactPointerEvent<HTMLElement>) => {
    down.current.delete(event.pointerId);
  }, []);

  const onPointerDown = useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      if (event.button !== 0 || !event.isPrimary || down.current.size > 1) return;
      // Controls inside a tile (header buttons, sliders) keep their own pointer.
      if (event.target instanceof Element && event.target.closest(INTERACTIVE)) return;
      const { x, y } = local(event);
      const hit = stageHitTest(matrix, layout, x, y);
      if (!hit || hit.state !== 'claimed') return;
      // No text selection: dragging a selection would start a native drag and cancel the pointer.
      event.preventDefault();
      if (hit.zone === 'body') {
        // Captured only once it is a drag, so a plain click still reaches its target.
        const at = stagePositionAt(layout, x, y) ?? hit.position;
        const grab = { row: at.row - hit.position.row, column: at.column - hit.position.column };
        gesture.current = {
          kind: 'pending',
          from: hit.position,
          grab,
          startX: x,
          startY: y,
          pointerId: event.pointerId,
          thresholdPx: dragThresholdPx(event.pointerType),
        };
        return;
      }
      event.currentTarget.setPointerCapture(event.pointerId);
      gesture.current = { kind: 'resize', from: hit.position, handle: hit.zone, pointerId: event.pointerId };
    },
    [matrix, layout],
  );

  const onPointerMove = useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      const { x, y } = local(event);
      const current = gesture.current;
      if (!current) {
        if (event.pointerType === 'touch') return; // fingers do not hover: no cursor to show
        const hit = stageHitTest(matrix, layout, x, y);
        const zone = hit?.state === 'claimed' && hit.zone !== 'body' ? hit.zone : null;
        event.currentTarget.style.cursor = zone ? RESIZE_CURSORS[zone] : '';
        return;
      }
      if (event.pointerId !== current.pointerId) return;
      if (current.kind === 'pending') {
        if (Math.hypot(x - current.startX, y - current.startY) < current.thresholdPx) return;
        event.currentTarget.setPointerCapture(current.pointerId);
        gesture.current = { kind: 'drag', from: current.from, grab: current.grab, pointerId: current.pointerId };
      }
      const pointer = stagePositionAt(layout, x, y);
      const active = gesture.current!;
      if (!pointer) {
        stageActions.cancelDrag();
        return;
      }
      if (active.kind === 'drag') stageActions.previewDrop(active.from, pointer, active.grab);
      else if (active.kind === 'resize') stageActions.previewResize(active.from, active.handle, pointer);
    },
    [matrix, layout],
  );

  const finish = useCallback(
    (event: ReactPointerEvent<HTMLElement>, commit: boolean) => {
      const current = gesture.current;
      if (!current || event.pointerId !== current.pointerId) return;
      gesture.current = null;
      if (current.kind === 'pending') return;
      const { x, y } = local(event);
      const pointer = stagePositionAt(layout, x, y);
      if (!commit || !pointer) {
        stageActions.cancelDrag();
        return;
      }
      if (current.kind === 'drag') stageActions.drop(current.from, pointer, current.grab);
      else stageActions.resize(current.from, current.handle, pointer);
    },
    [layout],
  );

  /** Another element took the pointer (a tile's pinch): the gesture is over, nothing changes. */
  const onLostPointerCapture = useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      // Only the grid's own loss counts: a tile losing the pointer to the grid (the drag starting) bubbles here too.
      if (event.target !== event.currentTarget) return;
      const current = gesture.current;
      if (current && current.kind !== 'pending' && event.pointerId === current.pointerId) abort(null);
    },
    [abort],
  );

  const onKeyDown = useCallback((event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !gesture.current) return;
    gesture.current = null;
    stageActions.cancelDrag();
  }, []);

  return {
    onPointerDown,
    onPointerMove,
    onPointerUp: (event: ReactPointerEvent<HTMLElement>) => finish(event, true),
    onPointerCancel: (event: ReactPointerEvent<HTMLElement>) => finish(event, false),
    onPointerDownCapture,
    onPointerEndCapture,
    onLostPointerCapture,
    onKeyDown,
  };
}
