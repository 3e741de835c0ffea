/**
 * Connecting to a camera to learn what it offers, for registration, verify
 * and connection changes. ONVIF: device information, one stream per H.264
 * media profile (its RTSP URI, encoder settings and options), PTZ. Generic
 * RTSP: ffprobe of the URI (codec, size, rate) and one Fixed stream whose
 * General.Path is the URI's path.
 *
 * Failures become 422 errors with a code per cause (credentials refused,
 * unreachable, not an ONVIF service, no such stream, not H.264), so the
 * person sees what to fix. Nothing here spawns through a shell: ffprobe gets
 * the URI as one argument.
 *
 * Cost: a few hundred ms to a few s per camera (network round trips).
 */
import type { CameraDriver, PtzCapabilities, StreamCapabilities, StreamConfiguration } from '../../shared/api';
import { OnvifError, readOnvifCamera } from '../media/onvif-client';
import { probeRtsp, RtspProbeError } from '../media/ingest/ffprobe';
import { withCredentials } from '../media/ingest/rtsp-url';
import { ApiError } from './api-error';
import { ptzCapabilitiesFrom, resolutionText, videoCapabilitiesFrom, videoConfigurationFrom } from './capabilities';
import { hostOf, type CleanConnection } from './cameras-validation';

export interface ProbedStream {
  name: string;
  /** Without credentials. */
  sourceUri: string;
  profileToken: string | null;
  configuration: StreamConfiguration;
  capabilities: StreamCapabilities;
}

export interface ProbedCamera {
  ipAddress: string;
  manufacturer: string;
  model: string;
  possibleStreams: number;
  ptz: PtzCapabilities;
  streams: ProbedStream[];
}

export interface CameraProber {
  probe(driver: CameraDriver, connection: CleanConnection): Promise<ProbedCamera>;
}

const CODES: Record<string, string> = {
  unauthorized: 'camera-authentication-failed',
  unreachable: 'camera-unreachable',
  timeout: 'camera-unreachable',
  'not-onvif': 'camera-not-onvif',
  'not-found': 'camera-stream-not-found',
  unsupported: 'camera-unsupported',
  'no-h264': 'camera-unsupported',
  failed: 'camera-error',
};

/** A camera problem as the API error the person sees (422: the request was fine, the camera cannot be used). */
export function cameraError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof OnvifError || error instanceof RtspProbeError) {
    return new ApiError(422, CODES[error.kind] ?? 'camera-error', error.message);
  }
  return new ApiError(422, 'camera-error', 'The camera could not be read.');
}

/** The URI without any userinfo the camera may have put in it. */
export function withoutCredentials(uri: string): string {
  try {
    const url = new URL(uri);
    url.username = '';
    url.password = '';
    return url.toString();
  } catch {
    return uri;
  }
}

/** Path and query of a URI ('/live?x=1'), '/' when it has none. */
export function pathOf(uri: string): string {
  const url = new URL(uri);
  return `${url.pathname || '/'}${url.search}`;
}

async function probeOnvif(connection: CleanConnection): Promise<ProbedCamera> {
  const info = await readOnvifCamera(connection);
  return {
    ipAddress: hostOf(connection.uri),
    manufacturer: info.manufacturer,
    model: info.model,
    possibleStreams: info.profiles.length,
    ptz: ptzCapabilitiesFrom(info.ptz),
    streams: info.profiles.map((profile) => ({
      name: profile.name,
      sourceUri: withoutCredentials(profile.streamUri),
      profileToken: profile.token,
      configuration: { Video: videoConfigurationFrom(profile.encoder) },
      capabilities: { Video: videoCapabilitiesFrom(profile.options) },
    })),
  };
}

async function probeGeneric(connection: CleanConnection): Promise<ProbedCamera> {
  const probe = await probeRtsp(withCredentials(connection.uri, connection.username, connection.password));
  const video: StreamConfiguration['Video'] = { Encoder: 'H264' };
  if (probe.width > 0 && probe.height > 0) video.Resolution = resolutionText(probe.width, probe.height);
  if (probe.frameRate !== undefined) video.FrameRate = probe.frameRate;
  return {
    ipAddress: hostOf(connection.uri),
    manufacturer: '',
    model: '',
    possibleStreams: 1,
    ptz: ptzCapabilitiesFrom(undefined),
    streams: [
      {
        name: 'Stream',
        sourceUri: connection.uri,
        profileToken: null,
        configuration: { General: { Path: pathOf(connection.uri) }, Video: video, Fixed: 'true' },
        capabilities: { General: { Path: { type: 'string' } } },
      },
    ],
  };
}

export class MediaCameraProber implements CameraProber {
  async probe(driver: CameraDriver, connection: CleanConnection): Promise<ProbedCamera> {
    try {
      return driver === 'ONVIF' ? await probeOnvif(connection) : await probeGeneric(connection);
    } catch (error) {
      throw cameraError(error);
    }
  }
}
