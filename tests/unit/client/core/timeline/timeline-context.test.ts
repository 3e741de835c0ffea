import { describe, expect, it } from 'vitest';
import {
  LIVE_WINDOW_MS,
  SPEED_DEBOUNCE_MS,
  SPEED_STEPS,
  TIME_CHANGE_DEBOUNCE_MS,
  currentTimeAt,
  goLive,
  holdAt,
  isLiveAt,
  liveContext,
  pause,
  playRequestAt,
  requestDelayMs,
  resume,
  seek,
  setSpeed,
  stepSpeed,
  type TimelineContext,
} from '../../../../../src/core/timeline';

const NOW = Date.UTC(2024, 0, 1, 12);
const MINUTE = 60_000;

function playback(timeMs: number, speed = 1, anchorMs = NOW): TimelineContext {
  return { timeMs, anchorMs, speed, paused: false };
}

describe('timeline context', () => {
  it('offers the spec speed steps, forward and reverse', () => {
    expect(SPEED_STEPS).toEqual([-64, -32, -16, -4, -1, -0.5, -0.25, 0.25, 0.5, 1, 4, 16, 32, 64]);
  });

  it('is live at time 0 and asks the player for time 0 at speed 1', () => {
    const live = liveContext(NOW);
    expect(isLiveAt(live, NOW + 10 * MINUTE)).toBe(true);
    expect(currentTimeAt(live, NOW + 1000)).toBe(NOW + 1000);
    expect(playRequestAt(live, NOW + 1000)).toEqual({ timeMs: 0, speed: 1 });
  });

  it('moves the playhead from its anchor at its speed, forward or reverse', () => {
    expect(currentTimeAt(playback(NOW - 10 * MINUTE, 1), NOW + 2000)).toBe(NOW - 10 * MINUTE + 2000);
    expect(currentTimeAt(playback(NOW - 10 * MINUTE, 4), NOW + 2000)).toBe(NOW - 10 * MINUTE + 8000);
    expect(currentTimeAt(playback(NOW - 10 * MINUTE, -16), NOW + 2000)).toBe(NOW - 10 * MINUTE - 32_000);
    expect(playRequestAt(playback(NOW - 10 * MINUTE, -16), NOW + 2000)).toEqual({ timeMs: NOW - 10 * MINUTE - 32_000, speed: -16 });
  });

  it('never runs the playhead past now', () => {
    const fast = playback(NOW - 20_000, 64);
    expect(currentTimeAt(fast, NOW + 1000)).toBe(NOW + 1000);
  });

  it('counts a forward playhead within the live window of now as live, a reverse one not', () => {
    expect(isLiveAt(playback(NOW - LIVE_WINDOW_MS, 1), NOW)).toBe(true);
    expect(playRequestAt(playback(NOW - LIVE_WINDOW_MS, 1), NOW)).toEqual({ timeMs: 0, speed: 1 });
    expect(isLiveAt(playback(NOW - LIVE_WINDOW_MS - 1, 1), NOW)).toBe(false);
    expect(isLiveAt(playback(NOW - 1000, -1), NOW)).toBe(false);
    expect(isLiveAt({ ...playback(NOW - 1000, 1), paused: true }, NOW)).toBe(false);
  });

  it('caps a seek toward the future at now, which is live', () => {
    const sought = seek(playback(NOW - MINUTE, 4), NOW + 10 * MINUTE, NOW);
    expect(sought).toEqual(liveContext(NOW));
  });

  it('goes live, at speed 1, when a seek lands within the live window', () => {
    const sought = seek(playback(NOW - 10 * MINUTE, -4), NOW - LIVE_WINDOW_MS + 1, NOW);
    expect(sought.timeMs).toBe(0);
    expect(sought.speed).toBe(1);
  });

  it('keeps the speed on a seek into the past, anchored at now', () => {
    expect(seek(playback(NOW - MINUTE, 4, NOW - 5000), NOW - 10 * MINUTE, NOW)).toEqual(playback(NOW - 10 * MINUTE, 4, NOW));
  });

  it('clears pause when the time changes', () => {
    const paused = pause(playback(NOW - MINUTE), NOW);
    expect(seek(paused, NOW - 2 * MINUTE, NOW + 1000).paused).toBe(false);
    expect(goLive(NOW + 1000).paused).toBe(false);
  });

  it('keeps the time while paused, and plays on from it when resumed', () => {
    const paused = pause(playback(NOW - 10 * MINUTE), NOW + 3000);
    expect(paused.paused).toBe(true);
    expect(currentTimeAt(paused, NOW + MINUTE)).toBe(NOW - 10 * MINUTE + 3000);
    const resumed = resume(paused, NOW + MINUTE);
    expect(resumed).toEqual(playback(NOW - 10 * MINUTE + 3000, 1, NOW + MINUTE));
    expect(currentTimeAt(resumed, NOW + MINUTE + 1000)).toBe(NOW - 10 * MINUTE + 4000);
  });

  it('pausing live holds the picture at that moment; resuming much later plays back from it', () => {
    const paused = pause(liveContext(NOW), NOW + 1000);
    expect(paused.timeMs).toBe(NOW + 1000);
    expect(isLiveAt(paused, NOW + 1000)).toBe(false);
    const resumed = resume(paused, NOW + MINUTE);
    expect(playRequestAt(resumed, NOW + MINUTE)).toEqual({ timeMs: NOW + 1000, speed: 1 });
    expect(resume(pause(liveContext(NOW), NOW), NOW + 1000)).toEqual(liveContext(NOW + 1000));
  });

  it('changes speed from where the playhead is now', () => {
    const sped = setSpeed(playback(NOW - 10 * MINUTE, 1), 16, NOW + 2000);
    expect(sped).toEqual(playback(NOW - 10 * MINUTE + 2000, 16, NOW + 2000));
  });

  it('rewinds from now when a reverse speed is chosen at live; a forward speed stays live at 1', () => {
    expect(setSpeed(liveContext(NOW), -4, NOW + 1000)).toEqual(playback(NOW + 1000, -4, NOW + 1000));
    expect(setSpeed(liveContext(NOW), 16, NOW + 1000)).toEqual(liveContext(NOW + 1000));
  });

  it('refuses a speed that is not a step', () => {
    expect(() => setSpeed(liveContext(NOW), 2, NOW)).toThrow(RangeError);
    expect(() => setSpeed(liveContext(NOW), 0, NOW)).toThrow(RangeError);
  });

  it('steps through the speeds, clamped at both ends', () => {
    expect(stepSpeed(1, 1)).toBe(4);
    expect(stepSpeed(0.25, -1)).toBe(-0.25);
    expect(stepSpeed(64, 1)).toBe(64);
    expect(stepSpeed(-64, -1)).toBe(-64);
  });

  it('debounces a speed change for 200 ms and a time change for 50 ms before asking the player', () => {
    expect(requestDelayMs(null, { timeMs: 0, speed: 1 })).toBe(0);
    expect(requestDelayMs({ timeMs: NOW, speed: 1 }, { timeMs: NOW, speed: 4 })).toBe(SPEED_DEBOUNCE_MS);
    expect(requestDelayMs({ timeMs: 0, speed: 1 }, { timeMs: NOW - MINUTE, speed: 1 })).toBe(TIME_CHANGE_DEBOUNCE_MS);
    expect([SPEED_DEBOUNCE_MS, TIME_CHANGE_DEBOUNCE_MS]).toEqual([200, 50]);
  });
});

describe('frame stepping', () => {
  it('holds the playhead at the stepped frame, paused, keeping the speed; never past now', () => {
    const playing: TimelineContext = { timeMs: NOW - MINUTE, anchorMs: NOW - 1000, speed: -4, paused: true };
    expect(holdAt(playing, NOW - MINUTE - 40, NOW)).toEqual({ timeMs: NOW - MINUTE - 40, anchorMs: NOW, speed: -4, paused: true });
    expect(currentTimeAt(holdAt(playing, NOW - MINUTE + 40, NOW), NOW + 5000)).toBe(NOW - MINUTE + 40);
    expect(holdAt(playing, NOW + 1000, NOW).timeMs).toBe(NOW);
  });
});
