import { describe, expect, it } from 'vitest';
import { SignInThrottle } from '../../../server/recorder/domain/sign-in-throttle';

describe('sign-in throttle', () => {
  it('allows a few failures, then makes that account and address wait longer each time', () => {
    let now = 0;
    const throttle = new SignInThrottle(() => now);
    for (let i = 0; i < 3; i++) throttle.recordFailure('bob', '10.0.0.1');
    expect(throttle.waitMs('bob', '10.0.0.1')).toBe(0);
    throttle.recordFailure('bob', '10.0.0.1');
    const first = throttle.waitMs('bob', '10.0.0.1');
    expect(first).toBeGreaterThan(0);
    now += first;
    throttle.recordFailure('bob', '10.0.0.1');
    expect(throttle.waitMs('bob', '10.0.0.1')).toBeGreaterThan(first);
  });

  it('does not slow the same user from another address, nor another user', () => {
    const throttle = new SignInThrottle(() => 0);
    for (let i = 0; i < 10; i++) throttle.recordFailure('bob', '10.0.0.1');
    expect(throttle.waitMs('BOB', '10.0.0.1')).toBeGreaterThan(0);
    expect(throttle.waitMs('bob', '10.0.0.2')).toBe(0);
    expect(throttle.waitMs('alice', '10.0.0.1')).toBe(0);
  });

  it('caps the wait and clears it on success', () => {
    const throttle = new SignInThrottle(() => 0);
    for (let i = 0; i < 50; i++) throttle.recordFailure('bob', 'a');
    expect(throttle.waitMs('bob', 'a')).toBeLessThanOrEqual(60_000);
    throttle.recordSuccess('bob', 'a');
    expect(throttle.waitMs('bob', 'a')).toBe(0);
  });
});
