/**
 * The license and activation values both the recorder and the client use
 * (spec 9). A plain module: server/shared/api/license.ts builds TypeBox
 * schemas at load, which the client's bundle does not need.
 */
/** Expiry values above this mean "does not expire" (spec 9); the recorder sends NO_EXPIRY_MS. */
export const EXPIRY_NOT_APPLICABLE_ABOVE_MS = 8623372036854776;
/** What the recorder sends as the expiry of a license that does not expire (the largest Date). */
export const NO_EXPIRY_MS = 8_640_000_000_000_000;
/** The client's ping time-out (spec 9): no answer within it means offline activation. */
export const ACTIVATION_PING_TIMEOUT_MS = 5_000;
/** The external activation service's paths (spec 7). */
export const ACTIVATION_PATHS = { activate: '/activate', renew: '/renew', ping: '/ping' } as const;
