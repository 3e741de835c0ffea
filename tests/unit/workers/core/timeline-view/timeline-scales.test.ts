import { describe, expect, it } from 'vitest';
import {
  COARSE_SCALES_MS,
  DEFAULT_COARSE_INDEX,
  DEFAULT_LIVE_INDEX,
  LIVE_HALF_WINDOWS_MS,
  SEGMENT_WIDTH_PX,
  closestScale,
  msPerPx,
  zoomScale,
} from '../../../../../workers/core/timeline-view/timeline-scales';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('timeline scales', () => {
  it('has the live half-window steps of spec 9, default 4 minutes', () => {
    expect([...LIVE_HALF_WINDOWS_MS].reverse()).toEqual([30 * S, 2 * M, 4 * M, 16 * M, H, 6 * H, 12 * H, 24 * H, 3 * D, 5 * D]);
    expect(LIVE_HALF_WINDOWS_MS[DEFAULT_LIVE_INDEX]).toBe(4 * M);
  });

  it('has the coarse scales of spec 9, default 1 minute, 100 px a segment', () => {
    expect(COARSE_SCALES_MS).toEqual([D, 12 * H, 6 * H, 3 * H, H, 30 * M, 15 * M, 5 * M, M]);
    expect(COARSE_SCALES_MS[DEFAULT_COARSE_INDEX]).toBe(M);
    expect(SEGMENT_WIDTH_PX).toBe(100);
    expect(msPerPx({ mode: 'playback', index: DEFAULT_COARSE_INDEX }, 1234)).toBe(600);
  });

  it('spreads the live half-window over each half of the width', () => {
    expect(msPerPx({ mode: 'live', index: DEFAULT_LIVE_INDEX }, 800)).toBe((8 * M) / 800);
  });

  it('zooms one step at a time and stops at the ends', () => {
    expect(zoomScale({ mode: 'playback', index: 3 }, 5)).toEqual({ mode: 'playback', index: 4 });
    expect(zoomScale({ mode: 'playback', index: 3 }, -1)).toEqual({ mode: 'playback', index: 2 });
    const finest = { mode: 'playback' as const, index: COARSE_SCALES_MS.length - 1 };
    expect(zoomScale(finest, 1)).toBe(finest);
    const widest = { mode: 'live' as const, index: 0 };
    expect(zoomScale(widest, -1)).toBe(widest);
  });

  it('keeps the zoom when the mode changes: the nearest step in ms per pixel', () => {
    // Live 4 min half-window on 1000 px: 480 ms/px; the nearest coarse scale is 1 min (600 ms/px).
    expect(closestScale({ mode: 'live', index: DEFAULT_LIVE_INDEX }, 'playback', 1000)).toEqual({ mode: 'playback', index: DEFAULT_COARSE_INDEX });
    // 1 h per segment is 36 s/px; on 1000 px the nearest live half-window is 6 h (43.2 s/px).
    expect(closestScale({ mode: 'playback', index: 4 }, 'live', 1000)).toEqual({ mode: 'live', index: LIVE_HALF_WINDOWS_MS.indexOf(6 * H) });
  });
});
