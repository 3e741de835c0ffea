import { describe, expect, it } from 'vitest';
import { defaultReportRange, reportQuery, reportRangeError } from '../../../../../src/core/report/report-range';

const NOW = new Date(2026, 10, 25, 14, 37, 12);

describe('report range', () => {
  it('opens on the last 24 hours', () => {
    expect(defaultReportRange(NOW)).toEqual({ from: '2026-11-24T14:37', to: '2026-11-25T14:37' });
    expect(reportRangeError(defaultReportRange(NOW))).toBeNull();
  });

  it("refuses from later than to, an empty time, and more than the server's longest span", () => {
    expect(reportRangeError({ from: '2026-11-25T10:01', to: '2026-11-25T10:00' })).toBe('from-after-to');
    expect(reportRangeError({ from: '2026-11-25T10:00', to: '2026-11-25T10:00' })).toBeNull();
    expect(reportRangeError({ from: '', to: '2026-11-25T10:00' })).toBe('missing-time');
    expect(reportRangeError({ from: '2025-11-24T10:00', to: '2026-11-25T10:00' })).toBe('too-long');
    expect(reportRangeError({ from: '2025-11-25T10:00', to: '2026-11-25T10:00' })).toBeNull();
  });

  it('asks for epoch ms with To covering its whole minute', () => {
    expect(reportQuery({ from: '2026-11-25T10:00', to: '2026-11-25T10:00' })).toEqual({
      start: new Date(2026, 10, 25, 10, 0).getTime(),
      stop: new Date(2026, 10, 25, 10, 1).getTime(),
    });
    expect(() => reportQuery({ from: '2026-11-25T10:01', to: '2026-11-25T10:00' })).toThrow();
  });
});
