import { describe, expect, it } from 'vitest';
import { ConfigError, defaultConfig, parseConfig } from '../../../../../server/recorder/core/config';
import { shiftedClock } from '../../../../../server/recorder/core/shifted-clock';

const defaults = defaultConfig('/repo');

describe('--clock-offset-seconds', () => {
  it('is 0 unless set, and takes seconds ahead or behind from the flag or ARGUS_CLOCK_OFFSET_SECONDS', () => {
    expect(parseConfig([], {}, defaults).clockOffsetSeconds).toBe(0);
    expect(parseConfig(['--clock-offset-seconds', '120'], {}, defaults).clockOffsetSeconds).toBe(120);
    expect(parseConfig(['--clock-offset-seconds', '-90'], {}, defaults).clockOffsetSeconds).toBe(-90);
    expect(parseConfig(['--clock-offset-seconds=-5'], {}, defaults).clockOffsetSeconds).toBe(-5);
    expect(parseConfig([], { ARGUS_CLOCK_OFFSET_SECONDS: '+30' }, defaults).clockOffsetSeconds).toBe(30);
  });

  it('refuses what is not a whole number, and more than a year', () => {
    expect(() => parseConfig(['--clock-offset-seconds', '1.5'], {}, defaults)).toThrow(ConfigError);
    expect(() => parseConfig(['--clock-offset-seconds', 'ahead'], {}, defaults)).toThrow(/whole number/);
    expect(() => parseConfig(['--clock-offset-seconds', String(400 * 86_400)], {}, defaults)).toThrow(/one year/);
  });
});

describe('the recorder clock', () => {
  it('runs the base clock ahead or behind by the offset', () => {
    const base = () => 1_000_000;
    expect(shiftedClock(120, base)()).toBe(1_120_000);
    expect(shiftedClock(-30, base)()).toBe(970_000);
    expect(shiftedClock(0, base)).toBe(base);
  });
});
