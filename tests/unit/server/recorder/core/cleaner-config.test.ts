import { describe, expect, it } from 'vitest';
import { ConfigError, defaultConfig, parseConfig } from '../../../../../server/recorder/core/config';

describe('cleaner threshold option', () => {
  it('defaults to 90 % and takes --cleaner-threshold or ARGUS_CLEANER_THRESHOLD', () => {
    const defaults = defaultConfig('/repo');
    expect(parseConfig([], {}, defaults).cleanerThresholdPercent).toBe(90);
    expect(parseConfig(['--cleaner-threshold', '75'], {}, defaults).cleanerThresholdPercent).toBe(75);
    expect(parseConfig([], { ARGUS_CLEANER_THRESHOLD: '60' }, defaults).cleanerThresholdPercent).toBe(60);
  });

  it('refuses percentages outside 1-99 and an export limit under one hour', () => {
    const defaults = defaultConfig('/repo');
    expect(() => parseConfig(['--cleaner-threshold', '0'], {}, defaults)).toThrow(ConfigError);
    expect(() => parseConfig(['--cleaner-threshold', '100'], {}, defaults)).toThrow(ConfigError);
    expect(() => parseConfig(['--max-export-hours', '0'], {}, defaults)).toThrow(ConfigError);
  });
});

describe('cleaner interval option', () => {
  it('defaults to 60 s and takes --cleaner-interval-seconds or ARGUS_CLEANER_INTERVAL_SECONDS', () => {
    const defaults = defaultConfig('/repo');
    expect(parseConfig([], {}, defaults).cleanerIntervalSeconds).toBe(60);
    expect(parseConfig(['--cleaner-interval-seconds', '2'], {}, defaults).cleanerIntervalSeconds).toBe(2);
    expect(parseConfig([], { ARGUS_CLEANER_INTERVAL_SECONDS: '30' }, defaults).cleanerIntervalSeconds).toBe(30);
  });

  it('refuses 0 and more than an hour', () => {
    const defaults = defaultConfig('/repo');
    expect(() => parseConfig(['--cleaner-interval-seconds', '0'], {}, defaults)).toThrow(ConfigError);
    expect(() => parseConfig(['--cleaner-interval-seconds', '3601'], {}, defaults)).toThrow(ConfigError);
  });
});
