import { describe, expect, it } from 'vitest';
import type { Capability } from '../../../../../server/shared/api';
import { clampCapabilityValue } from '../../../../../server/recorder/cameras/capabilities';
import {
  capabilityEntries,
  clampNumber,
  effectiveRange,
  enumValue,
  fitCapabilityValue,
  fitCategory,
  INT32_MAX,
} from '../../../../../src/core/cameras/stream-capabilities';

const int = (min: number, max: number) => ({ type: 'int' as const, min, max });
const float = (min: number, max: number) => ({ type: 'float' as const, min, max });

describe('capability clamping (spec 5)', () => {
  it('clamps an int to min and max and rounds it', () => {
    expect(clampNumber('FrameRate', 0, int(1, 30))).toBe(1);
    expect(clampNumber('FrameRate', 45, int(1, 30))).toBe(30);
    expect(clampNumber('FrameRate', 12.6, int(1, 30))).toBe(13);
    expect(clampNumber('FrameRate', '15', int(1, 30))).toBe(15);
  });

  it('clamps a float without rounding', () => {
    expect(clampNumber('Quality', 7.5, float(1, 10))).toBe(7.5);
    expect(clampNumber('Quality', 11, float(1, 10))).toBe(10);
    expect(clampNumber('Quality', 0.2, float(1, 10))).toBe(1);
  });

  it('lets a BitRate whose minimum is 1 be 0', () => {
    expect(effectiveRange('BitRate', { min: 1, max: 4096 })).toEqual({ min: 0, max: 4096 });
    expect(clampNumber('BitRate', 0, int(1, 4096))).toBe(0);
    // Only BitRate, and only a minimum of 1.
    expect(clampNumber('FrameRate', 0, int(1, 30))).toBe(1);
    expect(clampNumber('BitRate', 0, int(64, 4096))).toBe(64);
  });

  it('turns 2147483647 into 0', () => {
    expect(clampNumber('BitRate', INT32_MAX, int(0, INT32_MAX))).toBe(0);
    expect(fitCapabilityValue('BitRate', String(INT32_MAX), int(1, 4096))).toBe(0);
  });

  it('gives the minimum for text that is no number', () => {
    expect(clampNumber('FrameRate', 'fast', int(5, 30))).toBe(5);
  });

  it('keeps an enum value among the options and falls back to the last option otherwise', () => {
    expect(enumValue('640x360', ['1280x720', '640x360'])).toBe('640x360');
    expect(enumValue('1920x1080', ['1280x720', '640x360'])).toBe('640x360');
    expect(enumValue(undefined, ['H264', 'MJPEG'])).toBe('MJPEG');
  });

  it('reads bool and text capabilities', () => {
    expect(fitCapabilityValue('Mute', 'true', { type: 'bool' })).toBe(true);
    expect(fitCapabilityValue('Mute', 'no', { type: 'bool' })).toBe(false);
    expect(fitCapabilityValue('Path', '/live', { type: 'string' })).toBe('/live');
    expect(fitCapabilityValue('Address', 10, { type: 'ip_address' })).toBe('10');
  });

  it('fits only the settings that have a capability', () => {
    expect(fitCategory({ FrameRate: 99, Custom: 'x', Gone: undefined }, { FrameRate: int(1, 30) })).toEqual({ FrameRate: 30, Custom: 'x' });
  });

  it('agrees with the recorder on numbers, enums and bools', () => {
    const cases: Array<[string, unknown, Capability]> = [
      ['FrameRate', 0, int(1, 30)],
      ['FrameRate', 31.4, int(1, 30)],
      ['BitRate', 0, int(1, 4096)],
      ['BitRate', INT32_MAX, int(1, 4096)],
      ['Quality', 3.3, float(1, 10)],
      ['Resolution', '1x1', { type: 'enum', options: ['1280x720', '640x360'] }],
      ['Mute', 'true', { type: 'bool' }],
    ];
    for (const [name, value, capability] of cases) expect(fitCapabilityValue(name, value, capability)).toEqual(clampCapabilityValue(name, value, capability));
  });
});

describe('capability inputs', () => {
  it('lists General, Video then Audio, the well-known video settings first', () => {
    const entries = capabilityEntries({
      Video: { Quality: float(1, 10), Zoom: { type: 'bool' }, FrameRate: int(1, 30), Resolution: { type: 'enum', options: ['a'] } },
      General: { Path: { type: 'string' } },
      Audio: { SampleRate: int(8000, 48000) },
    });
    expect(entries.map((e) => `${e.category}.${e.name}`)).toEqual(['General.Path', 'Video.Resolution', 'Video.FrameRate', 'Video.Quality', 'Video.Zoom', 'Audio.SampleRate']);
  });

  it('lists nothing for a stream without capabilities', () => {
    expect(capabilityEntries(undefined)).toEqual([]);
  });
});
