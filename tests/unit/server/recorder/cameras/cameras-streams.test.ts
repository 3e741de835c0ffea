import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../../server/common/api-error';
import type { CameraRecord, StreamRecord } from '../../../../../server/recorder/cameras/cameras-store';
import { changedStream, checkDeletable, newStream, resolveRecording } from '../../../../../server/recorder/cameras/cameras-streams';
import { configurationFor } from '../../../../../server/shared/recording-style';

const profile = (token: string) => ({
  name: token,
  sourceUri: `rtsp://cam/${token}`,
  profileToken: token,
  configuration: { Video: { FrameRate: 25 } },
  capabilities: { Video: { FrameRate: { type: 'int' as const, min: 1, max: 25 } } },
});

const onvif: CameraRecord = {
  id: 'c',
  name: 'Cam',
  driver: 'ONVIF',
  uri: 'http://cam/onvif/device_service',
  username: '',
  password: '',
  ipAddress: 'cam',
  manufacturer: '',
  model: '',
  capabilities: { camera: { PossibleStreams: 2, PTZ: { pan: 'false', tilt: 'false', zoom: 'false', relativeFOV: 'false', maxPresets: 0 } } },
  profiles: [profile('main'), profile('sub')],
  quirks: [],
  primaryStreamId: null,
  defunct: false,
  createdMs: 0,
  updatedMs: 0,
};

const status = (fn: () => unknown): number => {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error.status;
    throw error;
  }
  return 0;
};

describe('stream rules', () => {
  const first = newStream(onvif, [], { name: 'Main' }, 's1', 0);

  it('takes a free profile and refuses a stream beyond PossibleStreams', () => {
    expect(first.profileToken).toBe('main');
    const second = newStream(onvif, [first], {}, 's2', 0);
    expect(second.profileToken).toBe('sub');
    expect(second.name).toBe('sub');
    expect(second.position).toBe(1);
    expect(status(() => newStream(onvif, [first, second], { name: 'Third' }, 's3', 0))).toBe(409);
  });

  it('clamps configuration to the capabilities and resolves the recording style', () => {
    const s = newStream(onvif, [], { name: 'x', configuration: { Video: { FrameRate: 99 } }, recordingStyle: 'proxy-only' }, 's', 0);
    expect(s.configuration.Video?.FrameRate).toBe(25);
    expect(s.recordingConfiguration).toEqual(configurationFor('proxy-only'));
  });

  it('refuses a recording configuration that is no style, or disagrees with the style given', () => {
    expect(status(() => resolveRecording({ recordingConfiguration: { mode: 'PROXY_ONLY_MODE', filesplit: { recordState: true } } }))).toBe(400);
    expect(
      status(() => resolveRecording({ recordingStyle: 'continuous', recordingConfiguration: configurationFor('proxy-only') })),
    ).toBe(400);
    expect(resolveRecording({})).toEqual(configurationFor('continuous-motion-adaptive'));
  });

  it('PUT needs a name, PATCH does not; Fixed cannot be changed by a request', () => {
    expect(status(() => changedStream(onvif, first, { recordingStyle: 'continuous' }, true))).toBe(400);
    const patched = changedStream(onvif, first, { recordingStyle: 'continuous', configuration: { Fixed: 'true' } }, false);
    expect(patched.name).toBe('Main');
    expect(patched.configuration.Fixed).toBeUndefined();
    expect(patched.recordingConfiguration.mode).toBe('EMBEDDED_LITE_MODE');
    expect(status(() => changedStream(onvif, first, { id: 'other' }, false))).toBe(400);
  });

  it('a Fixed stream cannot be deleted', () => {
    const fixed: StreamRecord = { ...first, configuration: { ...first.configuration, Fixed: 'true' } };
    expect(status(() => checkDeletable(fixed))).toBe(409);
    expect(status(() => checkDeletable(first))).toBe(0);
  });

  it('a Generic RTSP stream path moves where the stream is pulled from', () => {
    const generic: CameraRecord = { ...onvif, driver: 'Generic RTSP', uri: 'rtsp://cam:554/old' };
    const s: StreamRecord = { ...first, configuration: { General: { Path: '/old' }, Fixed: 'true' }, capabilities: {} };
    const moved = changedStream(generic, s, { configuration: { General: { Path: '/new?ch=2' } } }, false);
    expect(moved.sourceUri).toBe('rtsp://cam:554/new?ch=2');
    expect(moved.configuration.Fixed).toBe('true');
    expect(status(() => changedStream(generic, s, { configuration: { General: { Path: 'no-slash' } } }, false))).toBe(400);
  });
});
