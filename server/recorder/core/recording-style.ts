/**
 * Recording styles (spec 4) and the recording configurations they stand for,
 * both ways, as pure functions. A style is derived from the fields spec 4
 * lists and nothing else; other fields (bgseg, decode) are left as they are.
 * A configuration that matches no style is an error, never guessed.
 *
 *   continuous-motion-adaptive  ALL_FEATURES_MODE, motionMode 0, motionReducer true
 *   continuous-motion           ALL_FEATURES_MODE, motionMode 0, motionReducer false
 *   continuous                  EMBEDDED_LITE_MODE, motionMode 0
 *   motion-only                 ALL_FEATURES_MODE, motionMode 2, recordState false
 *   proxy-only                  PROXY_ONLY_MODE, recordState false
 *
 * What the ingest does with each: see `recordsVideo`.
 */
import type { RecordingConfiguration, RecordingStyle } from '../../shared/api';
import { RECORDING_STYLES } from '../../shared/api/streams';

export const DEFAULT_RECORDING_STYLE: RecordingStyle = 'continuous-motion-adaptive';

export class RecordingStyleError extends Error {}

function motionModeOf(config: RecordingConfiguration): number | undefined {
  return config.filesplit?.motionMode;
}

function matches(style: RecordingStyle, config: RecordingConfiguration): boolean {
  const motionMode = motionModeOf(config);
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

/** The style a configuration stands for; throws RecordingStyleError when none or more than one matches. */
export function styleOf(config: RecordingConfiguration): RecordingStyle {
  const found = RECORDING_STYLES.filter((style) => matches(style, config));
  if (found.length === 1) return found[0]!;
  throw new RecordingStyleError(
    found.length === 0
      ? 'The recording configuration matches no recording style.'
      : `The recording configuration matches several recording styles (${found.join(', ')}).`,
  );
}

/** Like styleOf, but undefined instead of an error. */
export function tryStyleOf(config: RecordingConfiguration): RecordingStyle | undefined {
  try {
    return styleOf(config);
  } catch (error) {
    if (error instanceof RecordingStyleError) return undefined;
    throw error;
  }
}

/**
 * The configuration of a style. With `base`, fields the style does not
 * decide (bgseg, decode) are kept from it.
 */
export function configurationFor(style: RecordingStyle, base?: RecordingConfiguration): RecordingConfiguration {
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
 * then trimmed by the motion archive policy (media/motion/) once their
 * segments close. Proxy-only records nothing and still serves live.
 */
export function recordsVideo(style: RecordingStyle): boolean {
  return style !== 'proxy-only';
}
