/**
 * The client's license rules (spec 2, 8, 9), pure so they are unit tested:
 * an expiry above EXPIRY_NOT_APPLICABLE_ABOVE_MS reads 'n/a', the remaining
 * time counts down to activationTimeRange.stop, the license/storage error
 * dialog picks its wording by the session's reason, and the license dialog
 * decides activate or renew from the code's shape (the shared rules in
 * server/shared/activation-code.ts, which the activation service runs too).
 */
import { format } from 'date-fns';
import { activationErrorText, codeKind, normalizeCode, validateLocation, type CodeKind } from '../../../server/shared/activation-code';
import type { LicenseSession } from '../../../server/shared/api';

export { activationErrorText, codeKind, normalizeCode, validateLocation, type CodeKind };

import { EXPIRY_NOT_APPLICABLE_ABOVE_MS } from '../../../server/shared/license-constants';

export { ACTIVATION_PATHS, ACTIVATION_PING_TIMEOUT_MS, EXPIRY_NOT_APPLICABLE_ABOVE_MS } from '../../../server/shared/license-constants';

/** True when an expiry (epoch ms) means "does not expire" (spec 9). */
export function expiryNotApplicable(expiresMs: number): boolean {
  return !Number.isFinite(expiresMs) || expiresMs > EXPIRY_NOT_APPLICABLE_ABOVE_MS;
}

/** An expiry as the license table shows it: 'n/a' above the threshold, else yyyy-MM-dd. */
export function formatExpiry(expiresMs: number, notApplicable = 'n/a'): string {
  return expiryNotApplicable(expiresMs) ? notApplicable : format(expiresMs, 'yyyy-MM-dd');
}

/** Milliseconds left until activationTimeRange.stop; 0 once past; null when the license does not expire. */
export function remainingMs(session: Pick<LicenseSession, 'license'>, nowMs: number): number | null {
  const stop = session.license.activationTimeRange.stop;
  if (expiryNotApplicable(stop)) return null;
  return Math.max(0, stop - nowMs);
}

/** Whole days left (rounded up, so the last hours still read as one day); null when it does not expire. */
export function remainingDays(session: Pick<LicenseSession, 'license'>, nowMs: number): number | null {
  const ms = remainingMs(session, nowMs);
  return ms === null ? null : Math.ceil(ms / 86_400_000);
}

/** Which wording the error dialog uses: the changed storage device, a restart to apply a change, or the invalid license. */
export type LicenseProblem = 'storage' | 'restart' | 'license';

/** What the session's state means for the top bar: null when normal. */
export function licenseProblem(state: LicenseSession['state']): LicenseProblem | null {
  if (state.status === 'normal') return null;
  if (state.status === 'pending_change') return 'restart';
  return state.reason === 'storage' ? 'storage' : 'license';
}

/** The error dialog opens by itself (once per page load) only for a degraded recorder. */
export function opensByItself(state: LicenseSession['state']): boolean {
  return state.status === 'degraded';
}

export interface LicenseFormInput {
  code: string;
  location: string;
  key: string;
  mode: 'online' | 'offline';
}

/** Spec 5: Activate stays disabled with neither a code (online) nor a key (offline), or while processing. */
export function canActivate(input: LicenseFormInput, processing: boolean): boolean {
  if (processing) return false;
  const value = input.mode === 'online' ? input.code : input.key;
  if (value.trim() === '') return false;
  return input.mode === 'offline' || validateLocation(input.location) === undefined;
}
