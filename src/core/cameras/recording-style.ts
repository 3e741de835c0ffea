/**
 * The five recording styles of spec 4 as the stream dialog reads and writes
 * them: which style a stored recording configuration stands for (exactly
 * one, or none), and the configuration a chosen style is saved as.
 *
 * The recorder has the same table (server/recorder/core/recording-style.ts),
 * but the client may import only types from the servers; its serialised
 * `recordingStyle` is no help either, because the recorder quietly answers
 * the default style for a configuration it cannot map, and spec 4 wants the
 * person told (an alert, then the default). The list below is checked
 * against the shared RecordingStyle type, so a sixth style fails to compile.
 *
 *   continuous-motion-adaptive  ALL_FEATURES_MODE, motionMode 0, motionReducer true
 *   continuous-motion           ALL_FEATURES_MODE, motionMode 0, motionReducer false
 *   continuous                  EMBEDDED_LITE_MODE, motionMode 0
 *   motion-only                 ALL_FEATURES_MODE, motionMode 2, recordState false
 *   proxy-only                  PROXY_ONLY_MODE, recordState false
 */
import type { RecordingConfiguration, RecordingStyle } from '../../../server/shared/api';

/** Spec 4's order; the first is the default. */
export const RECORDING_STYLE_LIST = [
  'continuous-motion-adaptive',
  'continuous-motion',
  'continuous',
  'motion-only',
  'proxy-only',
] as const satisfies readonly RecordingStyle[];

// Fails to compile when the shared type gains a style this list lacks.
type MissingStyle = Exclude<RecordingStyle, (typeof RECORDING_STYLE_LIST)[number]>;
const everyStyleListed: MissingStyle extends never ? true : false = true;
void everyStyleListed;

export const DEFAULT_RECORDING_STYLE: RecordingStyle = RECORDING_STYLE_LIST[0];

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

export type StyleReading = { style: RecordingStyle; derived: true } | { style: RecordingStyle; derived: false; matching: RecordingStyle[] };

/**
 * The style of a stored configuration. `derived` is false when none or
 * several styles match: the dialog then alerts and offers the default
 * (spec 4); `matching` says which ones matched, for the alert.
 */
export function readRecordingStyle(config: RecordingConfiguration | null | undefined): StyleReading {
  const matching = config ? RECORDING_STYLE_LIST.filter((style) => matches(style, config)) : [];
  if (matching.length === 1) return { style: matching[0]!, derived: true };
  return { style: DEFAULT_RECORDING_STYLE, derived: false, matching };
}

/**
 * The configuration a style is saved as. Fields the style does not decide
 * (bgseg: object size and mask; decode) are kept from `base`.
 */
export function recordingConfigurationFor(style: RecordingStyle, base?: RecordingConfiguration | null): RecordingConfiguration {
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

/** Whether a style decodes pictures for motion detection (and so can serve low-bandwidth pictures, spec 8). */
export function detectsMotion(style: RecordingStyle): boolean {
  return style === 'continuous-motion-adaptive' || style === 'continuous-motion' || style === 'motion-only';
}
