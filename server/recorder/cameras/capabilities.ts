/**
 * Stream capabilities and video configuration built from what an ONVIF
 * camera reports. The clamping rules of spec 5 that apply to them are shared
 * with the client: server/shared/stream-capabilities.ts.
 *
 * Limits: only the Video category is filled from cameras (audio is not read).
 */
import type { Capability, CameraCapabilities, PtzCapabilities, StreamCapabilities, VideoConfiguration } from '../../shared/api';
import { INT32_MAX } from '../../shared/stream-capabilities';
import { DEFAULT_MAX_PRESETS } from '../../shared/validation';
import type { EncoderOptions, EncoderSettings, OnvifPtz } from '../core/onvif-client';

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
