/** Sign-in and the caller's own session (spec 7, "Sessions and identity"). */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { SignInBody } from '../../shared/api/system';
import { MESSAGES } from '../../shared/validation';
import { ApiError, badRequest, unauthorized } from '../../common/api-error';
import type { SessionsService } from './sessions';
import type { SignInThrottle } from '../../common/identity/sign-in-throttle';
import type { UsersService } from './users';
import { sessionOf } from '../../common/http/auth';

export interface SessionRoutesDeps {
  users: UsersService;
  sessions: SessionsService;
  throttle: SignInThrottle;
  /**
   * Told of each sign-in checked against a password (System report 'sign-in' and 'sign-in-failed'):
   * the account name and the caller's address, never the password. Tries refused by the throttle
   * before any check are not told (the failures that led to it were).
   */
  onSignIn?: (attempt: { username: string; address: string; succeeded: boolean }) => void;
}

export async function sessionRoutes(fastify: FastifyInstance, deps: SessionRoutesDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/service/sessions/user',
    { config: { access: 'public' }, schema: { body: SignInBody } },
    async (request, reply) => {
      const { username, password, cookie = 'session', expiresIn } = request.body;
      if (username.length === 0 || password.length === 0) throw badRequest(MESSAGES.signInRequired);
      // Domain sign-in (user@domain) has no directory on a recorder; the local part is the account.
      const account = username.includes('@') ? username.slice(0, username.indexOf('@')) : username;
      // The try is counted before the slow hash, so a parallel burst is checked no more often than a sequence.
      const waitMs = deps.throttle.reserve(account, request.ip);
      if (waitMs > 0) {
        void reply.header('Retry-After', Math.ceil(waitMs / 1000));
        throw new ApiError(
          429,
          'too-many-attempts',
          `Too many failed sign-in attempts. Try again in ${Math.ceil(waitMs / 1000)} seconds.`,
        );
      }
      const user = await deps.users.authenticate(account, password);
      // A failure stays counted by the reservation; only a success settles it.
      if (!user) {
        // For the exported log (System report): who was refused, never what password was tried.
        request.log.warn({ account }, 'sign-in refused');
        deps.onSignIn?.({ username: account, address: request.ip, succeeded: false });
        throw unauthorized('Invalid username or password.', 'authentication-failed');
      }
      deps.throttle.succeeded(account, request.ip);
      deps.onSignIn?.({ username: user.username, address: request.ip, succeeded: true });
      const options = { persistent: cookie === 'persistent', address: request.ip };
      return deps.sessions.create(user, expiresIn === undefined ? options : { ...options, expiresInS: expiresIn });
    },
  );

  app.get('/service/sessions/me', { config: { access: 'signed-in' } }, async (request) => {
    const session = sessionOf(request);
    return deps.sessions.describe(session, request.token ?? '');
  });

  app.delete('/service/sessions/me', { config: { access: 'signed-in' } }, async (request, reply) => {
    deps.sessions.delete(sessionOf(request).id);
    return reply.status(204).send();
  });
}
