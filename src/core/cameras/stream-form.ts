/**
 * The stream add/edit dialog's form (spec 2, 4, 5) as pure functions: the
 * values a stream opens with, the rules run after every edit (capability
 * clamping, motion-adaptive frame rates, H.264 decoding), validation, and
 * the request it saves as (server/shared/api/streams.ts StreamBody).
 *
 * Settings are kept per capability category (General, Video, Audio). A new
 * stream gets its media profile from the recorder (the first one no stream
 * uses), whose capabilities the client does not know yet: the form shows
 * the camera's capabilities and sends only the settings the person changed,
 * which the recorder clamps again against the real profile. An edit sends
 * every setting shown (PATCH merges them).
 */
import type {
  Camera,
  Capability,
  RecordingStyle,
  Stream,
  StreamCapabilities,
  StreamConfigurationInput,
  StreamRequest,
} from '../../../server/shared/api';
import {
  chooseNonMotionRate,
  clampMotionFrameRate,
  decodeAllFramesAfterEncoderChange,
  decodesAllFrames,
  nonMotionRateOptions,
} from './motion-frame-rates';
import { configurationFor, readRecordingStyle } from '../../../server/shared/recording-style';
import { fitCapabilityValue, fitCategory, type CapabilityValue } from '../../../server/shared/stream-capabilities';
import type { CapabilityCategory } from './capability-entries';

export type CategoryValues = Record<CapabilityCategory, Record<string, CapabilityValue>>;

export interface StreamFormValues {
  name: string;
  style: RecordingStyle;
  settings: CategoryValues;
  /** Decode every frame (not keyframes only) for motion detection and low-bandwidth pictures. */
  decodeAllFrames: boolean;
  /** Settings the person changed, as 'Category.Name': what a new stream sends. */
  changed: readonly string[];
}

export interface StreamFormSetup {
  values: StreamFormValues;
  capabilities: StreamCapabilities;
  /** False when the stored recording configuration matched no single style (the dialog alerts; the default is used). */
  styleDerived: boolean;
}

function numericCapability(capability: Capability | undefined): Extract<Capability, { type: 'int' | 'float' }> | undefined {
  return capability && (capability.type === 'int' || capability.type === 'float') ? capability : undefined;
}

/** The capabilities a stream's inputs are generated from: its own, or for a new stream the camera's. */
export function formCapabilities(camera: Camera, stream: Stream | null): StreamCapabilities {
  if (stream) return stream.capabilities ?? {};
  const { General, Video, Audio } = camera.capabilities;
  return { ...(General ? { General } : {}), ...(Video ? { Video } : {}), ...(Audio ? { Audio } : {}) };
}

function storedSettings(stream: Stream | null, capabilities: StreamCapabilities): CategoryValues {
  const configuration = stream?.configuration ?? {};
  return {
    General: fitCategory(configuration.General ?? {}, capabilities.General),
    Video: fitCategory((configuration.Video ?? {}) as Record<string, unknown>, capabilities.Video),
    Audio: fitCategory(configuration.Audio ?? {}, capabilities.Audio),
  };
}

/** The values the dialog opens with. */
export function streamFormFrom(camera: Camera, stream: Stream | null): StreamFormSetup {
  const capabilities = formCapabilities(camera, stream);
  const reading = stream ? readRecordingStyle(stream.recordingConfiguration) : { style: readRecordingStyle(null).style, derived: true };
  const values: StreamFormValues = {
    name: stream?.name ?? '',
    style: reading.style,
    settings: stream ? storedSettings(stream, capabilities) : { General: {}, Video: {}, Audio: {} },
    decodeAllFrames: decodesAllFrames(stream?.recordingConfiguration),
    changed: [],
  };
  return { values: applyStreamRules(values, capabilities), capabilities, styleDerived: reading.derived };
}

/**
 * The rules that tie settings together, run after every edit: a
 * motion-adaptive stream's frame rate within 1-30 and its GOV length one of
 * the non-motion rates on offer.
 */
