/**
 * Copying one stream's settings to other cameras (spec 2 "copy-stream
 * dialog", spec 5 "Copy stream"), as pure functions: which cameras can be
 * targets, which of a target's streams best matches the source, how each
 * value is mapped onto that stream's capabilities, what would change, and
 * the request that changes it.
 *
 * - Only ONVIF cameras are targets (a Generic RTSP camera has no settings
 *   to set), and never the source's own camera.
 * - Best match: the target stream whose resolution is nearest the source's
 *   in pixel count (a main stream matches a main stream); ties go to the
 *   same name, then to the earlier stream.
 * - int values are clamped to the target's range, resolution goes to the
 *   target's option nearest in pixel count, an encoder the target lacks
 *   falls back to the target's first; other enums follow spec 5 (not among
 *   the options: the last option), floats are clamped like ints.
 * - A setting the target stream has neither a capability nor a value for is
 *   not copied (the camera does not have it).
 */
import type { Camera, Capability, RecordingStyle, Stream, StreamRequest } from '../../../server/shared/api';
import { decodesAllFrames } from './motion-frame-rates';
import { configurationFor, readRecordingStyle } from '../../../server/shared/recording-style';
import { clampNumber, enumValue, type CapabilityValue } from '../../../server/shared/stream-capabilities';

/** A setting that can be copied: the recording style (with its decoding) or one Video setting. */
export type CopyField = 'recordingStyle' | `Video.${string}`;

export interface CopyChange {
  field: CopyField;
  from: CapabilityValue | undefined;
  to: CapabilityValue;
}

export type CopyPlan =
  | { ok: true; camera: Camera; stream: Stream; changes: CopyChange[]; request: StreamRequest }
  | { ok: false; camera: Camera; reason: 'no-streams' };

/** The cameras a stream's settings can be copied to. */
export function copyTargets(sourceCamera: Pick<Camera, 'id'>, cameras: readonly Camera[]): Camera[] {
  return cameras.filter((camera) => camera.driver === 'ONVIF' && camera.id !== sourceCamera.id && !camera.defunct);
}

/** The fields a stream offers to copy: its recording style and every Video setting it has. */
export function copyableFields(source: Stream): CopyField[] {
  const video = Object.entries(source.configuration.Video ?? {}).filter(([, value]) => value !== undefined && value !== null);
  return ['recordingStyle', ...video.map(([name]) => `Video.${name}` as const)];
}

/** Pixels of a 'WIDTHxHEIGHT' resolution; NaN when it is not one. */
export function pixelCount(resolution: unknown): number {
  const match = typeof resolution === 'string' ? /^(\d+)\s*[xX×]\s*(\d+)$/.exec(resolution.trim()) : null;
  return match ? Number(match[1]) * Number(match[2]) : Number.NaN;
}

/** The option nearest `resolution` in pixel count (the first of equals); the resolution itself when nothing compares. */
export function nearestResolution(resolution: string, options: readonly string[]): string {
  const pixels = pixelCount(resolution);
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const option of options) {
    const distance = Math.abs(pixelCount(option) - pixels);
    if (distance < bestDistance) {
      best = option;
      bestDistance = distance;
    }
  }
  return best ?? options[0] ?? resolution;
}

/** The source's encoder when the target has it, else the target's first encoder. */
export function mapEncoder(encoder: string, options: readonly string[]): string {
  return options.includes(encoder) ? encoder : (options[0] ?? encoder);
}

/** One Video value mapped onto the target stream's capability (see the top of the module). */
export function mapVideoValue(name: string, value: CapabilityValue, capability: Capability | undefined): CapabilityValue {
  if (!capability) return value;
  switch (capability.type) {
    case 'int':
    case 'float':
      return clampNumber(name, value, capability);
    case 'enum':
      if (name === 'Resolution') return nearestResolution(String(value), capability.options);
      if (name === 'Encoder') return mapEncoder(String(value), capability.options);
      return enumValue(value, capability.options);
    case 'bool':
      return value === true || value === 'true';
    case 'string':
    case 'ip_address':
      return String(value);
  }
}

function resolutionDistance(a: unknown, b: unknown): number {
  const pa = pixelCount(a);
  const pb = pixelCount(b);
  if (!Number.isFinite(pa) || !Number.isFinite(pb)) return Number.POSITIVE_INFINITY;
  return Math.abs(Math.log(pa / pb));
}

/** The target camera's stream that best matches the source (see the top of the module); undefined when it has none. */
export function bestMatchingStream(source: Stream, targets: readonly Stream[]): Stream | undefined {
  let best: Stream | undefined;
  let bestKey: [number, number] = [Number.POSITIVE_INFINITY, 1];
  for (const stream of targets) {
    const key: [number, number] = [resolutionDistance(source.configuration.Video?.Resolution, stream.configuration.Video?.Resolution), stream.name === source.name ? 0 : 1];
    if (best === undefined || key[0] < bestKey[0] || (key[0] === bestKey[0] && key[1] < bestKey[1])) {
      best = stream;
      bestKey = key;
    }
  }
  return best;
}

function styleOf(stream: Stream): RecordingStyle {
  return readRecordingStyle(stream.recordingConfiguration).style;
}

/** What copying `fields` of `source` to `camera` would do, and the PATCH that does it. */
export function planCopy(source: Stream, fields: readonly CopyField[], camera: Camera): CopyPlan {
  const stream = bestMatchingStream(source, camera.streams);
  if (!stream) return { ok: false, camera, reason: 'no-streams' };
  const changes: CopyChange[] = [];
  const request: StreamRequest = {};
  const video: Record<string, CapabilityValue> = {};
  for (const field of fields) {
    if (field === 'recordingStyle') {
      const style = styleOf(source);
      const recordingConfiguration = configurationFor(style, stream.recordingConfiguration);
      recordingConfiguration.decode = { ...recordingConfiguration.decode, keyFramesOnly: !decodesAllFrames(source.recordingConfiguration) };
      request.recordingConfiguration = recordingConfiguration;
      if (style !== styleOf(stream)) changes.push({ field, from: styleOf(stream), to: style });
      continue;
    }
    const name = field.slice('Video.'.length);
    const value = (source.configuration.Video as Record<string, CapabilityValue | undefined> | undefined)?.[name];
    const capability = stream.capabilities.Video?.[name];
    const current = (stream.configuration.Video as Record<string, CapabilityValue | undefined> | undefined)?.[name];
    if (value === undefined || (capability === undefined && current === undefined)) continue;
    const mapped = mapVideoValue(name, value, capability);
    video[name] = mapped;
    if (mapped !== current) changes.push({ field, from: current, to: mapped });
  }
  if (Object.keys(video).length > 0) request.configuration = { Video: video };
  return { ok: true, camera, stream, changes, request };
}

export type CopyPhase = 'selecting' | 'processing' | 'review';

/** Spec 5: Copy is disabled when no camera is selected or while copying. */
export function canCopy(selectedCameraIds: ReadonlySet<string> | readonly string[], phase: CopyPhase, fields: readonly CopyField[]): boolean {
  const count = Array.isArray(selectedCameraIds) ? selectedCameraIds.length : (selectedCameraIds as ReadonlySet<string>).size;
  return count > 0 && fields.length > 0 && phase === 'selecting';
}
