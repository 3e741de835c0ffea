import { describe, expect, it } from 'vitest';
import { FrameDropper, framesPerGop, keyframeStride, keyframesOnly, MAX_SENT_FPS } from '../../../../../server/recorder/live/speed-plan';

/** `seconds` of a 25 fps camera with a 1 s GOP, as the simulator records, at capture times from 0. */
function units(seconds: number): Array<{ keyframe: boolean; timeMs: number }> {
  return Array.from({ length: seconds * 25 }, (_, i) => ({ keyframe: i % 25 === 0, timeMs: i * 40 }));
}

function sent(speed: number, seconds: number) {
  const dropper = new FrameDropper(speed);
  return units(seconds).filter((unit) => dropper.accept(unit));
}

describe('forward speed plan', () => {
  it('sends everything at 1x and slower', () => {
    expect(sent(1, 4)).toHaveLength(100);
    expect(sent(0.25, 4)).toHaveLength(100);
    expect(sent(0.5, 4)).toHaveLength(100);
  });

  it('keeps the head of each GOP within the picture budget at 4x', () => {
    const kept = sent(4, 8);
    // 8 s at 4x last 2 s of wall time: at most MAX_SENT_FPS pictures a second.
    expect(kept.length).toBeLessThanOrEqual(2 * MAX_SENT_FPS);
    expect(kept.length).toBeGreaterThan(8 * 4);
    // Every GOP starts with its keyframe and keeps consecutive frames only (decodable).
    for (let gop = 0; gop < 8; gop++) {
      const inGop = kept.filter((u) => u.timeMs >= gop * 1000 && u.timeMs < (gop + 1) * 1000).map((u) => u.timeMs);
      expect(inGop[0]).toBe(gop * 1000);
      inGop.forEach((t, i) => expect(t).toBe(gop * 1000 + i * 40));
    }
  });

  it('sends keyframes only at 16x, every 2nd at 32x, every 4th at 64x', () => {
    expect(sent(16, 16).every((u) => u.keyframe)).toBe(true);
    expect(sent(16, 16)).toHaveLength(16);
    expect(sent(32, 32).map((u) => u.timeMs / 1000)).toEqual(Array.from({ length: 16 }, (_, i) => i * 2));
    expect(sent(64, 64)).toHaveLength(16);
  });

  it('never sends a frame before the first keyframe', () => {
    const dropper = new FrameDropper(4);
    expect(dropper.accept({ keyframe: false, timeMs: 0 })).toBe(false);
    expect(dropper.accept({ keyframe: true, timeMs: 40 })).toBe(true);
  });

  it('derives counts from the GOP length', () => {
    expect(framesPerGop(1, 1000)).toBe(Infinity);
    expect(framesPerGop(4, 1000)).toBe(12);
    expect(framesPerGop(4, 2000)).toBe(25);
    expect(framesPerGop(64, 1000)).toBe(1);
    expect(keyframeStride(16, 1000)).toBe(1);
    expect(keyframeStride(64, 1000)).toBe(4);
    expect(keyframeStride(64, 2000)).toBe(2);
    expect(keyframesOnly(4)).toBe(false);
    expect(keyframesOnly(16)).toBe(true);
  });
});