export function applyStreamRules(values: StreamFormValues, capabilities: StreamCapabilities): StreamFormValues {
  if (values.style !== 'continuous-motion-adaptive') return values;
  const video = { ...values.settings.Video };
  const frameRateCapability = numericCapability(capabilities.Video?.FrameRate);
  if (typeof video.FrameRate === 'number') video.FrameRate = clampMotionFrameRate(video.FrameRate, frameRateCapability);
  if (typeof video.FrameRate === 'number' && capabilities.Video?.GOVLength) {
    const options = nonMotionRateOptions(video.FrameRate, numericCapability(capabilities.Video.GOVLength));
    const chosen = chooseNonMotionRate(options, typeof video.GOVLength === 'number' ? video.GOVLength : undefined);
    if (chosen) video.GOVLength = chosen.divisor;
  }
  return { ...values, settings: { ...values.settings, Video: video } };
}

/** One setting changed by the person: made to fit its capability, marked changed, the rules run again. */
export function changeSetting(
  values: StreamFormValues,
  capabilities: StreamCapabilities,
  category: CapabilityCategory,
  name: string,
  raw: unknown,
): StreamFormValues {
  const capability = capabilities[category]?.[name];
  const value = capability ? fitCapabilityValue(name, raw, capability) : (raw as CapabilityValue);
  const key = `${category}.${name}`;
  let decodeAllFrames = values.decodeAllFrames;
  if (category === 'Video' && name === 'Encoder') {
    const previous = values.settings.Video.Encoder;
    decodeAllFrames = decodeAllFramesAfterEncoderChange(typeof previous === 'string' ? previous : undefined, String(value), decodeAllFrames);
  }
  const next: StreamFormValues = {
    ...values,
    decodeAllFrames,
    settings: { ...values.settings, [category]: { ...values.settings[category], [name]: value } },
    changed: values.changed.includes(key) ? values.changed : [...values.changed, key],
  };
  return applyStreamRules(next, capabilities);
}

/** A new style; the rules run again (a motion-adaptive stream limits its frame rate). */
export function changeStyle(values: StreamFormValues, capabilities: StreamCapabilities, style: RecordingStyle): StreamFormValues {
  const next = applyStreamRules({ ...values, style }, capabilities);
  // The rules may move FrameRate and GOVLength: a new stream must then send them.
  if (style !== 'continuous-motion-adaptive') return next;
  const changed = new Set(next.changed);
  for (const name of ['FrameRate', 'GOVLength']) if (next.settings.Video[name] !== values.settings.Video[name]) changed.add(`Video.${name}`);
  return { ...next, changed: [...changed] };
}

export interface StreamFormErrors {
  name?: string;
}

/** Spec 5: the stream name is required. `nameRequired` is the catalogue's wording. */
export function validateStreamForm(values: StreamFormValues, nameRequired: string): StreamFormErrors {
  return values.name.trim() === '' ? { name: nameRequired } : {};
}

function configurationOf(values: StreamFormValues, onlyChanged: boolean): StreamConfigurationInput | undefined {
  const out: StreamConfigurationInput = {};
  for (const category of ['General', 'Video', 'Audio'] as const) {
    const entries = Object.entries(values.settings[category]).filter(([name]) => !onlyChanged || values.changed.includes(`${category}.${name}`));
    if (entries.length > 0) (out as Record<string, unknown>)[category] = Object.fromEntries(entries);
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The body of POST .../streams (new) or PATCH .../streams/{id} (edit). */
export function toStreamRequest(values: StreamFormValues, stream: Stream | null): StreamRequest {
  const recordingConfiguration = configurationFor(values.style, stream?.recordingConfiguration);
  recordingConfiguration.decode = { ...recordingConfiguration.decode, keyFramesOnly: !values.decodeAllFrames };
  const request: StreamRequest = { name: values.name.trim(), recordingConfiguration };
  const configuration = configurationOf(values, stream === null);
  if (configuration) request.configuration = configuration;
  return request;
}

/**
 * Whether what the dialog saves stays in the recorder instead of reaching
 * the camera (a Generic RTSP camera has no way to be configured; the
 * settings still decide the recording style and, for the path, where the
 * recorder pulls from). The recorder says so per stream (`pushesToCamera`);
 * a stream being added follows the camera's other streams, and is assumed
 * to reach the camera when there are none to go by.
 */
export function settingsStayInRecorder(stream: Pick<Stream, 'pushesToCamera'> | null, camera: { streams: ReadonlyArray<Pick<Stream, 'pushesToCamera'>> }): boolean {
  if (stream) return !stream.pushesToCamera;
  return camera.streams.length > 0 && camera.streams.every((other) => !other.pushesToCamera);
}
