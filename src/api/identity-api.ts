/**
 * Spec 7 "GET /service/identity (query jwt)": a JWT of the recorder's
 * trusted issuer exchanged for a session whose token is that JWT (the
 * single player, spec 6). Apart from sessions-api so that only the single
 * player's chunk carries it.
 */
import type { Session } from '../../server/shared/api';
import { http } from './http';

export const identityApi = {
  /** A 401 here is the token's refusal, not a lost session. */
  exchange: (jwt: string) => http.get<Session>('/service/identity', { query: { jwt }, reportUnauthorized: false }),
};
