/**
 * What other recorder features may use of identity: sessions, users and the
 * sign-in throttle, for the RTSP restream's own password check.
 */
export type { SessionsService } from './sessions';
export type { SignInThrottle } from './sign-in-throttle';
export type { UsersService } from './users';
