/**
 * What other recorder features may use of identity: sessions, users and the
 * sign-in throttle, for the RTSP restream's own password check; and the
 * trusted issuer's store, which whoever attaches this recorder to an issuer
 * (the start options, the aggregator's registration) goes through.
 */
export type { SessionsService } from './sessions';
export type { SignInThrottle } from '../../common/identity/sign-in-throttle';
export type { UsersService } from './users';
export { TrustedIssuerStore, TRUSTED_ISSUER_SETTING, type ActiveIssuer } from './trusted-issuer';
export { JwtSessions, jwtSessionId } from './jwt-sessions';
