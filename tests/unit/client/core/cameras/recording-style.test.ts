import { describe, expect, it } from 'vitest';
import type { RecordingConfiguration } from '../../../../../server/shared/api';
import { RECORDING_STYLES } from '../../../../../server/shared/api/streams';
import { configurationFor, tryStyleOf } from '../../../../../server/recorder/core/recording-style';
import {
  DEFAULT_RECORDING_STYLE,
  detectsMotion,
  readRecordingStyle,
  RECORDING_STYLE_LIST,
  recordingConfigurationFor,
} from '../../../../../src/core/cameras/recording-style';

describe('recording styles (spec 4)', () => {
  it('lists the five styles in the order the recorder knows them, the first being the default', () => {
    expect(RECORDING_STYLE_LIST).toEqual([...RECORDING_STYLES]);
    expect(DEFAULT_RECORDING_STYLE).toBe('continuous-motion-adaptive');
  });

  it.each([
    [{ mode: 'ALL_FEATURES_MODE', motionReducer: true, filesplit: { motionMode: 0 } }, 'continuous-motion-adaptive'],
    [{ mode: 'ALL_FEATURES_MODE', motionReducer: false, filesplit: { motionMode: 0 } }, 'continuous-motion'],
    [{ mode: 'EMBEDDED_LITE_MODE', filesplit: { motionMode: 0 } }, 'continuous'],
    [{ mode: 'ALL_FEATURES_MODE', filesplit: { motionMode: 2, recordState: false } }, 'motion-only'],
    [{ mode: 'PROXY_ONLY_MODE', filesplit: { recordState: false } }, 'proxy-only'],
  ] as Array<[RecordingConfiguration, string]>)('reads %j as %s', (config, style) => {
    expect(readRecordingStyle(config)).toEqual({ style, derived: true });
  });

  it('falls back to the default, not derived, when no style matches', () => {
    const reading = readRecordingStyle({ mode: 'ALL_FEATURES_MODE', filesplit: { motionMode: 1 } });
    expect(reading).toEqual({ style: 'continuous-motion-adaptive', derived: false, matching: [] });
  });

  it('falls back to the default when the motion reducer is missing (adaptive and motion both unprovable)', () => {
    expect(readRecordingStyle({ mode: 'ALL_FEATURES_MODE', filesplit: { motionMode: 0 } }).derived).toBe(false);
  });

  it('falls back to the default for a stream with no configuration', () => {
    expect(readRecordingStyle(null)).toMatchObject({ style: 'continuous-motion-adaptive', derived: false });
  });

  it('saves each style as a configuration that reads back as that style, keeping object size, mask and decoding', () => {
    const base: RecordingConfiguration = { mode: 'EMBEDDED_LITE_MODE', bgseg: { boxArea: 7, motionMask: { href: '/m' } }, decode: { keyFramesOnly: true } };
    for (const style of RECORDING_STYLE_LIST) {
      const config = recordingConfigurationFor(style, base);
      expect(readRecordingStyle(config)).toEqual({ style, derived: true });
      expect(config.bgseg).toEqual(base.bgseg);
      expect(config.decode).toEqual(base.decode);
    }
  });

  it('agrees with the recorder on every style and on a set of odd configurations', () => {
    for (const style of RECORDING_STYLE_LIST) {
      expect(recordingConfigurationFor(style)).toEqual(configurationFor(style));
    }
    const odd: RecordingConfiguration[] = [
      { mode: 'ALL_FEATURES_MODE' },
      { mode: 'PROXY_ONLY_MODE', filesplit: { recordState: true } },
      { mode: 'EMBEDDED_LITE_MODE', filesplit: { motionMode: 2 } },
      { mode: 'ALL_FEATURES_MODE', motionReducer: true, filesplit: { motionMode: 2, recordState: false } },
    ];
    for (const config of odd) {
      const reading = readRecordingStyle(config);
      expect(reading.derived ? reading.style : undefined).toBe(tryStyleOf(config));
    }
  });

  it('says which styles decode pictures for motion (and so serve low-bandwidth pictures)', () => {
    expect(RECORDING_STYLE_LIST.filter(detectsMotion)).toEqual(['continuous-motion-adaptive', 'continuous-motion', 'motion-only']);
  });
});
