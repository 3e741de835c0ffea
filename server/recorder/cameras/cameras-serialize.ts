/**
 * Cameras and streams as the API shows them (spec 3). Pure. The record's
 * username and password are never read here, so no reply can carry them;
 * the connection URI is shown without userinfo (it is stored that way).
 *
 * Derived fields: stream href `/service/streams/{id}`; stream rtsp
 * `rtsp://{host}:{rtspPort}/orchid/live?id={id}` with the host the client
 * used to reach us; camera permissions from the caller's role.
 */
import type { Camera, Stream, StreamState } from '../../shared/api';
import type { Role } from '../../shared/roles';
import { cameraActionsFor } from '../../shared/roles';
import type { CameraRecord, StreamRecord } from './cameras-store';
import { tryStyleOf, DEFAULT_RECORDING_STYLE } from '../../shared/recording-style';

export interface StreamRuntime {
  streamState: StreamState;
  retryCount: number;
  lastArchiveWritten: number | null;
}

export interface SerializeContext {
  orchidId: string;
  /** Host (no port) the client reached us at, for the RTSP URL; IPv6 in brackets. */
  rtspHost: string;
  rtspPort: number;
  role: Role;
  runtime(streamId: string): StreamRuntime;
  retentionMs(cameraId: string): number;
}

/** The host part of a Host header: 'example:8080' → 'example', '[::1]:80' → '[::1]'. */
export function hostWithoutPort(hostHeader: string | undefined, fallback = '127.0.0.1'): string {
  const host = (hostHeader ?? '').trim();
  if (!host) return fallback;
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    return end > 0 ? host.slice(0, end + 1) : fallback;
  }
  const colon = host.indexOf(':');
  const name = colon >= 0 ? host.slice(0, colon) : host;
  return /^[A-Za-z0-9.-]+$/.test(name) ? name : fallback;
}

export function streamHref(streamId: string): string {
  return `/service/streams/${streamId}`;
}

export function streamRtspUrl(host: string, port: number, streamId: string): string {
  return `rtsp://${host}:${port}/orchid/live?id=${encodeURIComponent(streamId)}`;
}

export function serializeStream(stream: StreamRecord, context: Pick<SerializeContext, 'rtspHost' | 'rtspPort' | 'runtime'>): Stream {
  const runtime = context.runtime(stream.id);
  return {
    id: stream.id,
    cameraId: stream.cameraId,
    name: stream.name,
    href: streamHref(stream.id),
    rtsp: streamRtspUrl(context.rtspHost, context.rtspPort, stream.id),
    status: { streamState: runtime.streamState },
    retryCount: runtime.retryCount,
    lastArchiveWritten: runtime.lastArchiveWritten,
    recordingStyle: tryStyleOf(stream.recordingConfiguration) ?? DEFAULT_RECORDING_STYLE,
    configuration: stream.configuration,
    // Only ONVIF streams have a media profile to write to (stream-settings-push.ts).
    pushesToCamera: stream.profileToken !== null,
    recordingConfiguration: stream.recordingConfiguration,
    capabilities: stream.capabilities,
    dewarpConfiguration: stream.dewarpConfiguration,
  };
}

export function displayModelOf(camera: Pick<CameraRecord, 'manufacturer' | 'model' | 'driver'>): string {
  return [camera.manufacturer, camera.model].filter((part) => part.trim().length > 0).join(' ') || camera.driver;
}

export function serializeCamera(camera: CameraRecord, streams: readonly StreamRecord[], context: SerializeContext): Camera {
  const shown = streams.map((s) => serializeStream(s, context));
  const primary = shown.find((s) => s.id === camera.primaryStreamId) ?? shown[0];
  const lastStreamState: StreamState = primary?.status.streamState ?? 'idle';
  const ptz = camera.capabilities.camera.PTZ;
  return {
    id: camera.id,
    name: camera.name,
    orchidId: context.orchidId,
    driver: camera.driver,
    displayModel: displayModelOf(camera),
    configuration: {
      IPAddress: camera.ipAddress,
      Manufacturer: camera.manufacturer,
      Model: camera.model,
      BaseUri: camera.uri,
    },
    capabilities: camera.capabilities,
    primaryStream: primary ? { id: primary.id, href: primary.href, rtsp: primary.rtsp, status: primary.status } : null,
    streams: shown,
    lastStreamState,
    permissions: { actions: cameraActionsFor(context.role) },
    quirks: camera.quirks,
    retention: context.retentionMs(camera.id),
    defunct: camera.defunct,
    features: {
      ptzPresets: ptz.maxPresets > 0 && (ptz.pan === 'true' || ptz.tilt === 'true' || ptz.zoom === 'true'),
      dewarpConfiguration: streams.some((s) => s.dewarpConfiguration !== null),
    },
  };
}
