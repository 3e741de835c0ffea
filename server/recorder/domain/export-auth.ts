/**
 * Who may download an export (spec 6, 7). Downloads open in a new window,
 * which cannot send an Authorization header, so besides a Bearer session the
 * export accepts `?sid=<session token>` or `?jwt=<recorder JWT>`. The user
 * must hold the 'export' ability (Manager, Administrator). Failures are 401
 * (no or bad credentials) or 403 (signed in, not allowed).
 */
import type { User } from '../../shared/api';
import { can } from '../../shared/roles';
import { forbidden, unauthorized } from './api-error';
import { JwtInvalidError, type RecorderJwt } from './export-jwt';
import type { SessionsService } from './sessions';
import type { UsersService } from './users';

export interface ExportCredentials {
  bearer?: string | undefined;
  sid?: string | undefined;
  jwt?: string | undefined;
}

export class ExportAuthenticator {
  constructor(
    private readonly sessions: Pick<SessionsService, 'authenticate'>,
    private readonly users: Pick<UsersService, 'get'>,
    private readonly jwt: Pick<RecorderJwt, 'verify'>,
  ) {}

  async user(credentials: ExportCredentials): Promise<User> {
    const token = credentials.bearer || credentials.sid;
    if (token) {
      const session = this.sessions.authenticate(token);
      if (session) return session.user;
      throw unauthorized('Your session has expired or is not valid. Please sign in.', 'no_session');
    }
    if (credentials.jwt) {
      let userId: string;
      try {
        userId = await this.jwt.verify(credentials.jwt);
      } catch (error) {
        if (error instanceof JwtInvalidError) throw unauthorized('The export link is not valid or has expired.', 'authentication-failed');
        throw error;
      }
      try {
        return this.users.get(userId);
      } catch {
        // The token outlived its user: the same answer as a bad token, so nothing leaks.
        throw unauthorized('The export link is not valid or has expired.', 'authentication-failed');
      }
    }
    throw unauthorized('Sign in, or open the export with a session (sid) or JWT (jwt).', 'no_session');
  }

  /** The user, when allowed to export; 401 or 403 otherwise. */
  async exporter(credentials: ExportCredentials): Promise<User> {
    const user = await this.user(credentials);
    if (!can(user.role, 'export')) throw forbidden('Your role does not allow exporting video.');
    return user;
  }
}
