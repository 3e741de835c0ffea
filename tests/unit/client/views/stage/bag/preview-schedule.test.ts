import { describe, expect, it } from 'vitest';
import {
  PREVIEW_FIRST_REFRESH_MS,
  PREVIEW_REFRESH_JITTER_MS,
  PREVIEW_REFRESH_MS,
  PREVIEW_STALE_MS,
  nextRefreshDelayMs,
  shouldRefresh,
  unavailableAfterMs,
} from '../../../../../../src/views/stage/bag/preview-schedule';

describe('bag preview refresh', () => {
  it('refreshes 2500 ms after the first picture, then every 60 s plus up to 30 s at random', () => {
    expect(nextRefreshDelayMs(1, () => 0.9)).toBe(PREVIEW_FIRST_REFRESH_MS);
    expect(nextRefreshDelayMs(2, () => 0)).toBe(PREVIEW_REFRESH_MS);
    expect(nextRefreshDelayMs(5, () => 0.5)).toBe(PREVIEW_REFRESH_MS + PREVIEW_REFRESH_JITTER_MS / 2);
    expect(nextRefreshDelayMs(3, () => 0.999999)).toBeLessThan(PREVIEW_REFRESH_MS + PREVIEW_REFRESH_JITTER_MS);
  });

  it('loads only while visible', () => {
    const nowMs = 1_000_000;
    expect(shouldRefresh({ visible: false, due: true, lastLoadedMs: null, nowMs })).toBe(false);
    expect(shouldRefresh({ visible: true, due: false, lastLoadedMs: null, nowMs })).toBe(true);
    expect(shouldRefresh({ visible: true, due: true, lastLoadedMs: nowMs - 1000, nowMs })).toBe(true);
  });

  it('refreshes a preview coming back into view only when due or older than ten minutes', () => {
    const nowMs = 10_000_000;
    expect(shouldRefresh({ visible: true, due: false, lastLoadedMs: nowMs - 60_000, nowMs })).toBe(false);
    expect(shouldRefresh({ visible: true, due: false, lastLoadedMs: nowMs - PREVIEW_STALE_MS - 1, nowMs })).toBe(true);
  });

  it('shows the unavailable placeholder after 5 s, at once when the server is unavailable', () => {
    expect(unavailableAfterMs(true)).toBe(5000);
    expect(unavailableAfterMs(false)).toBe(0);
  });
});
