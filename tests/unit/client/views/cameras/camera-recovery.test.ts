import { describe, expect, it } from 'vitest';
import { parseVersion, supportsCameraRecovery } from '../../../../../src/views/cameras/camera-recovery';

describe('camera recovery needs server 2.2.2 or later (spec 5)', () => {
  it('compares major, minor and patch as numbers', () => {
    expect(supportsCameraRecovery('2.2.2')).toBe(true);
    expect(supportsCameraRecovery('2.12.0')).toBe(true);
    expect(supportsCameraRecovery('3.0')).toBe(true);
    expect(supportsCameraRecovery('2.2.1')).toBe(false);
    expect(supportsCameraRecovery('2.1.9')).toBe(false);
    expect(supportsCameraRecovery('1.99.99')).toBe(false);
  });

  it('ignores suffixes and refuses what is not a version', () => {
    expect(parseVersion('2.12.0-sim')).toEqual([2, 12, 0]);
    expect(supportsCameraRecovery('v2.2.2+build.7')).toBe(true);
    expect(supportsCameraRecovery('unknown')).toBe(false);
    expect(supportsCameraRecovery(null)).toBe(false);
    expect(supportsCameraRecovery(undefined)).toBe(false);
  });
});
