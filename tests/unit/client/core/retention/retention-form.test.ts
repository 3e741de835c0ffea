import { describe, expect, it } from 'vitest';
import type { CameraDiskUsage } from '../../../../../server/shared/api';
import {
  canSave,
  daysError,
  isDirty,
  isValid,
  manualDays,
  rowsFromUsage,
  savePayload,
  setDays,
  setMode,
} from '../../../../../src/core/retention/retention-form';

function usage(cameraId: string, override: boolean, days: number): CameraDiskUsage {
  return {
    cameraId,
    cameraName: cameraId,
    daysEstimated: days,
    bytesEstimated: 0,
    bytesEstimatedPerDay: 1000,
    isMotionOnly: false,
    override,
    daysDesired: days,
    bytesRecorded: 0,
    daysRecorded: 0,
    secondsRecorded: 0,
    calendarDays: 0,
  };
}

const initial = rowsFromUsage([usage('a', false, 12.34), usage('b', true, 7)]);

describe('retention form', () => {
  it('starts from the recorder: overrides manual with their days, others automatic with their estimate', () => {
    expect(initial).toEqual([
      { cameraId: 'a', mode: 'automatic', daysText: '12.3' },
      { cameraId: 'b', mode: 'manual', daysText: '7' },
    ]);
    expect(isDirty(initial, initial)).toBe(false);
    expect(canSave(initial, initial, false)).toBe(false);
  });

  it('a manual box is required, a number, from 0 to 10000 days', () => {
    expect(daysError('')).toBe('required');
    expect(daysError('  ')).toBe('required');
    expect(daysError('seven')).toBe('notNumber');
    expect(daysError('-1')).toBe('range');
    expect(daysError('10000.5')).toBe('range');
    expect(daysError('0')).toBeUndefined();
    expect(daysError('10000')).toBeUndefined();
    expect(daysError('2.5')).toBeUndefined();
  });

  it('is dirty after a change, not after changing back; "7" and "7.0" are the same', () => {
    const manual = setMode(initial, 'a', 'manual');
    expect(isDirty(manual, initial)).toBe(true);
    expect(isDirty(setMode(manual, 'a', 'automatic'), initial)).toBe(false);
    expect(isDirty(setDays(initial, 'b', '7.0'), initial)).toBe(false);
    expect(isDirty(setDays(initial, 'b', '8'), initial)).toBe(true);
    // An automatic row's hidden box does not count.
    expect(isDirty(setDays(initial, 'a', '99'), initial)).toBe(false);
  });

  it('save is enabled only when dirty, valid and not processing', () => {
    const changed = setDays(initial, 'b', '30');
    expect(canSave(changed, initial, false)).toBe(true);
    expect(canSave(changed, initial, true)).toBe(false);
    const invalid = setDays(initial, 'b', '10001');
    expect(isValid(invalid)).toBe(false);
    expect(canSave(invalid, initial, false)).toBe(false);
    expect(canSave(setDays(initial, 'b', ''), initial, false)).toBe(false);
    // An invalid box on a row switched back to automatic no longer blocks.
    const back = setMode(setDays(initial, 'b', ''), 'b', 'automatic');
    expect(canSave(back, initial, false)).toBe(true);
  });

  it('sends days x 86400 x 1000 ms per changed camera, 0 for a camera back to automatic', () => {
    const rows = setMode(setDays(setMode(initial, 'a', 'manual'), 'a', '7'), 'b', 'automatic');
    expect(savePayload(rows, initial)).toEqual([
      { cameraId: 'a', retention: 7 * 86_400 * 1000 },
      { cameraId: 'b', retention: 0 },
    ]);
    expect(savePayload(setDays(initial, 'b', '0.5'), initial)).toEqual([{ cameraId: 'b', retention: 43_200_000 }]);
    expect(savePayload(initial, initial)).toEqual([]);
  });

  it('reads manual days for the estimate: null when automatic, NaN when the box is invalid', () => {
    expect(manualDays(initial[0]!)).toBeNull();
    expect(manualDays(initial[1]!)).toBe(7);
    expect(manualDays({ cameraId: 'x', mode: 'manual', daysText: 'abc' })).toBeNaN();
  });
});
