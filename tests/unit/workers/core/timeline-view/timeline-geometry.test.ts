import { describe, expect, it } from 'vitest';
import {
  emptyRange,
  firstTickMs,
  layoutFor,
  minSegmentMs,
  tickStepMs,
  timeAt,
  trackBand,
  viewInto,
  xOf,
} from '../../../../../workers/core/timeline-view/timeline-geometry';

const NOW = 1_700_000_000_000;

describe('timeline geometry', () => {
  it('centres the live view on now and the playback view on the playhead', () => {
    const live = viewInto(emptyRange(), { mode: 'live', index: 7 }, NOW - 99_000, NOW, 800);
    expect(live.startMs).toBe(NOW - 240_000);
    expect(live.endMs).toBe(NOW + 240_000);
    const past = viewInto(emptyRange(), { mode: 'playback', index: 8 }, NOW - 3_600_000, NOW, 1000);
    expect((past.startMs + past.endMs) / 2).toBe(NOW - 3_600_000);
    expect(past.msPerPx).toBe(600);
  });

  it('converts pixels and times both ways', () => {
    const range = viewInto(emptyRange(), { mode: 'playback', index: 8 }, NOW, NOW, 1000);
    expect(xOf(range, NOW)).toBe(500);
    expect(timeAt(range, 600)).toBe(NOW + 60_000);
  });

  it('asks the histogram for buckets of at least two pixels', () => {
    expect(minSegmentMs({ msPerPx: 600 })).toBe(1200);
    expect(minSegmentMs({ msPerPx: 0.2 })).toBe(1);
  });

  it('uses the narrow layout below 425 px only', () => {
    expect(layoutFor(424).narrow).toBe(true);
    expect(layoutFor(425).narrow).toBe(false);
    expect(layoutFor(390).minLabelGapPx).toBeLessThan(layoutFor(1440).minLabelGapPx);
  });

  it('picks the finest clock step whose labels keep their distance, aligned to local time', () => {
    expect(tickStepMs(600, 84)).toBe(60_000); // 100 px a minute
    expect(tickStepMs(1, 84)).toBe(1_000);
    const hour = 3_600_000;
    // In UTC+1, hourly ticks fall on local hours, which are UTC hours too; daily ticks on local midnight.
    expect(firstTickMs(Date.UTC(2026, 0, 1, 10, 30), hour, hour)).toBe(Date.UTC(2026, 0, 1, 11));
    expect(firstTickMs(Date.UTC(2026, 0, 1, 10, 30), 24 * hour, hour)).toBe(Date.UTC(2026, 0, 1, 23));
  });
});

describe('trackBand', () => {
  it('shares the height below the label row among the tracks, 1 px apart up to six', () => {
    // 60 px: 21 px of labels, 3 px below; two tracks of (36 - 1) / 2 = 17 px.
    expect(trackBand(60, 0, 2)).toEqual({ top: 21, height: 17 });
    expect(trackBand(60, 1, 2)).toEqual({ top: 39, height: 17 });
  });

  it('packs more than six tracks without gaps, never thinner than 2 px', () => {
    expect(trackBand(60, 7, 8)).toEqual({ top: 21 + 7 * 4, height: 4 });
    expect(trackBand(30, 5, 20)).toEqual({ top: 21 + 5 * 2, height: 2 });
  });
});
