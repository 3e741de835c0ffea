import { describe, expect, it } from 'vitest';
import type { Capability } from '../../../../server/shared/api';
import {
  CapabilityError,
  clampCapabilityValue,
  clampNumber,
  clampStreamConfiguration,
  effectiveRange,
  enumValue,
  fitCapabilityValue,
  fitCategory,
  INT32_MAX,
} from '../../../../server/shared/stream-capabilities';

const int = (min: number, max: number) => ({ type: 'int' as const, min, max });
const float = (min: number, max: number) => ({ type: 'float' as const, min, max });

describe('capability clamping (spec 5)', () => {
  it('clamps numbers to min and max, rounding ints', () => {
    expect(clampCapabilityValue('FrameRate', 60, int(1, 30))).toBe(30);
    expect(clampCapabilityValue('FrameRate', 0, int(1, 30))).toBe(1);
    expect(clampCapabilityValue('FrameRate', 12.6, int(1, 30))).toBe(13);
    expect(clampCapabilityValue('Quality', 12.5, float(1, 10))).toBe(10);
    expect(clampCapabilityValue('Quality', 4.5, float(1, 10))).toBe(4.5);
    expect(clampCapabilityValue('Quality', 0.2, float(1, 10))).toBe(1);
    expect(clampCapabilityValue('FrameRate', '20', int(1, 30))).toBe(20);
  });

  it('lets a BitRate whose minimum is 1 be 0', () => {
    expect(effectiveRange('BitRate', { min: 1, max: 4096 })).toEqual({ min: 0, max: 4096 });
    expect(clampCapabilityValue('BitRate', 0, int(1, 8000))).toBe(0);
    expect(clampCapabilityValue('BitRate', -5, int(1, 8000))).toBe(0);
    // Only BitRate, only min 1.
    expect(clampCapabilityValue('GOVLength', 0, int(1, 100))).toBe(1);
    expect(clampCapabilityValue('BitRate', 0, int(64, 8000))).toBe(64);
  });

  it('turns 2147483647 into 0', () => {
    expect(clampCapabilityValue('BitRate', INT32_MAX, int(1, INT32_MAX))).toBe(0);
    expect(clampCapabilityValue('GOVLength', INT32_MAX, int(1, 100))).toBe(0);
    expect(clampCapabilityValue('BitRate', String(INT32_MAX), int(1, 4096))).toBe(0);
  });

  it('falls back to the last option for an enum value not among the options', () => {
    const resolutions: Capability = { type: 'enum', options: ['1920x1080', '1280x720', '640x360'] };
    expect(clampCapabilityValue('Resolution', '1280x720', resolutions)).toBe('1280x720');
    expect(clampCapabilityValue('Resolution', '800x600', resolutions)).toBe('640x360');
  });

  it('reads bool and text capabilities', () => {
    expect(clampCapabilityValue('Mute', 'true', { type: 'bool' })).toBe(true);
    expect(clampCapabilityValue('Mute', false, { type: 'bool' })).toBe(false);
    expect(clampCapabilityValue('Path', '/live', { type: 'string' })).toBe('/live');
    expect(clampCapabilityValue('Address', 10, { type: 'ip_address' })).toBe('10');
  });

  it('refuses values of the wrong kind', () => {
    expect(() => clampCapabilityValue('FrameRate', 'fast', int(1, 30))).toThrow(CapabilityError);
    expect(() => clampCapabilityValue('Enabled', 'maybe', { type: 'bool' })).toThrow(CapabilityError);
    expect(() => clampCapabilityValue('Path', {}, { type: 'string' })).toThrow(CapabilityError);
    expect(() => clampCapabilityValue('Encoder', 'H264', { type: 'enum', options: [] })).toThrow(CapabilityError);
  });

  it('clamps a whole configuration and keeps settings without a capability', () => {
    const config = clampStreamConfiguration(
      { Video: { FrameRate: 50, Resolution: '1x1', BitRate: INT32_MAX, Encoder: 'H264' }, General: { Path: '/x' } },
      { Video: { FrameRate: int(1, 25), Resolution: { type: 'enum', options: ['1280x720', '640x360'] }, BitRate: int(1, 4096) } },
    );
    expect(config).toEqual({ Video: { FrameRate: 25, Resolution: '640x360', BitRate: 0, Encoder: 'H264' }, General: { Path: '/x' } });
  });
});

describe('capability fitting for a form (same rules, fallbacks instead of errors)', () => {
  it('gives what the recorder stores for values of the right kind', () => {
    const cases: Array<[string, unknown, Capability]> = [
      ['FrameRate', 0, int(1, 30)],
      ['FrameRate', 31.4, int(1, 30)],
      ['BitRate', 0, int(1, 4096)],
      ['BitRate', INT32_MAX, int(1, 4096)],
      ['Quality', 3.3, float(1, 10)],
      ['Resolution', '1x1', { type: 'enum', options: ['1280x720', '640x360'] }],
      ['Mute', 'true', { type: 'bool' }],
      ['Path', '/live', { type: 'string' }],
    ];
    for (const [name, value, capability] of cases) expect(fitCapabilityValue(name, value, capability)).toEqual(clampCapabilityValue(name, value, capability));
  });

  it('gives the range minimum for text that is no number', () => {
    expect(clampNumber('FrameRate', 'fast', int(5, 30))).toBe(5);
    expect(clampNumber('BitRate', '', int(1, 4096))).toBe(0);
    expect(clampNumber('FrameRate', '15', int(1, 30))).toBe(15);
  });

  it('gives false for a bool that is not true, and empty text for a value that is no text', () => {
    expect(fitCapabilityValue('Mute', 'no', { type: 'bool' })).toBe(false);
    expect(fitCapabilityValue('Path', undefined, { type: 'string' })).toBe('');
  });

  it('keeps an enum value among the options, else the last option, else empty text', () => {
    expect(enumValue('640x360', ['1280x720', '640x360'])).toBe('640x360');
    expect(enumValue('1920x1080', ['1280x720', '640x360'])).toBe('640x360');
    expect(enumValue(undefined, ['H264', 'MJPEG'])).toBe('MJPEG');
    expect(enumValue('H264', [])).toBe('');
  });

  it('fits only the settings that have a capability and drops empty ones', () => {
    expect(fitCategory({ FrameRate: 99, Custom: 'x', Gone: undefined }, { FrameRate: int(1, 30) })).toEqual({ FrameRate: 30, Custom: 'x' });
  });
});
