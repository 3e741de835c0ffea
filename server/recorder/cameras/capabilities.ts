/**
 * Stream capabilities and the clamping rules of spec 5, as pure functions:
 * numeric values are clamped to the capability's min/max (whole numbers for
 * int), a BitRate whose minimum is 1 accepts 0 (the camera decides), the
 * value 2147483647 (cameras' "no limit") becomes 0, and an enum value that is
 * not among the options falls back to the last option. Also builds the API's
 * capabilities and video configuration from what an ONVIF camera reports.
 *
 * Limits: only the Video category is filled from cameras (audio is not read);
 * values of settings without a capability are kept as given.
 */
import type {
  Capability,
  CameraCapabilities,
  PtzCapabilities,
  StreamCapabilities,
  StreamConfiguration,
  StreamConfigurationInput,
  VideoConfiguration,
} from '../../shared/api';
import { DEFAULT_MAX_PRESETS } from '../../shared/validation';
import type { EncoderOptions, EncoderSettings, OnvifPtz } from '../core/onvif-client';

export const INT32_MAX = 2_147_483_647;

export class CapabilityError extends Error {}

/** The range a numeric capability really allows (BitRate min 1 means 0 is allowed too). */
export function effectiveRange(name: string, capability: { min: number; max: number }): { min: number; max: number } {
  const min = name === 'BitRate' && capability.min === 1 ? 0 : capability.min;
  return { min, max: Math.max(min, capability.max) };
}

/** One value brought within its capability (spec 5); throws CapabilityError for a value of the wrong kind. */
export function clampCapabilityValue(name: string, value: unknown, capability: Capability): string | number | boolean {
  switch (capability.type) {
    case 'int':
    case 'float': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
      if (!Number.isFinite(n)) throw new CapabilityError(`${name} must be a number.`);
      if (n === INT32_MAX) return 0;
      const { min, max } = effectiveRange(name, capability);
      const clamped = Math.min(max, Math.max(min, n));
      return capability.type === 'int' ? Math.round(clamped) : clamped;
    }
    case 'enum': {
      const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
      if (capability.options.includes(text)) return text;
      const last = capability.options.at(-1);
      if (last === undefined) throw new CapabilityError(`${name} has no options.`);
      return last;
    }
    case 'bool':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'false') return value === 'true';
      throw new CapabilityError(`${name} must be true or false.`);
    case 'string':
    case 'ip_address':
      if (typeof value === 'string' || typeof value === 'number') return String(value);
      throw new CapabilityError(`${name} must be text.`);
  }
}

function clampCategory<T extends Record<string, unknown>>(values: T, capabilities: Record<string, Capability> | undefined): T {
  if (!capabilities) return values;
  const out: Record<string, unknown> = { ...values };
  for (const [name, value] of Object.entries(values)) {
    const capability = capabilities[name];
    if (capability && value !== undefined && value !== null) out[name] = clampCapabilityValue(name, value, capability);
  }
  return out as T;
}

/** The configuration with every value that has a capability brought within it. */
export function clampStreamConfiguration(config: StreamConfigurationInput, capabilities: StreamCapabilities): StreamConfiguration {
  // A request may carry numbers as text; the categories below are replaced by their clamped form.
  const out = { ...config } as StreamConfiguration;
  if (config.Video) out.Video = clampCategory(config.Video as Record<string, unknown>, capabilities.Video) as VideoConfiguration;
  if (config.Audio) out.Audio = clampCategory(config.Audio, capabilities.Audio);
  if (config.General) out.General = clampCategory(config.General as Record<string, unknown>, capabilities.General) as { Path?: string };
  return out;
}

export function resolutionText(width: number, height: number): string {
  return `${width}x${height}`;
}

/** The Video capabilities of an ONVIF profile from its encoder options (empty when the camera gave none). */
export function videoCapabilitiesFrom(options: EncoderOptions | undefined): Record<string, Capability> {
  if (!options) return {};
  const caps: Record<string, Capability> = {
    Encoder: { type: 'enum', options: options.encodings.filter((e) => e === 'H264') },
  };
  if (options.resolutions.length > 0) {
    caps.Resolution = { type: 'enum', options: options.resolutions.map((r) => resolutionText(r.width, r.height)) };
  }
  if (options.frameRateRange) caps.FrameRate = { type: 'int', ...options.frameRateRange };
  if (options.qualityRange) caps.Quality = { type: 'float', ...options.qualityRange };
  if (options.govLengthRange) caps.GOVLength = { type: 'int', ...options.govLengthRange };
  if (options.encodingIntervalRange) caps.EncoderInterval = { type: 'int', ...options.encodingIntervalRange };
  if (options.bitrateRange) caps.BitRate = { type: 'int', ...options.bitrateRange };
  if (options.profiles.length > 0) caps.Profile = { type: 'enum', options: options.profiles };
  return caps;
}

/** The Video configuration of an ONVIF profile from its encoder settings. */
export function videoConfigurationFrom(encoder: EncoderSettings | undefined): VideoConfiguration {
  if (!encoder) return { Encoder: 'H264' };
  const video: VideoConfiguration = { Encoder: encoder.encoding };
  if (encoder.width > 0 && encoder.height > 0) video.Resolution = resolutionText(encoder.width, encoder.height);
  if (encoder.frameRateLimit !== undefined) video.FrameRate = encoder.frameRateLimit;
  if (encoder.govLength !== undefined) video.GOVLength = encoder.govLength;
  if (encoder.quality !== undefined) video.Quality = encoder.quality;
  if (encoder.bitrateLimit !== undefined) video.BitRate = encoder.bitrateLimit === INT32_MAX ? 0 : encoder.bitrateLimit;
  if (encoder.encodingInterval !== undefined) video.EncoderInterval = encoder.encodingInterval;
  if (encoder.profile) video.Profile = encoder.profile;
  return video;
}

const yes = (flag: boolean): 'true' | 'false' => (flag ? 'true' : 'false');

/** PTZ as spec 3 shows it: 'true'/'false' strings; presets default to 10 on a PTZ camera that does not say. */
export function ptzCapabilitiesFrom(ptz: OnvifPtz | undefined): PtzCapabilities {
  if (!ptz) return { pan: 'false', tilt: 'false', zoom: 'false', relativeFOV: 'false', maxPresets: 0 };
  const moves = ptz.pan || ptz.tilt || ptz.zoom;
  return {
    pan: yes(ptz.pan),
    tilt: yes(ptz.tilt),
    zoom: yes(ptz.zoom),
    relativeFOV: yes(ptz.relativeFov),
    maxPresets: moves ? (ptz.maxPresets ?? DEFAULT_MAX_PRESETS) : 0,
  };
}

export function cameraCapabilities(possibleStreams: number, ptz: PtzCapabilities, primary: StreamCapabilities): CameraCapabilities {
  return { camera: { PossibleStreams: possibleStreams, PTZ: ptz }, ...primary };
}
