/**
 * Authentication for /service routes. Every call needs `Authorization: Bearer
 * <token>` except the few that must work before sign-in (route option
 * `config.public`). Browsers cannot put headers on WebSocket upgrades or on a
 * download opened in a new window, so routes that opt in with
 * `config.queryToken` also accept the token as `?sid=`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Ability } from '../../shared/roles';
import { can } from '../../shared/roles';
import { forbidden, unauthorized } from '../domain/api-error';
import type { AuthenticatedSession, SessionsService } from '../domain/sessions';

declare module 'fastify' {
  interface FastifyContextConfig {
    public?: boolean;
    queryToken?: boolean;
  }
  interface FastifyRequest {
    session?: AuthenticatedSession;
    token?: string;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header && /^Bearer /i.test(header)) return header.slice(7).trim();
  if (request.routeOptions.config.queryToken) {
    const sid = (request.query as Record<string, unknown> | undefined)?.sid;
    if (typeof sid === 'string') return sid;
  }
  return undefined;
}

export function installAuth(app: FastifyInstance, sessions: SessionsService): void {
  app.decorateRequest('session', undefined);
  app.decorateRequest('token', undefined);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/service/')) return;
    if (request.routeOptions.config.public) return;
    const token = bearerToken(request);
    const session = token ? sessions.authenticate(token) : undefined;
    if (!session || !token) throw unauthorized('Your session has expired or is not valid. Please sign in.', 'no_session');
    request.session = session;
    request.token = token;
  });
}

/** The signed-in session of a request behind the auth hook. */
export function sessionOf(request: FastifyRequest): AuthenticatedSession {
  if (!request.session) throw unauthorized();
  return request.session;
}

/** Throws 403 unless the signed-in user's role grants `ability` (spec 6). */
export function requireAbility(request: FastifyRequest, ability: Ability): AuthenticatedSession {
  const session = sessionOf(request);
  if (!can(session.user.role, ability)) throw forbidden();
  return session;
}
