import { describe, expect, it } from 'vitest';
import { axisTicks, MIN_TICK_SPACING_PX } from '../../../../../src/core/report/chart-axis';

// Local times, so the expectations hold in any time zone.
const at = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute).getTime();

describe('events chart axis', () => {
  it('labels round local times HH:mm within a day and a midnight MM/dd', () => {
    const ticks = axisTicks({ startMs: at(24, 18, 7), stopMs: at(25, 6, 7) }, 600);
    expect(ticks.map((tick) => tick.label)).toEqual(['20:00', '22:00', '11/25', '02:00', '04:00', '06:00']);
    expect(ticks.find((tick) => tick.label === '11/25')?.kind).toBe('date');
    expect(ticks[0]?.kind).toBe('time');
  });

  it('places ticks by time across the width, at least the minimum spacing apart', () => {
    const span = { startMs: at(25, 10), stopMs: at(25, 11) };
    const ticks = axisTicks(span, 1200);
    expect(ticks[0]).toEqual({ atMs: at(25, 10), x: 0, label: '10:00', kind: 'time' });
    expect(ticks[1]?.x).toBeCloseTo(100);
    for (let index = 1; index < ticks.length; index++) {
      expect(ticks[index]!.x - ticks[index - 1]!.x).toBeGreaterThanOrEqual(MIN_TICK_SPACING_PX);
    }
  });

  it('labels only dates for a span of days on a narrow chart', () => {
    const ticks = axisTicks({ startMs: at(18, 14, 37), stopMs: at(25, 14, 37) }, 500);
    expect(ticks.map((tick) => tick.label)).toEqual(['11/19', '11/20', '11/21', '11/22', '11/23', '11/24', '11/25']);
    expect(ticks.every((tick) => tick.kind === 'date')).toBe(true);
  });

  it('keeps hour ticks for the last 24 hours on a wide chart, the midnight as a date', () => {
    const ticks = axisTicks({ startMs: at(24, 15, 12), stopMs: at(25, 15, 13) }, 1100);
    expect(ticks.map((tick) => tick.label)).toEqual(['16:00', '18:00', '20:00', '22:00', '11/25', '02:00', '04:00', '06:00', '08:00', '10:00', '12:00', '14:00']);
  });

  it('thins day ticks on a narrow chart and has none for an empty span', () => {
    const ticks = axisTicks({ startMs: at(1, 0), stopMs: at(29, 0) }, 300);
    expect(ticks.length).toBeLessThanOrEqual(300 / MIN_TICK_SPACING_PX + 1);
    expect(ticks.every((tick) => /^\d{2}\/\d{2}$/.test(tick.label))).toBe(true);
    expect(axisTicks({ startMs: 5, stopMs: 5 }, 300)).toEqual([]);
  });
});
