import { describe, expect, it } from 'vitest';
import type { Capability } from '../../../../../server/shared/api';
import {
  CapabilityError,
  clampCapabilityValue,
  clampStreamConfiguration,
  INT32_MAX,
  ptzCapabilitiesFrom,
  videoCapabilitiesFrom,
  videoConfigurationFrom,
} from '../../../../../server/recorder/cameras/capabilities';

const int = (min: number, max: number): Capability => ({ type: 'int', min, max });

describe('capability clamping (spec 5)', () => {
  it('clamps numbers to min and max, rounding ints', () => {
    expect(clampCapabilityValue('FrameRate', 60, int(1, 30))).toBe(30);
    expect(clampCapabilityValue('FrameRate', 0, int(1, 30))).toBe(1);
    expect(clampCapabilityValue('FrameRate', 12.6, int(1, 30))).toBe(13);
    expect(clampCapabilityValue('Quality', 12.5, { type: 'float', min: 1, max: 10 })).toBe(10);
    expect(clampCapabilityValue('Quality', 4.5, { type: 'float', min: 1, max: 10 })).toBe(4.5);
    expect(clampCapabilityValue('FrameRate', '20', int(1, 30))).toBe(20);
  });

  it('lets a BitRate whose minimum is 1 be 0', () => {
    expect(clampCapabilityValue('BitRate', 0, int(1, 8000))).toBe(0);
    expect(clampCapabilityValue('BitRate', -5, int(1, 8000))).toBe(0);
    // Only BitRate, only min 1.
    expect(clampCapabilityValue('GOVLength', 0, int(1, 100))).toBe(1);
    expect(clampCapabilityValue('BitRate', 0, int(64, 8000))).toBe(64);
  });

  it('turns 2147483647 into 0', () => {
    expect(clampCapabilityValue('BitRate', INT32_MAX, int(1, INT32_MAX))).toBe(0);
    expect(clampCapabilityValue('GOVLength', INT32_MAX, int(1, 100))).toBe(0);
  });

  it('falls back to the last option for an enum value not among the options', () => {
    const resolutions: Capability = { type: 'enum', options: ['1920x1080', '1280x720', '640x360'] };
    expect(clampCapabilityValue('Resolution', '1280x720', resolutions)).toBe('1280x720');
    expect(clampCapabilityValue('Resolution', '800x600', resolutions)).toBe('640x360');
  });

  it('refuses values of the wrong kind', () => {
    expect(() => clampCapabilityValue('FrameRate', 'fast', int(1, 30))).toThrow(CapabilityError);
    expect(() => clampCapabilityValue('Enabled', 'maybe', { type: 'bool' })).toThrow(CapabilityError);
  });

  it('clamps a whole configuration and keeps settings without a capability', () => {
    const config = clampStreamConfiguration(
      { Video: { FrameRate: 50, Resolution: '1x1', BitRate: INT32_MAX, Encoder: 'H264' }, General: { Path: '/x' } },
      { Video: { FrameRate: int(1, 25), Resolution: { type: 'enum', options: ['1280x720', '640x360'] }, BitRate: int(1, 4096) } },
    );
    expect(config).toEqual({ Video: { FrameRate: 25, Resolution: '640x360', BitRate: 0, Encoder: 'H264' }, General: { Path: '/x' } });
  });
});

describe('capabilities from an ONVIF camera', () => {
  it('builds Video capabilities from encoder options', () => {
    const caps = videoCapabilitiesFrom({
      encodings: ['H264', 'JPEG'],
      resolutions: [{ width: 1280, height: 720 }],
      frameRateRange: { min: 1, max: 25 },
      bitrateRange: { min: 64, max: 4096 },
      profiles: ['Baseline', 'Main'],
    });
    expect(caps).toEqual({
      Encoder: { type: 'enum', options: ['H264'] },
      Resolution: { type: 'enum', options: ['1280x720'] },
      FrameRate: { type: 'int', min: 1, max: 25 },
      BitRate: { type: 'int', min: 64, max: 4096 },
      Profile: { type: 'enum', options: ['Baseline', 'Main'] },
    });
    expect(videoCapabilitiesFrom(undefined)).toEqual({});
  });

  it('builds the Video configuration from encoder settings', () => {
    expect(
      videoConfigurationFrom({ token: 't', encoding: 'H264', width: 640, height: 360, frameRateLimit: 25, bitrateLimit: INT32_MAX, govLength: 25, quality: 5 }),
    ).toEqual({ Encoder: 'H264', Resolution: '640x360', FrameRate: 25, BitRate: 0, GOVLength: 25, Quality: 5 });
  });

  it("shows PTZ as 'true'/'false' strings with presets defaulting to 10", () => {
    expect(ptzCapabilitiesFrom({ pan: true, tilt: true, zoom: false, relativeFov: true, maxPresets: undefined })).toEqual({
      pan: 'true',
      tilt: 'true',
      zoom: 'false',
      relativeFOV: 'true',
      maxPresets: 10,
    });
    expect(ptzCapabilitiesFrom(undefined)).toEqual({ pan: 'false', tilt: 'false', zoom: 'false', relativeFOV: 'false', maxPresets: 0 });
  });
});
