/**
 * Servers (spec 7 aggregator calls): everyone signed in lists them (the bag
 * shows them), with their own session on each; administrators register,
 * edit and unregister them (spec 6). No answer carries a password.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { OrchidsResponse, OrchidsTimeResponse } from '../../shared/api';
import { RegisterOrchidBody, RemoveOrchidQuery, UpdateOrchidBody } from '../../shared/api/orchids';
import { IdParams } from '../../shared/api/params';
import { sessionOf } from '../../common/http/auth';
import { originOf } from '../../shared/origin';
import type { OrchidHealthMonitor } from './orchid-health';
import type { OrchidsService } from './orchids-service';

export interface OrchidRoutesDeps {
  orchids: OrchidsService;
  health: OrchidHealthMonitor;
  now?: () => number;
}

export async function orchidRoutes(fastify: FastifyInstance, deps: OrchidRoutesDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const now = deps.now ?? Date.now;

  app.get('/service/orchids', { config: { access: 'signed-in' } }, async (request, reply): Promise<OrchidsResponse> => {
    // The answer holds the caller's session tokens on each server.
    void reply.header('cache-control', 'no-store');
    return { data: { orchids: await deps.orchids.list(sessionOf(request).user) } };
  });

  app.get('/service/orchids/time', { config: { access: 'signed-in' } }, async (): Promise<OrchidsTimeResponse> => {
    const targets = await deps.orchids.targets();
    // The aggregator's clock is read last, as close to the reply as can be: the page times its own offset around this call.
    const orchids = targets.map(({ id }) => deps.health.clocks.timeOf(id));
    return { time: now(), orchids };
  });

  app.post('/service/orchids', { config: { access: 'server-settings' }, schema: { body: RegisterOrchidBody } }, async (request, reply) => {
    return reply.status(201).send(await deps.orchids.register(request.body, sessionOf(request).user, originOf(request.headers.origin)));
  });

  app.patch(
    '/service/orchids/:id',
    { config: { access: 'server-settings' }, schema: { params: IdParams, body: UpdateOrchidBody } },
    async (request) => deps.orchids.update(request.params.id, request.body, sessionOf(request).user, originOf(request.headers.origin)),
  );

  app.delete(
    '/service/orchids/:id',
    { config: { access: 'server-settings' }, schema: { params: IdParams, querystring: RemoveOrchidQuery } },
    async (request, reply) => {
      await deps.orchids.remove(request.params.id, request.query.force === true);
      return reply.status(204).send();
    },
  );

  app.post('/service/orchids/:id/cache', { config: { access: 'signed-in' }, schema: { params: IdParams } }, async (request) =>
    deps.orchids.refresh(request.params.id, sessionOf(request).user),
  );
}
