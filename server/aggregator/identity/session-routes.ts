/**
 * Sign-in to the aggregator and the caller's own session (spec 7 "Sessions
 * and identity"), with the recorder's sign-in throttle; sessions are 'fsid'.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { SignInBody } from '../../shared/api/system';
import { MESSAGES } from '../../shared/validation';
import { ApiError, badRequest, unauthorized } from '../../common/api-error';
import { sessionOf } from '../../common/http/auth';
import type { SignInThrottle } from '../../common/identity/sign-in-throttle';
import type { User } from '../../shared/api';
import type { SessionsStore } from './sessions-store';
import type { UsersStore } from './users-store';

export interface SessionRoutesDeps {
  users: UsersStore;
  sessions: SessionsStore;
  throttle: SignInThrottle;
  /** Told when a user signs in, so their sessions on the recorders can be made before the first list asks. */
  onSignIn?: (user: User) => void;
  /** Told when a user signs out, so their sessions on the recorders go too. */
  onSignOut?: (userId: string) => void;
}

export async function sessionRoutes(fastify: FastifyInstance, deps: SessionRoutesDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post('/service/sessions/user', { config: { access: 'public' }, schema: { body: SignInBody } }, async (request, reply) => {
    const { username, password, cookie = 'session', expiresIn } = request.body;
    if (username.length === 0 || password.length === 0) throw badRequest(MESSAGES.signInRequired);
    // Domain sign-in (user@domain) has no directory here yet; the local part is the account.
    const account = username.includes('@') ? username.slice(0, username.indexOf('@')) : username;
    const waitMs = deps.throttle.reserve(account, request.ip);
    if (waitMs > 0) {
      void reply.header('Retry-After', Math.ceil(waitMs / 1000));
      throw new ApiError(429, 'too-many-attempts', `Too many failed sign-in attempts. Try again in ${Math.ceil(waitMs / 1000)} seconds.`);
    }
    const user = await deps.users.authenticate(account, password);
    if (!user) {
      request.log.warn({ account }, 'sign-in refused');
      throw unauthorized('Invalid username or password.', 'authentication-failed');
    }
    deps.throttle.succeeded(account, request.ip);
    const options = { persistent: cookie === 'persistent', address: request.ip };
    const session = await deps.sessions.create(user, expiresIn === undefined ? options : { ...options, expiresInS: expiresIn });
    deps.onSignIn?.(user);
    return session;
  });

  app.get('/service/sessions/me', { config: { access: 'signed-in' } }, async (request) => deps.sessions.describe(sessionOf(request), request.token ?? ''));

  app.delete('/service/sessions/me', { config: { access: 'signed-in' } }, async (request, reply) => {
    const session = sessionOf(request);
    await deps.sessions.delete(session.id);
    deps.onSignOut?.(session.user.id);
    return reply.status(204).send();
  });
}
