/** Cameras and streams as the recorder serialises them, for the streams part's unit tests. */
import type { Camera, Stream, StreamCapabilities } from '../../../../../server/shared/api';

export const SIM_VIDEO_CAPABILITIES: StreamCapabilities = {
  Video: {
    Encoder: { type: 'enum', options: ['H264'] },
    Resolution: { type: 'enum', options: ['1280x720', '640x360'] },
    FrameRate: { type: 'int', min: 1, max: 25 },
    Quality: { type: 'float', min: 1, max: 10 },
    GOVLength: { type: 'int', min: 1, max: 250 },
    BitRate: { type: 'int', min: 64, max: 4096 },
    Profile: { type: 'enum', options: ['Baseline', 'Main'] },
  },
};

export function makeStream(overrides: Partial<Stream> & { id: string }): Stream {
  return {
    cameraId: 'cam-1',
    name: 'Main',
    href: `/service/streams/${overrides.id}`,
    rtsp: `rtsp://host:554/orchid/live?id=${overrides.id}`,
    status: { streamState: 'running' },
    retryCount: 0,
    lastArchiveWritten: null,
    pushesToCamera: true,
    recordingStyle: 'continuous-motion-adaptive',
    configuration: { Video: { Encoder: 'H264', Resolution: '1280x720', FrameRate: 25, Quality: 5, GOVLength: 50, BitRate: 2048, Profile: 'Baseline' } },
    recordingConfiguration: { mode: 'ALL_FEATURES_MODE', motionReducer: true, filesplit: { motionMode: 0, recordState: true } },
    capabilities: SIM_VIDEO_CAPABILITIES,
    dewarpConfiguration: null,
    ...overrides,
  };
}

export function makeCamera(overrides: Partial<Camera> & { id: string }): Camera {
  const streams = overrides.streams ?? [makeStream({ id: `${overrides.id}-s1`, cameraId: overrides.id })];
  return {
    name: overrides.id,
    orchidId: 'orchid',
    driver: 'ONVIF',
    displayModel: 'Sim',
    configuration: { IPAddress: '127.0.0.1', Manufacturer: 'Argus', Model: 'Sim', BaseUri: 'http://127.0.0.1' },
    capabilities: {
      camera: { PossibleStreams: 2, PTZ: { pan: 'false', tilt: 'false', zoom: 'false', relativeFOV: 'false', maxPresets: 0 } },
      ...SIM_VIDEO_CAPABILITIES,
    },
    primaryStream: streams[0] ? { id: streams[0].id, href: streams[0].href, rtsp: streams[0].rtsp, status: streams[0].status } : null,
    lastStreamState: 'running',
    permissions: { actions: { playback: true, live: true, ptz: true, export: true } },
    quirks: [],
    retention: 0,
    defunct: false,
    features: { ptzPresets: false, dewarpConfiguration: false },
    ...overrides,
    streams,
  };
}
