/**
 * Access control for every route of either server (recorder and aggregator),
 * declared where the route is declared.
 * Each route says who may call it in its config:
 *
 *   { config: { access: 'public' } }            anyone, before sign-in
 *   { config: { access: 'signed-in' } }         any live session
 *   { config: { access: 'export' } }            a session whose role has that ability (spec 6)
 *   { config: { access: 'live', ticket: { scope: 'webrtc' } } }
 *                                               the same, also opened by a ticket in `?ticket=`
 *
 * The check reads the route the router matched (request.routeOptions), never
 * the raw URL, so an encoded or oddly written path reaches the same rule as
 * the plain one. Deny is the default: a matched route that declares no access
 * is refused and logged, so a route added without a rule cannot be reached.
 * Requests that matched no route fall through to the not-found handler.
 *
 * Sessions come from `Authorization: Bearer <token>` only; a session token is
 * never read from a URL. Routes a browser opens without headers (sockets,
 * downloads, <img>) accept a ticket (common/identity/ticket-issuer.ts) for
 * their own scope and for the resource named by their `ticket.param` path
 * parameters.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AggregatorTicketScope, TicketScope } from '../../shared/api';
import type { Ability } from '../../shared/roles';
import { can } from '../../shared/roles';
import { forbidden, unauthorized } from '../api-error';
import type { AuthenticatedSession } from '../session';

export type RouteAccess = 'public' | 'signed-in' | Ability;

/**
 * A route that also opens with a ticket of `scope` for the resource named by
 * its path parameter `param`, or by several (`['id', 'cameraId']`: a server's
 * camera); none: the scope names no resource.
 */
export interface TicketRule {
  scope: TicketScope | AggregatorTicketScope;
  param?: string | readonly string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    ticket?: TicketRule;
  }
  interface FastifyRequest {
    /** The caller's session: always set behind a non-public rule, set on public routes when a valid bearer came along. */
    session?: AuthenticatedSession;
    /** The bearer token the session was found by (undefined when opened by a ticket). */
    token?: string;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header && /^Bearer /i.test(header)) return header.slice(7).trim();
  return undefined;
}

function ticketOf(request: FastifyRequest): string | undefined {
  const ticket = (request.query as Record<string, unknown> | undefined)?.ticket;
  return typeof ticket === 'string' ? ticket : undefined;
}

/**
 * The resource a ticket of `rule` opens on a request with these path
 * parameters: the one parameter's value, or several joined by '/' each
 * encoded (so 'a/b' + 'c' and 'a' + 'b/c' stay apart). The route that issues
 * the ticket names its resource with this too.
 */
export function ticketResource(rule: TicketRule, params: unknown): string | null {
  if (!rule.param) return null;
  const values = (typeof rule.param === 'string' ? [rule.param] : rule.param).map((name) => (params as Record<string, unknown> | undefined)?.[name]);
  if (!values.every((value): value is string => typeof value === 'string')) return null;
  return values.length === 1 ? values[0]! : values.map(encodeURIComponent).join('/');
}

/** What the access check asks of identity: the session behind a bearer token, and behind a ticket for one scope and resource. */
export interface AuthDeps {
  /** Either server's sessions: the recorder's answer at once, the aggregator's after a database read. */
  sessions: { authenticate(token: string): AuthenticatedSession | undefined | Promise<AuthenticatedSession | undefined> };
  /** The server's ticket store (common/identity/ticket-issuer.ts); absent: ticket-opened routes need a bearer too. */
  tickets?: { redeem(ticket: string, scope: string, resource: string | null): Promise<AuthenticatedSession | undefined> };
}

export function installAuth(app: FastifyInstance, deps: AuthDeps): void {
  app.decorateRequest('session', undefined);
  app.decorateRequest('token', undefined);
  app.addHook('onRequest', async (request) => {
    // No route matched: the not-found handler answers, and it reveals nothing.
    if (request.routeOptions.url === undefined) return;
    const { access, ticket: rule } = request.routeOptions.config;
    if (access === undefined) {
      request.log.error({ route: `${request.method} ${request.routeOptions.url}` }, 'route declares no access rule; refused');
      throw forbidden('This resource is not available.', 'no-access-rule');
    }
    const token = bearerToken(request);
    const byToken = token ? await deps.sessions.authenticate(token) : undefined;
    if (access === 'public') {
      // Public routes may say more to a signed-in caller (the version call); an invalid bearer changes nothing.
      if (byToken) Object.assign(request, { session: byToken, token });
      return;
    }
    let session = byToken;
    if (!session && !token && rule) {
      const ticket = ticketOf(request);
      if (ticket && deps.tickets) session = await deps.tickets.redeem(ticket, rule.scope, ticketResource(rule, request.params));
    }
    if (!session) throw unauthorized('Your session has expired or is not valid. Please sign in.', 'no_session');
    request.session = session;
    if (byToken) request.token = token;
    if (access !== 'signed-in' && !can(session.user.role, access)) throw forbidden();
  });
}

/** The signed-in session of a request behind a non-public rule. */
export function sessionOf(request: FastifyRequest): AuthenticatedSession {
  if (!request.session) throw unauthorized();
  return request.session;
}

/**
 * Throws 403 unless the signed-in user's role grants `ability` (spec 6), for
 * a check that depends on the request (e.g. playback only for past times);
 * a route's own ability belongs in its `access` rule.
 */
export function requireAbility(request: FastifyRequest, ability: Ability): AuthenticatedSession {
  const session = sessionOf(request);
  if (!can(session.user.role, ability)) throw forbidden();
  return session;
}
