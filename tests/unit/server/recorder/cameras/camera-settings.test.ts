import { describe, expect, it } from 'vitest';
import { followProfiles } from '../../../../../server/recorder/cameras/camera-recovery';
import type { ProbedCamera, ProbedStream } from '../../../../../server/recorder/cameras/cameras-connect';
import type { StreamRecord } from '../../../../../server/recorder/cameras/cameras-store';
import { encoderWriteOf, pushesToCamera, videoChanged } from '../../../../../server/recorder/cameras/stream-settings-push';

const stream = (id: string, token: string | null, position: number): StreamRecord => ({
  id,
  cameraId: 'c',
  name: id,
  sourceUri: `rtsp://old/${id}`,
  profileToken: token,
  configuration: { Video: { Resolution: '1280x720', FrameRate: 25 }, Options: { keep: 'yes' } },
  recordingConfiguration: { mode: 'EMBEDDED_LITE_MODE', filesplit: { motionMode: 0 } },
  capabilities: {},
  dewarpConfiguration: null,
  position,
  createdMs: 0,
});

const profile = (token: string, uri: string): ProbedStream => ({
  name: token,
  sourceUri: uri,
  profileToken: token,
  configuration: { Video: { Resolution: '640x360', FrameRate: 12 } },
  capabilities: { Video: { FrameRate: { type: 'int', min: 1, max: 25 } } },
});

const probed = (streams: ProbedStream[]): ProbedCamera => ({ ipAddress: '', manufacturer: '', model: '', possibleStreams: streams.length, ptz: { pan: 'false', tilt: 'false', zoom: 'false', relativeFOV: 'false', maxPresets: 0 }, streams });

describe('camera recovery', () => {
  it('keeps stream ids and settings, and takes the new URI, capabilities and Video by token', () => {
    const [main] = followProfiles('ONVIF', [stream('s1', 'p_main', 0)], probed([profile('p_sub', 'rtsp://new/sub'), profile('p_main', 'rtsp://new/main')]));
    expect(main).toMatchObject({ id: 's1', sourceUri: 'rtsp://new/main', profileToken: 'p_main', configuration: { Video: { FrameRate: 12 }, Options: { keep: 'yes' } } });
    expect(main!.recordingConfiguration.mode).toBe('EMBEDDED_LITE_MODE');
  });

  it('matches streams whose token is gone to the remaining profiles in order', () => {
    const result = followProfiles('ONVIF', [stream('b', 'old2', 1), stream('a', 'old1', 0)], probed([profile('n1', 'rtsp://new/1'), profile('n2', 'rtsp://new/2')]));
    expect(result.map((s) => [s.id, s.profileToken])).toEqual([['b', 'n2'], ['a', 'n1']]);
    expect(followProfiles('ONVIF', [stream('a', 'x', 0)], probed([]))[0]!.sourceUri).toBe('rtsp://old/a');
  });
});

describe('settings pushed to the camera', () => {
  it('pushes for ONVIF streams only, and only when something the camera encodes changed', () => {
    expect(pushesToCamera({ driver: 'ONVIF' }, { profileToken: 'p' })).toBe(true);
    expect(pushesToCamera({ driver: 'Generic RTSP' }, { profileToken: null })).toBe(false);
    expect(videoChanged({ FrameRate: 25 }, { FrameRate: 25 })).toBe(false);
    expect(videoChanged({ FrameRate: 25 }, { FrameRate: 10 })).toBe(true);
  });

  it('writes the size from Resolution and leaves BitRate 0 to the camera', () => {
    expect(encoderWriteOf({ Resolution: '640x360', FrameRate: 10, BitRate: 0, GOVLength: 20 })).toEqual({ width: 640, height: 360, frameRateLimit: 10, govLength: 20 });
  });
});
