/**
 * Connecting to a camera to learn what it offers, for registration, verify
 * and connection changes. ONVIF: device information, one stream per H.264
 * media profile (its RTSP URI, encoder settings and options), PTZ. Generic
 * RTSP: ffprobe of the URI (codec, size, rate) and one Fixed stream whose
 * General.Path is the URI's path.
 *
 * Failures become 422 errors with a code per cause the person can fix
 * (credentials refused, no such stream, not H.264). Every way of not getting
 * through (port closed, something else than RTSP/ONVIF listening, no answer,
 * wrong host, an answer the client cannot parse) gets one and the same
 * 'camera-unreachable' reason, so the reply does not map a network's ports
 * nor show internal error texts; the detail goes to the server log. Nothing
 * here spawns through a shell: ffprobe gets the URI as one argument.
 *
 * Cost: a few hundred ms to a few s per camera (network round trips).
 */
import type { CameraDriver, PtzCapabilities, StreamCapabilities, StreamConfiguration } from '../../shared/api';
import { OnvifError, readOnvifCamera } from '../core/onvif-client';
import { probeRtsp, RtspProbeError, type CredentialRelay } from '../ingest';
import { redactText, withoutCredentials } from '../../protocols/uri-redaction';
import { ApiError } from '../../common/api-error';
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

/** Causes a reachable camera reports and the person can act on; their messages are our own texts. */
const REPORTED_CODES: Record<string, string> = {
  unauthorized: 'camera-authentication-failed',
  'not-found': 'camera-stream-not-found',
  unsupported: 'camera-unsupported',
  'no-h264': 'camera-unsupported',
  refused: 'camera-settings-refused',
};

/** The one answer for every way of not getting through to a camera. */
export const CANNOT_CONNECT = { code: 'camera-unreachable', reason: 'Cannot connect to the camera. Check its address, port and that it is on.' };

export interface CameraLog {
  warn(message: string): void;
}

/**
 * A camera problem as the API error the person sees (422: the request was
 * fine, the camera cannot be used). Anything but a reported cause answers
 * CANNOT_CONNECT; its detail goes to `log`.
 */
export function cameraError(error: unknown, log?: CameraLog, uri?: string): ApiError {
  if (error instanceof ApiError) return error;
  if ((error instanceof OnvifError || error instanceof RtspProbeError) && REPORTED_CODES[error.kind]) {
    return new ApiError(422, REPORTED_CODES[error.kind]!, error.message);
  }
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const where = uri ? ` (${redactText(withoutCredentials(uri))})` : '';
  log?.warn(`cannot connect to a camera${where}: ${redactText(detail).slice(0, 500)}`);
  return new ApiError(422, CANNOT_CONNECT.code, CANNOT_CONNECT.reason);
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

async function probeGeneric(connection: CleanConnection, relay: CredentialRelay): Promise<ProbedCamera> {
  const lease = connection.username || connection.password ? relay.lease(connection) : undefined;
  let probe;
  try {
    probe = await probeRtsp(lease?.url ?? connection.uri, undefined, (pid) => lease?.bindPid(pid));
  } finally {
    lease?.release();
  }
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
  constructor(
    private readonly relay: CredentialRelay,
    private readonly log?: CameraLog,
  ) {}

  async probe(driver: CameraDriver, connection: CleanConnection): Promise<ProbedCamera> {
    try {
      return driver === 'ONVIF' ? await probeOnvif(connection) : await probeGeneric(connection, this.relay);
    } catch (error) {
      throw cameraError(error, this.log, connection.uri);
    }
  }
}
