/** Finding an ONVIF camera at one address (spec 7, GET /service/discoverable/cameras): Administrators only. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { DiscoveredCamerasResponse } from '../../shared/api';
import { DiscoveryQuery } from '../../shared/api/cameras';
import type { CamerasService } from './cameras';

export interface DiscoveryRoutesDeps {
  cameras: CamerasService;
}

export async function discoveryRoutes(fastify: FastifyInstance, deps: DiscoveryRoutesDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/service/discoverable/cameras',
    { config: { access: 'configure-cameras' }, schema: { querystring: DiscoveryQuery } },
    async (request): Promise<DiscoveredCamerasResponse> => {
      return { data: { cameras: await deps.cameras.discover(request.query) } };
    },
  );
}
