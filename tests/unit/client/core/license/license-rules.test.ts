import { describe, expect, it } from 'vitest';
import { EXPIRY_NOT_APPLICABLE_ABOVE_MS, NO_EXPIRY_MS, type LicenseSession } from '../../../../../server/shared/api/license';
import {
  activationErrorText,
  canActivate,
  codeKind,
  expiryNotApplicable,
  formatExpiry,
  licenseProblem,
  opensByItself,
  remainingDays,
  remainingMs,
  validateLocation,
} from '../../../../../src/core/license/license-rules';

const withStop = (stop: number) => ({ license: { activationTimeRange: { start: 0, stop } } }) as Pick<LicenseSession, 'license'>;

describe('license expiry', () => {
  it('reads n/a above the spec threshold and a date at or below it', () => {
    expect(expiryNotApplicable(NO_EXPIRY_MS)).toBe(true);
    expect(expiryNotApplicable(EXPIRY_NOT_APPLICABLE_ABOVE_MS + 1)).toBe(true);
    expect(expiryNotApplicable(EXPIRY_NOT_APPLICABLE_ABOVE_MS)).toBe(false);
    expect(formatExpiry(NO_EXPIRY_MS)).toBe('n/a');
    expect(formatExpiry(new Date(2027, 0, 31, 12).getTime())).toBe('2027-01-31');
  });

  it('counts the remaining time down to activationTimeRange.stop', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(remainingMs(withStop(now + 5000), now)).toBe(5000);
    expect(remainingMs(withStop(now - 5000), now)).toBe(0);
    expect(remainingMs(withStop(NO_EXPIRY_MS), now)).toBeNull();
    expect(remainingDays(withStop(now + 1.5 * 86_400_000), now)).toBe(2);
    expect(remainingDays(withStop(NO_EXPIRY_MS), now)).toBeNull();
  });
});

describe('license error dialog wording', () => {
  it('uses the storage wording for reason storage and the license wording otherwise', () => {
    expect(licenseProblem({ status: 'normal', description: '' })).toBeNull();
    expect(licenseProblem({ status: 'degraded', reason: 'storage', description: '' })).toBe('storage');
    expect(licenseProblem({ status: 'degraded', reason: 'license', description: '' })).toBe('license');
    expect(licenseProblem({ status: 'degraded', description: '' })).toBe('license');
    expect(licenseProblem({ status: 'pending_change', reason: 'restart', description: '' })).toBe('restart');
  });

  it('opens by itself only when degraded', () => {
    expect(opensByItself({ status: 'degraded', reason: 'storage', description: '' })).toBe(true);
    expect(opensByItself({ status: 'pending_change', reason: 'restart', description: '' })).toBe(false);
    expect(opensByItself({ status: 'normal', description: '' })).toBe(false);
  });
});

describe('license dialog rules', () => {
  it('activates a 5-pattern code and renews anything else', () => {
    expect(codeKind('ABCDE-12345-FGHIJ-67890')).toBe('activation');
    expect(codeKind(' abcde-12345-fghij-67890 ')).toBe('activation');
    expect(codeKind('ABCD-1234-EFGH-5678')).toBe('renewal');
    expect(codeKind('ABCDE-12345')).toBe('renewal');
  });

  it('wants a non-space character in a location when one is given', () => {
    expect(validateLocation('')).toBeUndefined();
    expect(validateLocation('Front desk')).toBeUndefined();
    expect(validateLocation('   ')).toMatch(/non-space/);
  });

  it("writes errors as 'code: reason' or the reason alone", () => {
    expect(activationErrorText({ code: 'unknown-code', reason: 'No such code.' })).toBe('unknown-code: No such code.');
    expect(activationErrorText({ reason: 'No such code.' })).toBe('No such code.');
  });

  it('disables Activate with neither code nor key, with a blank location, or while processing', () => {
    const online = { mode: 'online' as const, code: 'ABCDE-12345-FGHIJ-67890', location: '', key: '' };
    expect(canActivate(online, false)).toBe(true);
    expect(canActivate(online, true)).toBe(false);
    expect(canActivate({ ...online, code: ' ' }, false)).toBe(false);
    expect(canActivate({ ...online, location: '  ' }, false)).toBe(false);
    expect(canActivate({ mode: 'offline', code: '', location: '', key: 'signed.key' }, false)).toBe(true);
    expect(canActivate({ mode: 'offline', code: 'ABCDE-12345-FGHIJ-67890', location: '', key: '' }, false)).toBe(false);
  });
});
