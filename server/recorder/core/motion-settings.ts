/**
 * What motion detection means for a stream, as pure functions over its
 * recording configuration (spec 3 bgseg/decode, spec 4 styles, spec 5
 * limits). The style comes from recording-style.ts and nothing else; a
 * configuration that matches no style is handled as the default style, as
 * the ingest does.
 *
 *   continuous-motion-adaptive  detect; closed segments without motion keep keyframes only
 *   continuous-motion           detect; everything recorded
 *   continuous                  no detection
 *   motion-only                 detect; short segments, those far from motion are deleted
 *   proxy-only                  no detection, nothing recorded
 *
 * Object size (bgseg.boxArea, spec 5: 0-100, default 5, a negative value
 * becomes positive, out of range is an error): the side of a box in percent
 * of the picture's width and height. A change counts as motion when one
 * connected changed area is at least that box's area, (size / 100)^2 of the
 * picture: 5 is 0.25 % of it, a 64 x 36 box at 1280 x 720.
 */
import type { RecordingConfiguration } from '../../shared/api';
import { badRequest } from '../../common/api-error';
import { ADAPTIVE_RATE_MAX, ADAPTIVE_RATE_MIN, DEFAULT_RECORDING_STYLE, tryStyleOf } from '../../shared/recording-style';

export const DEFAULT_OBJECT_SIZE = 5;
export const MAX_OBJECT_SIZE = 100;

/** Pictures analysed per second while every frame is decoded (spec 5 bounds such rates to 1-30). */
export const DETECTION_FPS = 5;
/** Motion-only streams cut segments this long, so what is kept is close to the motion. */
export const MOTION_ONLY_SEGMENT_SECONDS = 10;
/** Video kept before an event's start and after its stop (motion-only and adaptive). */
export const PRE_ROLL_MS = 5_000;
export const POST_ROLL_MS = 5_000;

export interface MotionBehaviour {
  /** Decode and compare pictures, store events. */
  detect: boolean;
  /** Delete closed segments that are not near motion (motion-only). */
  recordOnlyMotion: boolean;
  /** Rewrite closed segments that are not near motion to keyframes only (motion-adaptive). */
  reduceWithoutMotion: boolean;
  /** Segment length the ingest should use, undefined for its default. */
  segmentSeconds: number | undefined;
}

export interface MotionSettings extends MotionBehaviour {
  /** 0-100, see the top of this module. */
  objectSize: number;
  /** Decode keyframes only (spec: decode.keyFramesOnly); about an eighth of the cost, one picture per GOP. */
  keyFramesOnly: boolean;
}

export function motionBehaviourOf(config: RecordingConfiguration | undefined): MotionBehaviour {
  const style = (config && tryStyleOf(config)) ?? DEFAULT_RECORDING_STYLE;
  switch (style) {
    case 'continuous-motion-adaptive':
      return { detect: true, recordOnlyMotion: false, reduceWithoutMotion: true, segmentSeconds: undefined };
    case 'continuous-motion':
      return { detect: true, recordOnlyMotion: false, reduceWithoutMotion: false, segmentSeconds: undefined };
    case 'motion-only':
      return { detect: true, recordOnlyMotion: true, reduceWithoutMotion: false, segmentSeconds: MOTION_ONLY_SEGMENT_SECONDS };
    case 'continuous':
    case 'proxy-only':
      return { detect: false, recordOnlyMotion: false, reduceWithoutMotion: false, segmentSeconds: undefined };
  }
}

export function motionSettingsOf(config: RecordingConfiguration | undefined): MotionSettings {
  const stored = config?.bgseg?.boxArea;
  const objectSize = typeof stored === 'number' && Number.isFinite(stored) ? Math.min(MAX_OBJECT_SIZE, Math.abs(stored)) : DEFAULT_OBJECT_SIZE;
  return { ...motionBehaviourOf(config), objectSize, keyFramesOnly: config?.decode?.keyFramesOnly === true };
}

/** Spec 5: a negative size becomes positive; anything else outside 0-100 is a 400. */
export function normalizeObjectSize(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw badRequest('Object size must be a number from 0 to 100.', 'invalid-object-size');
  }
  const size = Math.abs(value);
  if (size > MAX_OBJECT_SIZE) throw badRequest(`Object size must be from 0 to 100; ${value} is out of range.`, 'invalid-object-size');
  return size;
}

/** The configuration with its object size checked and made positive (unchanged when it has none). */
export function checkMotionConfiguration(config: RecordingConfiguration): RecordingConfiguration {
  const boxArea = config.bgseg?.boxArea;
  if (boxArea === undefined) return config;
  return { ...config, bgseg: { ...config.bgseg, boxArea: normalizeObjectSize(boxArea) } };
}

/** The share of the picture a connected change must cover to be motion: (size / 100)^2. */
export function objectAreaFraction(objectSize: number): number {
  const side = Math.min(MAX_OBJECT_SIZE, Math.abs(objectSize)) / 100;
  return side * side;
}

/**
 * The frame rate a keyframes-only copy of a segment keeps (spec 5: the
 * non-motion rate is the frame rate divided by a whole number, limited to
 * 1-30): `fps / n` with n frames per keyframe. Undefined when that rate is
 * outside 1-30 (a keyframe less than once a second: such segments are kept
 * whole, since stream copy cannot add pictures) or when every frame is a
 * keyframe (nothing to save).
 */
export function reducedFrameRate(fps: number, keyframeIntervalMs: number): number | undefined {
  if (!(fps > 0) || !(keyframeIntervalMs > 0)) return undefined;
  const framesPerKeyframe = Math.max(1, Math.round((fps * keyframeIntervalMs) / 1000));
  if (framesPerKeyframe === 1) return undefined;
  const rate = fps / framesPerKeyframe;
  const tolerance = 0.05;
  if (rate < ADAPTIVE_RATE_MIN - tolerance || rate > ADAPTIVE_RATE_MAX + tolerance) return undefined;
  return rate;
}
