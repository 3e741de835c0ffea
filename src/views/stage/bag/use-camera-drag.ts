/**
 * Dragging a camera from the bag onto the stage, with pointer events, so a
 * mouse, a pen and a finger take one path (the grid's drop target:
 * grid/camera-drop-target.ts).
 *
 * A mouse or pen drags once it has moved 4 px with the button held. A finger
 * must first hold still on the camera for 400 ms (long press): the bag
 * scrolls under a finger, and a finger that moves before then is scrolling
 * it (the browser then cancels the pointer and nothing is dragged). Once
 * held, the entry shows it is lifted, the page stops scrolling for this
 * finger (a non-passive touchmove listener prevents it) and the long press's
 * context menu is suppressed.
 *
 * While dragging, a chip with the camera's name follows the pointer (moved
 * through its style, not React) and the grid paints the cell it would land
 * in; releasing over the grid claims that cell, anywhere else (or Escape,
 * or a cancelled pointer) changes nothing.
 */
import { useEffect, useRef, type MouseEvent as ReactMouseEvent, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import type { StageCamera } from '../../../../server/shared/api';
import { cameraDropTarget } from '../grid/camera-drop-target';

/** How long a finger holds a camera before it lifts for dragging. */
export const TOUCH_HOLD_MS = 400;
const MOUSE_SLOP_PX = 4;
/** A finger that moves further during the hold is scrolling the bag. */
const TOUCH_SLOP_PX = 10;

/** Pending: pressed, not yet a drag (a click, a double-click, or a finger that may scroll the bag). */
type Phase = 'pending' | 'dragging';

interface Drag {
  pointerId: number;
  touch: boolean;
  startX: number;
  startY: number;
  phase: Phase;
  holdTimer: ReturnType<typeof setTimeout> | undefined;
  ghost: HTMLElement | null;
}

export function useCameraDrag(element: RefObject<HTMLElement | null>, camera: StageCamera, name: string) {
  const drag = useRef<Drag | null>(null);
  const latest = useRef({ camera, name });
  latest.current = { camera, name };

  const end = (commit: boolean, clientX = 0, clientY = 0) => {
    const current = drag.current;
    drag.current = null;
    if (!current) return;
    clearTimeout(current.holdTimer);
    current.ghost?.remove();
    const entry = element.current;
    if (entry) {
      delete entry.dataset.drag;
      if (entry.hasPointerCapture(current.pointerId)) entry.releasePointerCapture(current.pointerId);
    }
    if (current.phase !== 'dragging') {
      cameraDropTarget()?.cancel();
      return;
    }
    const target = cameraDropTarget();
    if (commit) target?.drop(latest.current.camera, clientX, clientY);
    else target?.cancel();
  };

  /** The camera is lifted: captured by the entry and shown beside the pointer. */
  const lift = (current: Drag, clientX: number, clientY: number) => {
    const entry = element.current;
    if (!entry) return;
    current.phase = 'dragging';
    entry.dataset.drag = 'lifted';
    try {
      entry.setPointerCapture(current.pointerId);
    } catch {
      // The pointer ended meanwhile; its pointerup or pointercancel ends the drag.
    }
    const ghost = document.createElement('div');
    ghost.className = 'camera-drag-ghost';
    ghost.setAttribute('aria-hidden', 'true');
    ghost.textContent = latest.current.name;
    document.body.append(ghost);
    current.ghost = ghost;
    follow(current, clientX, clientY);
  };

  const follow = (current: Drag, clientX: number, clientY: number) => {
    // Above a finger, so the finger does not hide it; below and right of a mouse pointer.
    const dx = current.touch ? -20 : 12;
    const dy = current.touch ? -40 : 12;
    if (current.ghost) current.ghost.style.transform = `translate(${Math.round(clientX + dx)}px, ${Math.round(clientY + dy)}px)`;
    cameraDropTarget()?.preview(latest.current.camera, clientX, clientY);
  };

  useEffect(() => {
    const entry = element.current;
    if (!entry) return;
    // Once a finger holds the camera, its moves drag the camera instead of scrolling the bag.
    const onTouchMove = (event: TouchEvent) => {
      if (drag.current?.touch && drag.current.phase !== 'pending') event.preventDefault();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && drag.current) end(false);
    };
    entry.addEventListener('touchmove', onTouchMove, { passive: false });
    window.addEventListener('keydown', onKeyDown);
    return () => {
      entry.removeEventListener('touchmove', onTouchMove);
      window.removeEventListener('keydown', onKeyDown);
      end(false);
    };
    // `end` reads refs only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [element]);

  return {
    onPointerDown(event: ReactPointerEvent<HTMLElement>) {
      if (event.button !== 0 || !event.isPrimary) return;
      end(false);
      const touch = event.pointerType === 'touch';
      const current: Drag = {
        pointerId: event.pointerId,
        touch,
        startX: event.clientX,
        startY: event.clientY,
        phase: 'pending',
        holdTimer: undefined,
        ghost: null,
      };
      drag.current = current;
      if (!touch) {
        // The mouse's moves reach the entry wherever the pointer goes (a finger's already do: touch is captured implicitly).
        event.currentTarget.setPointerCapture(event.pointerId);
        return;
      }
      const { clientX, clientY } = event;
      current.holdTimer = setTimeout(() => {
        // Lifted while the finger still holds still, so the user sees the camera picked up.
        if (drag.current === current) lift(current, clientX, clientY);
      }, TOUCH_HOLD_MS);
    },
    onPointerMove(event: ReactPointerEvent<HTMLElement>) {
      const current = drag.current;
      if (!current || event.pointerId !== current.pointerId) return;
      if (current.phase === 'pending') {
        const moved = Math.hypot(event.clientX - current.startX, event.clientY - current.startY);
        if (current.touch) {
          if (moved > TOUCH_SLOP_PX) end(false); // scrolling the bag
          return;
        }
        if (moved < MOUSE_SLOP_PX) return;
        lift(current, event.clientX, event.clientY);
        return;
      }
      follow(current, event.clientX, event.clientY);
    },
    onPointerUp(event: ReactPointerEvent<HTMLElement>) {
      if (drag.current?.pointerId === event.pointerId) end(true, event.clientX, event.clientY);
    },
    onPointerCancel(event: ReactPointerEvent<HTMLElement>) {
      if (drag.current?.pointerId === event.pointerId) end(false);
    },
    onLostPointerCapture(event: ReactPointerEvent<HTMLElement>) {
      // After pointerup the drag is already over; otherwise something else took the pointer from the entry.
      if (event.target !== event.currentTarget) return;
      if (drag.current?.pointerId === event.pointerId && drag.current.phase === 'dragging') end(false);
    },
    /** A long press opens the browser's menu (the preview picture's) unless it is a drag. */
    onContextMenu(event: ReactMouseEvent<HTMLElement>) {
      if (drag.current?.touch) event.preventDefault();
    },
  };
}
