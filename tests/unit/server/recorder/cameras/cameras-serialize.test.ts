import { describe, expect, it } from 'vitest';
import type { CameraRecord, StreamRecord } from '../../../../../server/recorder/cameras/cameras-store';
import { hostWithoutPort, serializeCamera, type SerializeContext } from '../../../../../server/recorder/cameras/cameras-serialize';
import { configurationFor } from '../../../../../server/shared/recording-style';

const PASSWORD = 'pa55-Very-Secret';
const USERNAME = 'operator-user';

const camera: CameraRecord = {
  id: 'cam-1',
  name: 'Lobby',
  driver: 'ONVIF',
  uri: 'http://10.0.0.5/onvif/device_service',
  username: USERNAME,
  password: PASSWORD,
  ipAddress: '10.0.0.5',
  manufacturer: 'Acme',
  model: 'X1',
  capabilities: { camera: { PossibleStreams: 2, PTZ: { pan: 'true', tilt: 'true', zoom: 'false', relativeFOV: 'false', maxPresets: 10 } } },
  profiles: [],
  quirks: ['zoom-override'],
  primaryStreamId: 'st-2',
  defunct: false,
  createdMs: 1,
  updatedMs: 2,
};

const stream = (id: string, position: number): StreamRecord => ({
  id,
  cameraId: 'cam-1',
  name: `Stream ${position}`,
  sourceUri: 'rtsp://10.0.0.5/live',
  profileToken: `p${position}`,
  configuration: { Video: { Resolution: '1280x720' } },
  recordingConfiguration: configurationFor('proxy-only'),
  capabilities: {},
  dewarpConfiguration: null,
  position,
  createdMs: 1,
});

const context: SerializeContext = {
  orchidId: 'orchid-1',
  rtspHost: 'vms.example',
  rtspPort: 8554,
  role: 'Viewer',
  runtime: (id) => ({ streamState: id === 'st-2' ? 'running' : 'restarting', retryCount: 3, lastArchiveWritten: 42 }),
  retentionMs: () => 86_400_000,
};

describe('camera serialization', () => {
  const shown = serializeCamera(camera, [stream('st-1', 0), stream('st-2', 1)], context);

  it('never contains the camera password or username', () => {
    const text = JSON.stringify(shown);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(USERNAME);
    expect(text).not.toMatch(/password/i);
  });

  it('has the fields of spec 3', () => {
    expect(Object.keys(shown).sort()).toEqual(
      [
        'capabilities',
        'configuration',
        'defunct',
        'displayModel',
        'driver',
        'features',
        'id',
        'lastStreamState',
        'name',
        'orchidId',
        'permissions',
        'primaryStream',
        'quirks',
        'retention',
        'streams',
      ].sort(),
    );
    expect(shown.configuration).toEqual({ IPAddress: '10.0.0.5', Manufacturer: 'Acme', Model: 'X1', BaseUri: 'http://10.0.0.5/onvif/device_service' });
    expect(shown.displayModel).toBe('Acme X1');
    expect(shown.permissions.actions).toEqual({ live: true, playback: true, ptz: false, export: false });
    expect(shown.features).toEqual({ ptzPresets: true, dewarpConfiguration: false });
    expect(shown.retention).toBe(86_400_000);
  });

  it('derives stream URLs and takes the primary stream state', () => {
    expect(shown.primaryStream).toEqual({
      id: 'st-2',
      href: '/service/streams/st-2',
      rtsp: 'rtsp://vms.example:8554/orchid/live?id=st-2',
      status: { streamState: 'running' },
    });
    expect(shown.lastStreamState).toBe('running');
    expect(shown.streams[0]).toMatchObject({ recordingStyle: 'proxy-only', retryCount: 3, lastArchiveWritten: 42, status: { streamState: 'restarting' } });
  });

  it('takes the host from a Host header without its port', () => {
    expect(hostWithoutPort('vms.example:8080')).toBe('vms.example');
    expect(hostWithoutPort('[::1]:8080')).toBe('[::1]');
    expect(hostWithoutPort(undefined)).toBe('127.0.0.1');
    expect(hostWithoutPort('evil/host:1')).toBe('127.0.0.1');
  });
});
