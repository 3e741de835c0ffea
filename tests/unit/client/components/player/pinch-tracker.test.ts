import { describe, expect, it } from 'vitest';
import { PINCH_THROTTLE_MS, PinchTracker } from '../../../../../src/components/player/pinch-tracker';

const at = (pointerId: number, clientX: number, clientY = 100, isPrimary = pointerId === 1) => ({ pointerId, isPrimary, clientX, clientY });

describe('PinchTracker', () => {
  it('tells one finger moving from where it was, and no pinch', () => {
    const fingers = new PinchTracker();
    expect(fingers.down(at(1, 10))).toBe(false);
    expect(fingers.move(at(1, 25), 0)).toEqual({ from: { x: 10, y: 100 }, pinching: false, steps: 0, midX: 0, midY: 0 });
    expect(fingers.move(at(1, 30), 1)?.from).toEqual({ x: 25, y: 100 });
    expect(fingers.move(at(7, 30), 1)).toBeUndefined();
  });

  it('answers whole 10 % steps of finger distance about the point between the fingers, at most once per throttle', () => {
    const fingers = new PinchTracker();
    fingers.down(at(1, 100));
    expect(fingers.down(at(2, 200))).toBe(true);
    // 100 -> 105 px: half a step, nothing yet, but the move belongs to the pinch.
    expect(fingers.move(at(2, 205), 1000)).toMatchObject({ pinching: true, steps: 0 });
    // 100 -> 121 px: two steps of 10 %.
    expect(fingers.move(at(2, 221), 1000)).toMatchObject({ pinching: true, steps: 2, midX: 160.5, midY: 100 });
    // Within the throttle: the spread is kept, not lost...
    expect(fingers.move(at(2, 250), 1000 + PINCH_THROTTLE_MS - 1)).toMatchObject({ steps: 0 });
    // ...and applied once the throttle has passed (121 -> 150 px: two more whole steps).
    expect(fingers.move(at(2, 250), 1000 + PINCH_THROTTLE_MS)).toMatchObject({ steps: 2 });
    // Closing the fingers steps out.
    expect(fingers.move(at(1, 175), 3000)).toMatchObject({ steps: -7 });
  });

  it('forgets a lifted finger; a new primary pointer starts afresh; two of three fingers pinch anew', () => {
    const fingers = new PinchTracker();
    fingers.down(at(1, 100));
    fingers.down(at(2, 200));
    fingers.forget(2);
    expect(fingers.count).toBe(1);
    expect(fingers.move(at(1, 300), 0)).toMatchObject({ pinching: false });

    fingers.down(at(2, 200));
    fingers.down(at(3, 400));
    expect(fingers.move(at(3, 800), 0)).toMatchObject({ pinching: false });
    fingers.forget(1); // fingers 2 and 3 are left, 600 px apart
    expect(fingers.move(at(3, 860), 0)).toMatchObject({ pinching: true, steps: 1 });

    expect(fingers.down(at(1, 50))).toBe(false);
    expect(fingers.ids()).toEqual([1]);
  });
});
