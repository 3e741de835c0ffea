/**
 * Pointer gestures of the stage grid: dragging a claimed tile (move, or swap
 * over another claimed tile) and resizing it from its 21 px east, south or
 * south-east zone. While the pointer moves the store paints the target green
 * or red; on release it commits (a refused gesture leaves the grid as it
 * was); Escape or a cancelled pointer drops the gesture. A drag starts only
 * after 4 px, so clicks stay clicks, and pointers on a tile's controls
 * (buttons, inputs, `data-grid-ignore`) never start one.
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
const INTERACTIVE = 'button, a, input, select, textarea, [data-grid-ignore]';

type Gesture =
  | { kind: 'pending'; from: CellPosition; grab: CellPosition; startX: number; startY: number; pointerId: number }
  | { kind: 'drag'; from: CellPosition; grab: CellPosition; pointerId: number }
  | { kind: 'resize'; from: CellPosition; handle: ResizeHandle; pointerId: number };

export const RESIZE_CURSORS: Record<ResizeHandle, string> = {
  east: 'ew-resize',
  south: 'ns-resize',
  'south-east': 'nwse-resize',
};

export function useGridPointer(matrix: StageMatrix, layout: GridLayout) {
  const gesture = useRef<Gesture | null>(null);

  const local = (event: ReactPointerEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  const onPointerDown = useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      if (event.button !== 0) return;
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
        gesture.current = { kind: 'pending', from: hit.position, grab, startX: x, startY: y, pointerId: event.pointerId };
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
        const hit = stageHitTest(matrix, layout, x, y);
        const zone = hit?.state === 'claimed' && hit.zone !== 'body' ? hit.zone : null;
        event.currentTarget.style.cursor = zone ? RESIZE_CURSORS[zone] : '';
        return;
      }
      if (current.kind === 'pending') {
        if (Math.hypot(x - current.startX, y - current.startY) < DRAG_THRESHOLD_PX) return;
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
      gesture.current = null;
      if (!current || current.kind === 'pending') return;
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
    onKeyDown,
  };
}
