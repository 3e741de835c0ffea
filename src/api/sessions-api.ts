/** Sign-in and the caller's own session (spec 7, "Sessions and identity"). */
import type { Session, SignInRequest } from '../../server/shared/api';
import { LOGIN_EXPIRY_S } from '../../server/shared/validation';
import { http } from './http';

export const sessionsApi = {
  /** Only the fields the server accepts: it rejects unknown ones. */
  signIn: (username: string, password: string, staySignedIn: boolean) => {
    const body: SignInRequest = {
      username,
      password,
      cookie: staySignedIn ? 'persistent' : 'session',
      expiresIn: LOGIN_EXPIRY_S,
      type: 'user',
    };
    return http.post<Session>('/service/sessions/user', body);
  },
  /** Checks a stored token; a 401 here means "not signed in", not "session lost". */
  me: () => http.get<Session>('/service/sessions/me', { reportUnauthorized: false }),
  signOut: () => http.delete('/service/sessions/me', { reportUnauthorized: false }),
};
