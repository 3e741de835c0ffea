import { describe, expect, it } from 'vitest';
import { BRUSH_SIZE, OBJECT_SIZE, normalizeBrushSize, parseObjectSize, storedObjectSize } from '../../../../../src/core/motion/motion-settings';

describe('brush size', () => {
  it('is 1-200 with default 40 (spec 9)', () => {
    expect(BRUSH_SIZE).toEqual({ min: 1, max: 200, default: 40 });
  });

  it('is pulled into range and rounded', () => {
    expect(normalizeBrushSize(0)).toBe(1);
    expect(normalizeBrushSize(-5)).toBe(1);
    expect(normalizeBrushSize(250)).toBe(200);
    expect(normalizeBrushSize(39.6)).toBe(40);
    expect(normalizeBrushSize(Number.NaN)).toBe(40);
  });
});

describe('object size', () => {
  it('is 0-100 with default 5 (spec 9)', () => {
    expect(OBJECT_SIZE).toEqual({ min: 0, max: 100, default: 5 });
  });

  it('accepts 0 to 100', () => {
    expect(parseObjectSize('0')).toEqual({ ok: true, value: 0 });
    expect(parseObjectSize(' 5 ')).toEqual({ ok: true, value: 5 });
    expect(parseObjectSize('100')).toEqual({ ok: true, value: 100 });
    expect(parseObjectSize('12.5')).toEqual({ ok: true, value: 12.5 });
  });

  it('makes a negative value positive (spec 5)', () => {
    expect(parseObjectSize('-12')).toEqual({ ok: true, value: 12 });
    expect(parseObjectSize('-100')).toEqual({ ok: true, value: 100 });
  });

  it('calls out-of-range, empty and non-numbers errors', () => {
    expect(parseObjectSize('101')).toEqual({ ok: false, error: 'out-of-range' });
    expect(parseObjectSize('-150')).toEqual({ ok: false, error: 'out-of-range' });
    expect(parseObjectSize('')).toEqual({ ok: false, error: 'required' });
    expect(parseObjectSize('abc')).toEqual({ ok: false, error: 'not-a-number' });
    expect(parseObjectSize('Infinity')).toEqual({ ok: false, error: 'not-a-number' });
  });

  it('shows the stored value, or the default when there is none', () => {
    expect(storedObjectSize(undefined)).toBe(5);
    expect(storedObjectSize(20)).toBe(20);
    expect(storedObjectSize(-7)).toBe(7);
    expect(storedObjectSize(Number.NaN)).toBe(5);
  });
});
