import { describe, expect, it } from 'vitest';
import type { RecordingConfiguration, RecordingStyle } from '../../../../server/shared/api';
import {
  configurationFor,
  DEFAULT_RECORDING_STYLE,
  detectsMotion,
  readRecordingStyle,
  RECORDING_STYLES,
  RecordingStyleError,
  recordsVideo,
  styleOf,
  tryStyleOf,
} from '../../../../server/shared/recording-style';

const cases: Array<[RecordingConfiguration, RecordingStyle]> = [
  [{ mode: 'ALL_FEATURES_MODE', motionReducer: true, filesplit: { motionMode: 0 } }, 'continuous-motion-adaptive'],
  [{ mode: 'ALL_FEATURES_MODE', motionReducer: false, filesplit: { motionMode: 0 } }, 'continuous-motion'],
  [{ mode: 'EMBEDDED_LITE_MODE', filesplit: { motionMode: 0 } }, 'continuous'],
  [{ mode: 'ALL_FEATURES_MODE', filesplit: { motionMode: 2, recordState: false } }, 'motion-only'],
  [{ mode: 'PROXY_ONLY_MODE', filesplit: { recordState: false } }, 'proxy-only'],
];

describe('recording styles (spec 4)', () => {
  it.each(cases)('derives %j as %s', (config, style) => {
    expect(styleOf(config)).toBe(style);
  });

  it('ignores fields the spec does not list (bgseg, decode, other recordState)', () => {
    expect(
      styleOf({ mode: 'EMBEDDED_LITE_MODE', motionReducer: true, filesplit: { motionMode: 0, recordState: false }, decode: { keyFramesOnly: true } }),
    ).toBe('continuous');
  });

  it('maps every style to a configuration that derives back to it', () => {
    for (const style of RECORDING_STYLES) expect(styleOf(configurationFor(style))).toBe(style);
  });

  it('keeps bgseg and decode of a base configuration', () => {
    const base: RecordingConfiguration = {
      mode: 'EMBEDDED_LITE_MODE',
      filesplit: { motionMode: 0 },
      bgseg: { boxArea: 5, motionMask: { href: '/mask' } },
      decode: { keyFramesOnly: true },
    };
    const config = configurationFor('motion-only', base);
    expect(config.bgseg).toEqual(base.bgseg);
    expect(config.decode).toEqual(base.decode);
    expect(styleOf(config)).toBe('motion-only');
  });

  it('refuses a configuration that matches no style', () => {
    const unmatched: RecordingConfiguration[] = [
      { mode: 'ALL_FEATURES_MODE', filesplit: { motionMode: 0 } }, // motionReducer missing
      { mode: 'ALL_FEATURES_MODE', motionReducer: true, filesplit: { motionMode: 1 } },
      { mode: 'ALL_FEATURES_MODE', filesplit: { motionMode: 2, recordState: true } },
      { mode: 'PROXY_ONLY_MODE', filesplit: { recordState: true } },
      { mode: 'EMBEDDED_LITE_MODE', filesplit: { motionMode: 2 } },
    ];
    for (const config of unmatched) {
      expect(() => styleOf(config)).toThrow(RecordingStyleError);
      expect(tryStyleOf(config)).toBeUndefined();
    }
  });

  it('defaults to the first style and records for every style but proxy-only', () => {
    expect(DEFAULT_RECORDING_STYLE).toBe(RECORDING_STYLES[0]);
    expect(RECORDING_STYLES.filter(recordsVideo)).toEqual(['continuous-motion-adaptive', 'continuous-motion', 'continuous', 'motion-only']);
  });

  it('is the list the API schema offers', async () => {
    const { RECORDING_STYLES: schemaList } = await import('../../../../server/shared/api/streams');
    expect(schemaList).toBe(RECORDING_STYLES);
    expect(RECORDING_STYLES).toEqual(['continuous-motion-adaptive', 'continuous-motion', 'continuous', 'motion-only', 'proxy-only']);
  });

  it('says which styles decode pictures for motion (and so serve low-bandwidth pictures)', () => {
    expect(RECORDING_STYLES.filter(detectsMotion)).toEqual(['continuous-motion-adaptive', 'continuous-motion', 'motion-only']);
  });
});

describe('reading a stored style for a form (spec 4)', () => {
  it.each(cases)('reads %j as %s', (config, style) => {
    expect(readRecordingStyle(config)).toEqual({ style, derived: true });
  });

  it('offers the default, not derived, when no style matches, and says none matched', () => {
    expect(readRecordingStyle({ mode: 'ALL_FEATURES_MODE', filesplit: { motionMode: 1 } })).toEqual({
      style: 'continuous-motion-adaptive',
      derived: false,
      matching: [],
    });
    // Motion reducer missing: adaptive and plain motion both unprovable.
    expect(readRecordingStyle({ mode: 'ALL_FEATURES_MODE', filesplit: { motionMode: 0 } }).derived).toBe(false);
  });

  it('offers the default for a stream with no configuration', () => {
    expect(readRecordingStyle(null)).toEqual({ style: 'continuous-motion-adaptive', derived: false, matching: [] });
  });

  it('reads each saved style back as that style, keeping object size, mask and decoding', () => {
    const base: RecordingConfiguration = { mode: 'EMBEDDED_LITE_MODE', bgseg: { boxArea: 7, motionMask: { href: '/m' } }, decode: { keyFramesOnly: true } };
    for (const style of RECORDING_STYLES) {
      const config = configurationFor(style, base);
      expect(readRecordingStyle(config)).toEqual({ style, derived: true });
      expect(config.bgseg).toEqual(base.bgseg);
      expect(config.decode).toEqual(base.decode);
    }
  });
});
