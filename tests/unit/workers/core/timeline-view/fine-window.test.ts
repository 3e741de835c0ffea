import { describe, expect, it } from 'vitest';
import {
  centredFine,
  defaultFine,
  minFineSpanMs,
  recentredFine,
  resizedFine,
  timeInsideFine,
} from '../../../../../workers/core/timeline-view/fine-window';

const NOW = 1_700_000_000_000;

describe('the fine window', () => {
  it('starts one 100 px segment wide around the playhead', () => {
    expect(defaultFine(NOW - 3_600_000, 600, NOW)).toEqual({ startMs: NOW - 3_600_000 - 30_000, stopMs: NOW - 3_600_000 + 30_000 });
  });

  it('is at least 17 px and at least 10 s wide', () => {
    expect(minFineSpanMs(600)).toBe(10_200); // 17 px at 600 ms/px
    expect(minFineSpanMs(100)).toBe(10_000); // 17 px would be 1.7 s: the 10 s rule wins
    expect(centredFine(NOW - 60_000, 1_000, 600, NOW).stopMs - centredFine(NOW - 60_000, 1_000, 600, NOW).startMs).toBe(10_200);
  });

  it('never reaches past now', () => {
    const fine = defaultFine(NOW - 5_000, 600, NOW);
    expect(fine.stopMs).toBe(NOW);
    expect(fine.stopMs - fine.startMs).toBe(60_000);
  });

  it('stays put while the playhead is inside and re-centres when it leaves', () => {
    const fine = { startMs: NOW - 100_000, stopMs: NOW - 40_000 };
    expect(recentredFine(fine, NOW - 50_000, 600, NOW)).toBe(fine);
    expect(recentredFine(fine, NOW - 300_000, 600, NOW)).toEqual({ startMs: NOW - 330_000, stopMs: NOW - 270_000 });
  });

  it('keeps the right handle at least about 10 s right of the left one, and the left one left of it', () => {
    const fine = { startMs: NOW - 100_000, stopMs: NOW - 40_000 };
    expect(resizedFine(fine, 'stop', NOW - 99_000, 100, NOW)).toEqual({ startMs: NOW - 100_000, stopMs: NOW - 90_000 });
    expect(resizedFine(fine, 'start', NOW - 30_000, 100, NOW)).toEqual({ startMs: NOW - 50_000, stopMs: NOW - 40_000 });
    expect(resizedFine(fine, 'stop', NOW + 60_000, 100, NOW).stopMs).toBe(NOW);
  });

  it('brings a playhead left outside a resized window to the nearest edge', () => {
    const fine = { startMs: 1000, stopMs: 20_000 };
    expect(timeInsideFine(fine, 500)).toBe(1000);
    expect(timeInsideFine(fine, 25_000)).toBe(20_000);
    expect(timeInsideFine(fine, 5_000)).toBe(5_000);
  });
});
