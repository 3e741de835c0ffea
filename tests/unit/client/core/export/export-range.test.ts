import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPORT_SPAN_MS, exportDurationText, exportRangeError, initialExportRange } from '../../../../../src/core/export/export-range';
import { en } from '../../../../../src/i18n/catalogue.en';
import { MESSAGES } from '../../../../../server/shared/validation';

const T0 = Date.UTC(2026, 10, 25, 8, 0, 0);

describe('export range validation (spec 5)', () => {
  it('accepts exactly 10 s and refuses anything shorter, reversed or empty', () => {
    expect(exportRangeError(T0, T0 + 10_000, 24)).toBeNull();
    expect(exportRangeError(T0, T0 + 9_999, 24)).toEqual({ code: 'too-short' });
    expect(exportRangeError(T0, T0, 24)).toEqual({ code: 'too-short' });
    expect(exportRangeError(T0 + 60_000, T0, 24)).toEqual({ code: 'too-short' });
  });

  it("refuses a range longer than the server's maxExportHours, and accepts one of exactly that length", () => {
    expect(exportRangeError(T0, T0 + 2 * 3_600_000, 2)).toBeNull();
    expect(exportRangeError(T0, T0 + 2 * 3_600_000 + 1000, 2)).toEqual({ code: 'too-long', maxHours: 2 });
    expect(exportRangeError(T0, T0 + 100 * 3_600_000, Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('calls a missing start or end incomplete', () => {
    expect(exportRangeError(null, T0, 24)).toEqual({ code: 'incomplete' });
    expect(exportRangeError(T0, null, 24)).toEqual({ code: 'incomplete' });
    expect(exportRangeError(T0, Number.NaN, 24)).toEqual({ code: 'incomplete' });
  });

  it("words the short range exactly as the spec does (two spaces after the first period), in the catalogue and the recorder", () => {
    const text = 'Invalid time selection.  Start time must be at least 10 seconds less than end time.';
    expect(en['export.tooShort']).toBe(text);
    expect(MESSAGES.exportRangeTooShort).toBe(text);
  });
});

describe('export duration display (spec 5: only when stop is after start)', () => {
  it('shows h:mm:ss', () => {
    expect(exportDurationText(T0, T0 + 20_000)).toBe('0:00:20');
    expect(exportDurationText(T0, T0 + 3_600_000 + 61_000)).toBe('1:01:01');
    expect(exportDurationText(T0, T0 + 25 * 3_600_000)).toBe('25:00:00');
    expect(exportDurationText(T0, T0 + 1)).toBe('0:00:00');
  });

  it('shows nothing when stop is not after start or a field is empty', () => {
    expect(exportDurationText(T0, T0)).toBeNull();
    expect(exportDurationText(T0, T0 - 1000)).toBeNull();
    expect(exportDurationText(null, T0)).toBeNull();
    expect(exportDurationText(T0, null)).toBeNull();
  });
});

describe('where the export dialog starts', () => {
  it('starts from the fine window (the selection), cut to whole seconds', () => {
    expect(initialExportRange({ startMs: T0 + 1_400, stopMs: T0 + 30_900 }, T0 + 120_000)).toEqual({ startMs: T0 + 1_000, stopMs: T0 + 30_000 });
  });

  it('never ends after now', () => {
    expect(initialExportRange({ startMs: T0, stopMs: T0 + 90_000 }, T0 + 60_500)).toEqual({ startMs: T0, stopMs: T0 + 60_000 });
  });

  it('without a selection (live) offers the last minute before now', () => {
    expect(initialExportRange(null, T0 + 500)).toEqual({ startMs: T0 - DEFAULT_EXPORT_SPAN_MS, stopMs: T0 });
  });
});
