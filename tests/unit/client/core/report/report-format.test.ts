import { describe, expect, it } from 'vitest';
import { formatDuration, formatEventTime, formatMegabytes } from '../../../../../src/core/report/report-format';

describe('report figures', () => {
  it('shows bytes in MB, divided by 1024 twice, one decimal', () => {
    expect(formatMegabytes(0)).toBe('0.0');
    expect(formatMegabytes(1024 * 1024)).toBe('1.0');
    expect(formatMegabytes(1.25 * 1024 * 1024)).toBe('1.3');
    expect(formatMegabytes(1_000_000)).toBe('1.0');
    expect(formatMegabytes(5_000 * 1024 * 1024)).toBe('5000.0');
  });

  it('shows durations as h:mm:ss, hours past a day included', () => {
    expect(formatDuration(0)).toBe('0:00:00');
    expect(formatDuration(59.6)).toBe('0:01:00');
    expect(formatDuration(3725.4)).toBe('1:02:05');
    expect(formatDuration(90_061)).toBe('25:01:01');
  });

  it('shows event times as yyyy-MM-dd HH:mm:ss in local time', () => {
    expect(formatEventTime(new Date(2026, 10, 5, 7, 3, 9).getTime())).toBe('2026-11-05 07:03:09');
  });
});
