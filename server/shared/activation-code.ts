/**
 * Activation code rules of spec 5, run by the client (which field it is) and
 * by the activation service (what it accepts). An activation code is four
 * groups of five letters or digits (XXXXX-XXXXX-XXXXX-XXXXX); a renewal or
 * upgrade code is four groups of four. Anything that is not an activation
 * code is treated as a renewal code, so a mistyped activation code reaches
 * the service as a renewal and is refused there with its reason.
 */
const ACTIVATION_CODE = /^[A-Za-z0-9]{5}(-[A-Za-z0-9]{5}){3}$/;
const RENEWAL_CODE = /^[A-Za-z0-9]{4}(-[A-Za-z0-9]{4}){3}$/;

export type CodeKind = 'activation' | 'renewal';

/** Surrounding spaces are not part of a code; letters are compared in upper case. */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

export function isActivationCode(code: string): boolean {
  return ACTIVATION_CODE.test(normalizeCode(code));
}

/** Strictly four groups of four (what the service accepts as a renewal). */
export function isRenewalCode(code: string): boolean {
  return RENEWAL_CODE.test(normalizeCode(code));
}

/** How the client sends a code: the 5-pattern activates, anything else renews. */
export function codeKind(code: string): CodeKind {
  return isActivationCode(code) ? 'activation' : 'renewal';
}

/** Spec 5: a location, when given, must hold a non-space character; answers a message or undefined. */
export function validateLocation(location: string | undefined): string | undefined {
  if (location === undefined || location === '') return undefined;
  return /\S/.test(location) ? undefined : 'Location must contain a non-space character.';
}

/** Spec 8: an activation error reads 'code: reason', or the reason alone when there is no code. */
export function activationErrorText(error: { code?: string | null; reason: string }): string {
  return error.code ? `${error.code}: ${error.reason}` : error.reason;
}
