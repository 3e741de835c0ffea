import { describe, expect, it } from 'vitest';
import { pickedTimeMs, pickerFields } from '../../../../../src/core/timeline';

const NOW = new Date(2024, 5, 10, 14, 30, 45).getTime();

describe('date-time picker answer', () => {
  it('reads the local date and time, zeroing seconds unless they are on', () => {
    expect(pickedTimeMs({ date: '2024-06-09', time: '08:15:33' }, false, NOW)).toBe(new Date(2024, 5, 9, 8, 15, 0).getTime());
    expect(pickedTimeMs({ date: '2024-06-09', time: '08:15:33' }, true, NOW)).toBe(new Date(2024, 5, 9, 8, 15, 33).getTime());
    expect(pickedTimeMs({ date: '2024-06-09', time: '08:15' }, true, NOW)).toBe(new Date(2024, 5, 9, 8, 15, 0).getTime());
  });

  it('caps a date in the future at now', () => {
    expect(pickedTimeMs({ date: '2030-01-01', time: '00:00' }, true, NOW)).toBe(NOW);
    expect(pickedTimeMs({ date: '2024-06-10', time: '14:30:59' }, true, NOW)).toBe(NOW);
  });

  it('caps at the current minute when seconds are off', () => {
    expect(pickedTimeMs({ date: '2030-01-01', time: '00:00' }, false, NOW) ?? 0).toBeLessThanOrEqual(NOW);
    expect((pickedTimeMs({ date: '2030-01-01', time: '00:00' }, false, NOW) ?? 1) % 1000).toBe(0);
    expect(new Date(pickedTimeMs({ date: '2030-01-01', time: '00:00' }, false, NOW)!).getSeconds()).toBe(0);
  });

  it('answers null until both fields are filled in', () => {
    expect(pickedTimeMs({ date: '', time: '08:15' }, false, NOW)).toBeNull();
    expect(pickedTimeMs({ date: '2024-06-09', time: '' }, false, NOW)).toBeNull();
  });

  it('fills the fields from a time, with or without seconds', () => {
    expect(pickerFields(NOW, false)).toEqual({ date: '2024-06-10', time: '14:30' });
    expect(pickerFields(NOW, true)).toEqual({ date: '2024-06-10', time: '14:30:45' });
  });
});
