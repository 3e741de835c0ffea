/**
 * The five recording styles of spec 4 and the recording configurations they
 * stand for, both ways, as pure functions. The recorder derives and stores
 * styles with them; the stream dialog reads and writes them with the same
 * functions, so both sides always agree on what a configuration means.
 *
 * A style is derived from the fields spec 4 lists and nothing else; other
 * fields (bgseg, decode) are left as they are. A configuration that matches
 * no style (or several) is an error, never guessed: the recorder refuses it,
 * the dialog tells the person and offers the default (spec 4).
 *
 *   continuous-motion-adaptive  ALL_FEATURES_MODE, motionMode 0, motionReducer true
 *   continuous-motion           ALL_FEATURES_MODE, motionMode 0, motionReducer false
 *   continuous                  EMBEDDED_LITE_MODE, motionMode 0
 *   motion-only                 ALL_FEATURES_MODE, motionMode 2, recordState false
 *   proxy-only                  PROXY_ONLY_MODE, recordState false
 *
 * The list lives here rather than next to the TypeBox schema in
 * ./api/streams.ts so the browser gets it without the schemas.
 */
import type { RecordingConfiguration, RecordingStyle } from './api/streams';

/**
 * Spec 4's order (the first is the default): continuous with motion-adaptive
 * frame rate, continuous with motion detection, continuous without motion
 * detection, record only on motion, proxy only (live, no recording).
 */
export const RECORDING_STYLES = ['continuous-motion-adaptive', 'continuous-motion', 'continuous', 'motion-only', 'proxy-only'] as const;
export const DEFAULT_RECORDING_STYLE: RecordingStyle = RECORDING_STYLES[0];

/** Spec 5: a motion-adaptive stream's reduced (non-motion) frame rate is limited to 1-30. */
export const ADAPTIVE_RATE_MIN = 1;
export const ADAPTIVE_RATE_MAX = 30;

export class RecordingStyleError extends Error {}

function matches(style: RecordingStyle, config: RecordingConfiguration): boolean {
  const motionMode = config.filesplit?.motionMode;
  const recordState = config.filesplit?.recordState;
  switch (style) {
    case 'continuous-motion-adaptive':
      return config.mode === 'ALL_FEATURES_MODE' && motionMode === 0 && config.motionReducer === true;
    case 'continuous-motion':
      return config.mode === 'ALL_FEATURES_MODE' && motionMode === 0 && config.motionReducer === false;
    case 'continuous':
      return config.mode === 'EMBEDDED_LITE_MODE' && motionMode === 0;
    case 'motion-only':
      return config.mode === 'ALL_FEATURES_MODE' && motionMode === 2 && recordState === false;
    case 'proxy-only':
      return config.mode === 'PROXY_ONLY_MODE' && recordState === false;
  }
}

/** Every style a configuration matches (a well-formed one matches exactly one). */
export function matchingStyles(config: RecordingConfiguration): RecordingStyle[] {
  return RECORDING_STYLES.filter((style) => matches(style, config));
}

/** The style a configuration stands for; throws RecordingStyleError when none or more than one matches. */
export function styleOf(config: RecordingConfiguration): RecordingStyle {
  const found = matchingStyles(config);
  if (found.length === 1) return found[0]!;
  throw new RecordingStyleError(
    found.length === 0
      ? 'The recording configuration matches no recording style.'
      : `The recording configuration matches several recording styles (${found.join(', ')}).`,
  );
}

/** Like styleOf, but undefined instead of an error. */
export function tryStyleOf(config: RecordingConfiguration): RecordingStyle | undefined {
  const found = matchingStyles(config);
  return found.length === 1 ? found[0] : undefined;
}

export type StyleReading =
  | { style: RecordingStyle; derived: true }
  | { style: RecordingStyle; derived: false; matching: RecordingStyle[] };

/**
 * The style of a stored configuration as a form shows it. `derived` is false
 * when none or several styles match (or there is no configuration): the
 * default is offered then, and `matching` says which styles matched.
 */
export function readRecordingStyle(config: RecordingConfiguration | null | undefined): StyleReading {
  const matching = config ? matchingStyles(config) : [];
  if (matching.length === 1) return { style: matching[0]!, derived: true };
  return { style: DEFAULT_RECORDING_STYLE, derived: false, matching };
}

/**
 * The configuration of a style. With `base`, fields the style does not
 * decide (bgseg: object size and mask; decode) are kept from it.
 */
export function configurationFor(style: RecordingStyle, base?: RecordingConfiguration | null): RecordingConfiguration {
  const keep: Partial<RecordingConfiguration> = {};
  if (base?.bgseg) keep.bgseg = base.bgseg;
  if (base?.decode) keep.decode = base.decode;
  switch (style) {
    case 'continuous-motion-adaptive':
      return { ...keep, mode: 'ALL_FEATURES_MODE', motionReducer: true, filesplit: { motionMode: 0, recordState: true } };
    case 'continuous-motion':
      return { ...keep, mode: 'ALL_FEATURES_MODE', motionReducer: false, filesplit: { motionMode: 0, recordState: true } };
    case 'continuous':
      return { ...keep, mode: 'EMBEDDED_LITE_MODE', motionReducer: false, filesplit: { motionMode: 0, recordState: true } };
    case 'motion-only':
      return { ...keep, mode: 'ALL_FEATURES_MODE', motionReducer: false, filesplit: { motionMode: 2, recordState: false } };
    case 'proxy-only':
      return { ...keep, mode: 'PROXY_ONLY_MODE', motionReducer: false, filesplit: { motionMode: 0, recordState: false } };
  }
}

/**
 * Whether the ingest writes archive segments for a style. Every style but
 * proxy-only writes segments; motion-only and motion-adaptive streams are
 * then trimmed by the recorder's motion archive policy once their segments
 * close. Proxy-only records nothing and still serves live.
 */
export function recordsVideo(style: RecordingStyle): boolean {
  return style !== 'proxy-only';
}

/** Whether a style decodes pictures for motion detection (and so can serve low-bandwidth pictures, spec 8). */
export function detectsMotion(style: RecordingStyle): boolean {
  return style === 'continuous-motion-adaptive' || style === 'continuous-motion' || style === 'motion-only';
}
