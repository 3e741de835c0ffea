import { describe, expect, it } from 'vitest';
import {
  defaultLogExport,
  fromLocalInput,
  logExportError,
  logExportQuery,
  rangeTimes,
  toLocalInput,
  withRange,
} from '../../../../../src/core/system/log-export';

const NOW = new Date(2026, 10, 25, 14, 37, 12);

describe('log export defaults', () => {
  it('opens with gzip and today 00:00 to 23:59', () => {
    expect(defaultLogExport(NOW)).toEqual({ format: 'gzip', range: 'today', from: '2026-11-25T00:00', to: '2026-11-25T23:59' });
  });

  it('fills from and to for each preset range, and keeps them for custom', () => {
    expect(rangeTimes('yesterday', NOW)).toEqual({ from: '2026-11-24T00:00', to: '2026-11-24T23:59' });
    expect(rangeTimes('last-7-days', NOW)).toEqual({ from: '2026-11-19T00:00', to: '2026-11-25T23:59' });
    const edited = { ...defaultLogExport(NOW), from: '2026-11-25T08:15' };
    expect(withRange(edited, 'custom', NOW)).toEqual({ ...edited, range: 'custom' });
    expect(withRange(edited, 'today', NOW).from).toBe('2026-11-25T00:00');
  });

  it('crosses month boundaries for yesterday', () => {
    expect(rangeTimes('yesterday', new Date(2026, 2, 1, 9, 0))).toEqual({ from: '2026-02-28T00:00', to: '2026-02-28T23:59' });
  });
});

describe('log export rule', () => {
  it("refuses from later than to ('from cannot be > to') and accepts equal times", () => {
    expect(logExportError({ from: '2026-11-25T10:01', to: '2026-11-25T10:00' })).toBe('from-after-to');
    expect(logExportError({ from: '2026-11-25T10:00', to: '2026-11-25T10:00' })).toBeNull();
    expect(logExportError(defaultLogExport(NOW))).toBeNull();
  });

  it('asks for a time when an input is empty or not a real date', () => {
    expect(logExportError({ from: '', to: '2026-11-25T10:00' })).toBe('missing-time');
    expect(logExportError({ from: '2026-02-31T10:00', to: '2026-11-25T10:00' })).toBe('missing-time');
  });
});

describe('log export query', () => {
  it('sends epoch ms, with to covering its whole minute', () => {
    const query = logExportQuery({ format: 'text', range: 'custom', from: '2026-11-25T00:00', to: '2026-11-25T23:59' });
    expect(query).toEqual({ format: 'text', from: new Date(2026, 10, 25, 0, 0).getTime(), to: new Date(2026, 10, 25, 23, 59, 59, 999).getTime() });
  });

  it('refuses to build a query from invalid options', () => {
    expect(() => logExportQuery({ format: 'gzip', range: 'custom', from: '2026-11-25T10:01', to: '2026-11-25T10:00' })).toThrow();
  });

  it('reads back the text it writes', () => {
    expect(fromLocalInput(toLocalInput(NOW))).toBe(new Date(2026, 10, 25, 14, 37).getTime());
  });
});
