/**
 * The fingers on a tile's picture and the pinch they make (spec 9: a pinch
 * steps 10 % of finger distance at a time, updated at most once per 350 ms;
 * each update applies every whole step the fingers travelled since the
 * last, so a quick wide pinch is not lost to the throttle). Both of a
 * tile's gestures read it: digital zoom (use-digital-zoom.ts) and turning a
 * dewarp view (use-dewarp-view.ts), each turning the steps into its own
 * zoom.
 *
 * Fingers are forgotten on any pointerup or pointercancel in the window
 * (`usePinchTracker`): one released after another element captured it must
 * not come back as a phantom second finger. Pure apart from that hook; O(1)
 * per event.
 */
import { useEffect, useRef } from 'react';
import { pinchSteps } from '../../media/stage-media';

/** Spec 9: pinch throttle. */
export const PINCH_THROTTLE_MS = 350;

export interface PointerAt {
  pointerId: number;
  isPrimary: boolean;
  clientX: number;
  clientY: number;
}

export interface PointerMove {
  /** Where this pointer was before the move. */
  from: { x: number; y: number };
  /** Exactly two fingers are down: the move belongs to the pinch, whatever `steps` says. */
  pinching: boolean;
  /** Whole 10 % steps to apply now: positive when the fingers spread; 0 within the throttle or short of a step. */
  steps: number;
  /** The point between the two fingers (client pixels), while pinching. */
  midX: number;
  midY: number;
}

export class PinchTracker {
  private readonly pointers = new Map<number, { x: number; y: number }>();
  /** Finger distance when the last step was applied, and when. */
  private pinch: { distance: number; lastStepMs: number } | null = null;

  get count(): number {
    return this.pointers.size;
  }

  ids(): number[] {
    return [...this.pointers.keys()];
  }

  /** A pointer goes down; answers whether two fingers are down now (a pinch begins). */
  down(event: PointerAt): boolean {
    // A primary pointer is the only one of its kind: nothing else can still be down.
    if (event.isPrimary) this.pointers.clear();
    this.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const two = this.pointers.size === 2;
    this.pinch = two ? { distance: this.fingers()!.distance, lastStepMs: Number.NEGATIVE_INFINITY } : null;
    return two;
  }

  forget(pointerId: number): void {
    if (!this.pointers.delete(pointerId)) return;
    // Down to two of three fingers: a new pinch from where they are.
    const fingers = this.fingers();
    this.pinch = fingers ? { distance: fingers.distance, lastStepMs: Number.NEGATIVE_INFINITY } : null;
  }

  /** A pointer moves; undefined for a pointer that did not go down here. */
  move(event: PointerAt, nowMs: number): PointerMove | undefined {
    const from = this.pointers.get(event.pointerId);
    if (!from) return undefined;
    this.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const fingers = this.pinch ? this.fingers() : null;
    if (!this.pinch || !fingers) return { from, pinching: false, steps: 0, midX: 0, midY: 0 };
    const within = { from, pinching: true, steps: 0, midX: fingers.midX, midY: fingers.midY };
    if (nowMs - this.pinch.lastStepMs < PINCH_THROTTLE_MS) return within;
    const steps = pinchSteps(fingers.distance / Math.max(1, this.pinch.distance));
    if (steps === 0) return within;
    this.pinch = { distance: fingers.distance, lastStepMs: nowMs };
    return { ...within, steps };
  }

  private fingers() {
    if (this.pointers.size !== 2) return null;
    const [a, b] = [...this.pointers.values()] as [{ x: number; y: number }, { x: number; y: number }];
    return { distance: Math.hypot(a.x - b.x, a.y - b.y), midX: (a.x + b.x) / 2, midY: (a.y + b.y) / 2 };
  }
}

/** A tracker for one tile's gestures, forgetting fingers lifted anywhere in the window while `enabled`. */
export function usePinchTracker(enabled: boolean): PinchTracker {
  const tracker = useRef<PinchTracker | null>(null);
  tracker.current ??= new PinchTracker();
  useEffect(() => {
    if (!enabled) return;
    const current = tracker.current!;
    const forget = (event: PointerEvent) => current.forget(event.pointerId);
    window.addEventListener('pointerup', forget, true);
    window.addEventListener('pointercancel', forget, true);
    return () => {
      window.removeEventListener('pointerup', forget, true);
      window.removeEventListener('pointercancel', forget, true);
    };
  }, [enabled]);
  return tracker.current;
}

/** Captures every finger the tracker holds on `element`, so the grid does not also take them. */
export function captureFingers(element: Element, tracker: PinchTracker): void {
  for (const id of tracker.ids()) {
    try {
      element.setPointerCapture(id);
    } catch {
      // That pointer was released meanwhile; its pointerup forgets it.
    }
  }
}
