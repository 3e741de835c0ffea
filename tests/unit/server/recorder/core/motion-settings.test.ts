import { describe, expect, it } from 'vitest';
import type { RecordingStyle } from '../../../../../server/shared/api';
import { configurationFor } from '../../../../../server/shared/recording-style';
import { segmentDecision } from '../../../../../server/recorder/motion/motion-archive-policy';
import {
  checkMotionConfiguration,
  DEFAULT_OBJECT_SIZE,
  motionBehaviourOf,
  motionSettingsOf,
  MOTION_ONLY_SEGMENT_SECONDS,
  normalizeObjectSize,
  reducedFrameRate,
} from '../../../../../server/recorder/core/motion-settings';
import { resolveRecording } from '../../../../../server/recorder/cameras/cameras-streams';

describe('recording style → motion behaviour', () => {
  it.each<[RecordingStyle, boolean, boolean, boolean, number | undefined]>([
    ['continuous-motion-adaptive', true, false, true, undefined],
    ['continuous-motion', true, false, false, undefined],
    ['continuous', false, false, false, undefined],
    ['motion-only', true, true, false, MOTION_ONLY_SEGMENT_SECONDS],
    ['proxy-only', false, false, false, undefined],
  ])('%s: detect %s, motion only %s, thin %s, segments %s', (style, detect, recordOnlyMotion, reduceWithoutMotion, segmentSeconds) => {
    expect(motionBehaviourOf(configurationFor(style))).toEqual({ detect, recordOnlyMotion, reduceWithoutMotion, segmentSeconds });
  });

  it('handles a configuration matching no style as the default style', () => {
    expect(motionBehaviourOf({ mode: 'ALL_FEATURES_MODE', filesplit: { motionMode: 7 } })).toEqual(motionBehaviourOf(configurationFor('continuous-motion-adaptive')));
    expect(motionBehaviourOf(undefined).detect).toBe(true);
  });

  it('reads object size and keyframes-only decoding, with defaults', () => {
    expect(motionSettingsOf(configurationFor('continuous-motion'))).toMatchObject({ objectSize: DEFAULT_OBJECT_SIZE, keyFramesOnly: false });
    const config = { ...configurationFor('motion-only'), bgseg: { boxArea: 12 }, decode: { keyFramesOnly: true } };
    expect(motionSettingsOf(config)).toMatchObject({ objectSize: 12, keyFramesOnly: true, recordOnlyMotion: true });
  });
});

describe('object size (spec 5)', () => {
  it('is 0-100; a negative value becomes positive; out of range is a 400', () => {
    expect(normalizeObjectSize(0)).toBe(0);
    expect(normalizeObjectSize(100)).toBe(100);
    expect(normalizeObjectSize(-7.5)).toBe(7.5);
    for (const bad of [100.5, -101, Number.NaN, '5', null]) {
      expect(() => normalizeObjectSize(bad)).toThrow(expect.objectContaining({ status: 400, code: 'invalid-object-size' }));
    }
  });

  it('is checked when a stream is saved, and stored positive', () => {
    const base = configurationFor('continuous-motion');
    expect(checkMotionConfiguration({ ...base, bgseg: { boxArea: -20, motionMask: { href: '/m' } } }).bgseg).toEqual({ boxArea: 20, motionMask: { href: '/m' } });
    expect(checkMotionConfiguration(base)).toBe(base);
    expect(resolveRecording({ recordingConfiguration: { ...base, bgseg: { boxArea: -3 } } }).bgseg?.boxArea).toBe(3);
    expect(() => resolveRecording({ recordingConfiguration: { ...base, bgseg: { boxArea: 250 } } })).toThrow(expect.objectContaining({ status: 400 }));
  });
});

describe('adaptive frame rate (spec 5: 1-30, frame rate divided by a whole number)', () => {
  it('is the keyframe rate when that is within 1-30', () => {
    expect(reducedFrameRate(25, 1000)).toBe(1);
    expect(reducedFrameRate(30, 500)).toBe(2);
    expect(reducedFrameRate(25, 2000)).toBeUndefined(); // 0.5 fps: below the minimum, kept whole
    expect(reducedFrameRate(25, 40)).toBeUndefined(); // every frame a keyframe: nothing to save
    expect(reducedFrameRate(120, 20)).toBeUndefined(); // 60 fps of keyframes... above 30 is never reached by thinning
    expect(reducedFrameRate(0, 1000)).toBeUndefined();
  });
});

describe('what happens to a closed segment', () => {
  const motionOnly = { recordOnlyMotion: true, reduceWithoutMotion: false };
  const adaptive = { recordOnlyMotion: false, reduceWithoutMotion: true };
  const continuous = { recordOnlyMotion: false, reduceWithoutMotion: false };
  const facts = { watched: true, motionNear: false, reducible: true };

  it('deletes (motion-only) or thins (adaptive) a watched segment far from motion', () => {
    expect(segmentDecision(motionOnly, facts)).toBe('delete');
    expect(segmentDecision(adaptive, facts)).toBe('keyframes-only');
    expect(segmentDecision(continuous, facts)).toBe('keep');
  });

  it('keeps it whole near motion, when not watched, or when thinning would break the rate limits', () => {
    for (const behaviour of [motionOnly, adaptive]) {
      expect(segmentDecision(behaviour, { ...facts, motionNear: true })).toBe('keep');
      expect(segmentDecision(behaviour, { ...facts, watched: false })).toBe('keep');
    }
    expect(segmentDecision(adaptive, { ...facts, reducible: false })).toBe('keep');
  });
});
