/**
 * POST /service/tickets: a short-lived ticket for one URL a browser opens
 * without headers (server/shared/api/tickets.ts). The caller must already be
 * allowed what the ticket opens, so a refusal comes here, clearly, rather
 * than as a socket that closes; the route that redeems it checks again.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { TicketBody, type TicketResponse, type TicketScope } from '../../shared/api/tickets';
import { can, type Ability } from '../../shared/roles';
import { badRequest, forbidden } from '../../common/api-error';
import type { RecorderTickets } from './tickets';
import { sessionOf } from '../../common/http/auth';

/** What each scope opens needs this ability (the same as the access rule of the routes that take it). */
const SCOPE_ABILITY: Record<TicketScope, Ability> = {
  webrtc: 'live',
  'low-bandwidth': 'live',
  frame: 'live',
  'motion-mask': 'configure-cameras',
  export: 'export',
  log: 'system-report',
};

const SCOPES_WITHOUT_RESOURCE: ReadonlySet<TicketScope> = new Set(['webrtc', 'log']);

export async function ticketRoutes(fastify: FastifyInstance, deps: { tickets: RecorderTickets }): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/service/tickets',
    { config: { access: 'signed-in' }, schema: { body: TicketBody } },
    async (request, reply): Promise<TicketResponse> => {
      const session = sessionOf(request);
      const { scope, resource } = request.body;
      if (!can(session.user.role, SCOPE_ABILITY[scope])) throw forbidden();
      const needsResource = !SCOPES_WITHOUT_RESOURCE.has(scope);
      if (needsResource && resource === undefined) throw badRequest(`A '${scope}' ticket needs the resource it opens.`);
      if (!needsResource && resource !== undefined) throw badRequest(`A '${scope}' ticket opens no particular resource.`);
      void reply.status(201).header('cache-control', 'no-store');
      return deps.tickets.issue(session, scope, resource ?? null);
    },
  );
}
