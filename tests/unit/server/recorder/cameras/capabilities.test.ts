import { describe, expect, it } from 'vitest';
import { INT32_MAX } from '../../../../../server/shared/stream-capabilities';
import {
  ptzCapabilitiesFrom,
  videoCapabilitiesFrom,
  videoConfigurationFrom,
} from '../../../../../server/recorder/cameras/capabilities';

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
