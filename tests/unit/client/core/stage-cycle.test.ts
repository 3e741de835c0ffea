import { describe, expect, it } from 'vitest';
import {
  STAGE_CYCLE_SPEEDS,
  StageCycler,
  cycleIntervalMs,
  firstStageId,
  isStageCycleSpeed,
  localSettingKey,
  nextStageId,
  readStageCycleSettings,
} from '../../../../src/core/stage-cycle';
import { FakeClock } from '../../helpers/fake-clock';

describe('stage cycle settings', () => {
  it('offers the spec speeds and an interval of speed x 1000 ms', () => {
    expect(STAGE_CYCLE_SPEEDS).toEqual([0, 5, 10, 15, 20, 25, 30, 45, 60, 90, 120]);
    expect(cycleIntervalMs(45)).toBe(45_000);
    expect(cycleIntervalMs(0)).toBe(0);
    expect(isStageCycleSpeed(7)).toBe(false);
  });

  it('keys local settings by name and user id', () => {
    expect(localSettingKey('stage-matrix', 'u1')).toBe('stage-matrix:u1');
    expect(localSettingKey('stage-cycle', 'u1')).toBe('stage-cycle:u1');
  });

  it('reads stored settings leniently', () => {
    expect(readStageCycleSettings({ speed: 30, currentStage: 's2', excludeFromCycle: { s1: true, s3: false } })).toEqual({
      speed: 30,
      currentStage: 's2',
      excludeFromCycle: { s1: true },
    });
    expect(readStageCycleSettings({ speed: 7, currentStage: 4 })).toEqual({
      speed: 0,
      currentStage: null,
      excludeFromCycle: {},
    });
    expect(readStageCycleSettings(undefined).speed).toBe(0);
  });
});

describe('stage order', () => {
  const ids = ['a', 'b', 'c', 'd'];

  it('steps to the next included stage and wraps', () => {
    expect(nextStageId(ids, 'a', {})).toBe('b');
    expect(nextStageId(ids, 'a', { b: true })).toBe('c');
    expect(nextStageId(ids, 'd', {})).toBe('a');
    expect(nextStageId(ids, null, {})).toBe('a');
  });

  it('continues after an excluded or deleted current stage', () => {
    expect(nextStageId(ids, 'b', { b: true })).toBe('c');
    expect(nextStageId(ids, 'gone', {})).toBe('a');
  });

  it('has nothing to show when every stage is excluded', () => {
    expect(nextStageId(ids, 'a', { a: true, b: true, c: true, d: true })).toBeNull();
  });

  it('starts with the current stage when it takes part', () => {
    expect(firstStageId(ids, 'c', {})).toBe('c');
    expect(firstStageId(ids, 'c', { c: true })).toBe('d');
  });
});

describe('StageCycler', () => {
  it('shows the current stage 300 ms after a change, then the next every speed x 1000 ms', () => {
    const clock = new FakeClock();
    const shown: string[] = [];
    const cycler = new StageCycler({ timers: clock, show: (id) => shown.push(id) });
    cycler.configure({ speed: 5, currentStage: 'b', excludeFromCycle: { c: true } }, ['a', 'b', 'c']);
    clock.advance(299);
    expect(shown).toEqual([]);
    clock.advance(1);
    expect(shown).toEqual(['b']);
    clock.advance(5_000);
    expect(shown).toEqual(['b', 'a']);
    clock.advance(10_000);
    expect(shown).toEqual(['b', 'a', 'b', 'a']);
  });

  it('restarts on reconfiguration and stops at speed 0', () => {
    const clock = new FakeClock();
    const shown: string[] = [];
    const cycler = new StageCycler({ timers: clock, show: (id) => shown.push(id) });
    cycler.configure({ speed: 5, currentStage: null, excludeFromCycle: {} }, ['a', 'b']);
    clock.advance(4_000);
    cycler.configure({ speed: 10, currentStage: 'b', excludeFromCycle: {} }, ['a', 'b']);
    clock.advance(300);
    expect(shown).toEqual(['a', 'b']);
    clock.advance(9_999);
    expect(shown).toHaveLength(2);
    clock.advance(1);
    expect(shown).toEqual(['a', 'b', 'a']);
    cycler.configure({ speed: 0, currentStage: 'a', excludeFromCycle: {} }, ['a', 'b']);
    expect(cycler.running).toBe(false);
    clock.advance(60_000);
    expect(shown).toHaveLength(3);
  });
});
