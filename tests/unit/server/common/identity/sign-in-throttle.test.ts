import { describe, expect, it } from 'vitest';
import { MAX_ENTRIES, SignInThrottle } from '../../../../../server/common/identity/sign-in-throttle';

/** Reserves `count` tries at the current time and answers how many were let through. */
function burst(throttle: SignInThrottle, count: number, username: (i: number) => string, address: string): number {
  let allowed = 0;
  for (let i = 0; i < count; i++) if (throttle.reserve(username(i), address) === 0) allowed += 1;
  return allowed;
}

describe('sign-in throttle', () => {
  it('allows a few tries, then makes that account and address wait longer each time', () => {
    let now = 0;
    const throttle = new SignInThrottle(() => now);
    for (let i = 0; i < 3; i++) expect(throttle.reserve('bob', '10.0.0.1')).toBe(0);
    expect(throttle.waitMs('bob', '10.0.0.1')).toBe(0);
    expect(throttle.reserve('bob', '10.0.0.1')).toBe(0);
    const first = throttle.waitMs('bob', '10.0.0.1');
    expect(first).toBeGreaterThan(0);
    expect(throttle.reserve('bob', '10.0.0.1')).toBe(first);
    now += first;
    expect(throttle.reserve('bob', '10.0.0.1')).toBe(0);
    expect(throttle.waitMs('bob', '10.0.0.1')).toBeGreaterThan(first);
  });

  it('counts a try when it is reserved, so unsettled parallel tries use up the allowance', () => {
    const throttle = new SignInThrottle(() => 0);
    // 100 tries arrive before any password check has finished (nothing settled yet).
    expect(burst(throttle, 100, () => 'bob', '10.0.0.1')).toBe(4);
    expect(throttle.reserve('bob', '10.0.0.1')).toBeGreaterThan(0);
  });

  it('lets a burst through no more often than the same tries made one after another', () => {
    let now = 0;
    const sequence = new SignInThrottle(() => now);
    let sequenceChecked = 0;
    for (let i = 0; i < 100; i++) {
      const waitMs = sequence.reserve('bob', 'a');
      if (waitMs === 0) sequenceChecked += 1;
      else now += waitMs;
    }
    const parallel = new SignInThrottle(() => 0);
    expect(burst(parallel, 100, () => 'bob', 'a')).toBeLessThanOrEqual(sequenceChecked);
  });

  it('settles a success by clearing the pair; a failure stays counted', () => {
    const throttle = new SignInThrottle(() => 0);
    for (let i = 0; i < 3; i++) throttle.reserve('bob', 'a');
    throttle.succeeded('bob', 'a');
    expect(burst(throttle, 10, () => 'bob', 'a')).toBe(4);
    expect(throttle.waitMs('bob', 'a')).toBeGreaterThan(0);
  });

  it('does not slow the same user from another address, nor another user', () => {
    const throttle = new SignInThrottle(() => 0);
    for (let i = 0; i < 10; i++) throttle.reserve('bob', '10.0.0.1');
    expect(throttle.waitMs('BOB', '10.0.0.1')).toBeGreaterThan(0);
    expect(throttle.waitMs('bob', '10.0.0.2')).toBe(0);
    expect(throttle.waitMs('alice', '10.0.0.1')).toBe(0);
  });

  it('cuts off one address spraying many usernames, but not the users from elsewhere', () => {
    const throttle = new SignInThrottle(() => 0);
    const checked = burst(throttle, 50, (i) => `user${i}`, '10.0.0.1');
    expect(checked).toBe(11);
    expect(throttle.waitMs('user49', '10.0.0.1')).toBeGreaterThan(0);
    expect(throttle.reserve('user49', '10.0.0.2')).toBe(0);
    // A success for one account from the spraying address does not reset the address count.
    throttle.succeeded('user0', '10.0.0.1');
    expect(throttle.waitMs('user0', '10.0.0.1')).toBeGreaterThan(0);
  });

  it('does not count successful sign-ins against the address', () => {
    const throttle = new SignInThrottle(() => 0);
    for (let i = 0; i < 100; i++) {
      expect(throttle.reserve(`user${i % 7}`, '10.0.0.1')).toBe(0);
      throttle.succeeded(`user${i % 7}`, '10.0.0.1');
    }
    expect(burst(throttle, 50, (i) => `other${i}`, '10.0.0.1')).toBe(11);
  });

  it('caps the wait and forgets an address after a long quiet spell', () => {
    let now = 0;
    const throttle = new SignInThrottle(() => now);
    for (let i = 0; i < 50; i++) {
      const waitMs = throttle.reserve('bob', 'a');
      expect(waitMs).toBeLessThanOrEqual(60_000);
      now += waitMs;
    }
    expect(throttle.waitMs('bob', 'a')).toBeLessThanOrEqual(60_000);
    now += 16 * 60_000;
    expect(throttle.waitMs('bob', 'a')).toBe(0);
    expect(burst(throttle, 10, () => 'bob', 'a')).toBe(4);
  });

  it('holds at most MAX_ENTRIES entries, dropping the least recently touched', () => {
    const throttle = new SignInThrottle(() => 0);
    for (let i = 0; i < 3; i++) throttle.reserve('victim', 'v');
    for (let i = 0; i < MAX_ENTRIES; i++) throttle.reserve('x', `addr${i}`);
    expect(throttle.size).toBe(MAX_ENTRIES);
    // The oldest pair was dropped to make room; the newest survive.
    expect(burst(throttle, 10, () => 'x', `addr${MAX_ENTRIES - 1}`)).toBe(3);
  });
});
