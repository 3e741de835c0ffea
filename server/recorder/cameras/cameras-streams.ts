/**
 * The rules for a camera's streams (spec 4, 5), as pure functions over
 * records: a new stream takes a media profile no other stream uses, so a
 * camera never has more streams than PossibleStreams; a Fixed stream (the
 * Generic RTSP one) cannot be deleted; a recording style or configuration is
 * resolved to exactly one of the five styles or refused; stream settings are
 * clamped to the stream's capabilities; a Generic RTSP stream's General.Path
 * sets where it is pulled from. The server decides Fixed; a request cannot
 * change it.
 */
import type {
  RecordingConfiguration,
  StreamConfiguration,
  StreamConfigurationInput,
  StreamDewarpConfiguration,
  StreamRequest,
} from '../../shared/api';
import { badRequest, conflict } from '../../common/api-error';
import { CapabilityError, clampStreamConfiguration } from '../../shared/stream-capabilities';
import type { ProbedStream } from './cameras-connect';
import type { CameraRecord, StreamRecord } from './cameras-store';
import { hasControlCharacters, validateStreamName } from './cameras-validation';
import { checkMotionConfiguration } from '../core/motion-settings';
import { configurationFor, DEFAULT_RECORDING_STYLE, RecordingStyleError, styleOf } from '../../shared/recording-style';
import { joinRtspPath } from '../ingest';

export const PATH_MAX_LENGTH = 1024;

function check(message: string | undefined): void {
  if (message) throw badRequest(message);
}

/** The recording configuration a request asks for, or `current` when it asks for none. */
export function resolveRecording(request: Pick<StreamRequest, 'recordingStyle' | 'recordingConfiguration'>, current?: RecordingConfiguration): RecordingConfiguration {
  try {
    if (request.recordingConfiguration) {
      const style = styleOf(request.recordingConfiguration);
      if (request.recordingStyle !== undefined && request.recordingStyle !== style) {
        throw badRequest(`The recording configuration is the style '${style}', not '${request.recordingStyle}'.`, 'unknown-recording-style');
      }
      return checkMotionConfiguration(request.recordingConfiguration);
    }
    if (request.recordingStyle !== undefined) return configurationFor(request.recordingStyle, current);
    return current ?? configurationFor(DEFAULT_RECORDING_STYLE);
  } catch (error) {
    if (error instanceof RecordingStyleError) throw badRequest(error.message, 'unknown-recording-style');
    throw error;
  }
}

/** Checks a Generic RTSP path ('/live/main?x=1'). */
export function validateStreamPath(path: unknown): string | undefined {
  if (typeof path !== 'string' || !path.startsWith('/')) return 'The stream path must start with /.';
  if (path.length > PATH_MAX_LENGTH) return `The stream path must be ${PATH_MAX_LENGTH} characters or fewer.`;
  if (hasControlCharacters(path) || /[\s"<>\\^`{|}#]/.test(path)) return 'The stream path contains characters a URL cannot hold.';
  return undefined;
}

function mergeConfiguration(
  current: StreamConfiguration,
  requested: StreamConfigurationInput | undefined,
  stream: Pick<StreamRecord, 'capabilities'>,
  replace: boolean,
): StreamConfiguration {
  if (!requested) return current;
  const merged: StreamConfigurationInput = replace
    ? { ...requested }
    : {
        ...current,
        ...requested,
        Video: requested.Video ? { ...current.Video, ...requested.Video } : current.Video,
        General: requested.General ? { ...current.General, ...requested.General } : current.General,
      };
  // Fixed belongs to the server: it follows the stream's kind, never the request.
  if (current.Fixed !== undefined) merged.Fixed = current.Fixed;
  else delete merged.Fixed;
  for (const key of Object.keys(merged) as Array<keyof StreamConfigurationInput>) if (merged[key] === undefined) delete merged[key];
  try {
    return clampStreamConfiguration(merged, stream.capabilities);
  } catch (error) {
    if (error instanceof CapabilityError) throw badRequest(error.message, 'invalid-stream-configuration');
    throw error;
  }
}

function dewarpOf(request: StreamRequest, current: StreamDewarpConfiguration | null): StreamDewarpConfiguration | null {
  return request.dewarpConfiguration === undefined ? current : request.dewarpConfiguration;
}

/** Where a Generic RTSP stream is pulled from after a configuration change. */
function sourceFor(camera: CameraRecord, configuration: StreamConfiguration, currentSource: string): string {
  if (camera.driver !== 'Generic RTSP') return currentSource;
  const path = configuration.General?.Path;
  if (path === undefined) return currentSource;
  check(validateStreamPath(path));
  return joinRtspPath(camera.uri, path);
}

/** A profile of the camera no stream uses yet; 409 when the camera has PossibleStreams streams already. */
export function freeProfile(camera: CameraRecord, streams: readonly StreamRecord[]): ProbedStream {
  const possible = camera.capabilities.camera.PossibleStreams;
  const used = new Set(streams.map((s) => s.profileToken ?? s.sourceUri));
  const free = camera.profiles.find((p) => !used.has(p.profileToken ?? p.sourceUri));
  if (streams.length >= possible || !free) {
    throw conflict(`This camera allows at most ${possible} stream${possible === 1 ? '' : 's'}.`, 'possible-streams-reached');
  }
  return free;
}

/** A new stream record for POST /service/cameras/{id}/streams. */
export function newStream(
  camera: CameraRecord,
  streams: readonly StreamRecord[],
  request: StreamRequest,
  id: string,
  nowMs: number,
): StreamRecord {
  const profile = freeProfile(camera, streams);
  const name = request.name ?? profile.name;
  check(validateStreamName(name));
  const base: StreamRecord = {
    id,
    cameraId: camera.id,
    name,
    sourceUri: profile.sourceUri,
    profileToken: profile.profileToken,
    configuration: profile.configuration,
    recordingConfiguration: resolveRecording(request),
    capabilities: profile.capabilities,
    dewarpConfiguration: request.dewarpConfiguration ?? null,
    position: Math.max(-1, ...streams.map((s) => s.position)) + 1,
    createdMs: nowMs,
  };
  const configuration = mergeConfiguration(base.configuration, request.configuration, base, false);
  return { ...base, configuration, sourceUri: sourceFor(camera, configuration, base.sourceUri) };
}

/** A stream after PUT (`replace`: name required, configuration replaced) or PATCH (any part merged). */
export function changedStream(camera: CameraRecord, stream: StreamRecord, request: StreamRequest, replace: boolean): StreamRecord {
  if (request.id !== undefined && request.id !== stream.id) throw badRequest('The stream id in the body does not match the path.');
  if (replace || request.name !== undefined) check(validateStreamName(request.name));
  const configuration = mergeConfiguration(stream.configuration, request.configuration, stream, replace);
  return {
    ...stream,
    name: request.name ?? stream.name,
    configuration,
    recordingConfiguration: resolveRecording(request, stream.recordingConfiguration),
    dewarpConfiguration: dewarpOf(request, stream.dewarpConfiguration),
    sourceUri: sourceFor(camera, configuration, stream.sourceUri),
  };
}

/** Refuses to delete a Fixed stream. */
export function checkDeletable(stream: StreamRecord): void {
  if (stream.configuration.Fixed === 'true') throw conflict('This stream is fixed and cannot be deleted.', 'stream-fixed');
}
