/** Finding an ONVIF camera at one address (spec 7, GET /service/discoverable/cameras): Administrators only. */
import type { FastifyInstance } from 'fastify';
import type { DiscoveredCamerasResponse } from '../../shared/api';
import type { CamerasService } from './cameras';

export interface DiscoveryRoutesDeps {
  cameras: CamerasService;
}

const discoveryQuery = {
  type: 'object',
  properties: {
    ip: { type: 'string', maxLength: 300 },
    url: { type: 'string', maxLength: 2048 },
  },
} as const;

export async function discoveryRoutes(app: FastifyInstance, deps: DiscoveryRoutesDeps): Promise<void> {
  app.get<{ Querystring: { ip?: string; url?: string } }>(
    '/service/discoverable/cameras',
    { config: { access: 'configure-cameras' }, schema: { querystring: discoveryQuery } },
    async (request): Promise<DiscoveredCamerasResponse> => {
      return { data: { cameras: await deps.cameras.discover(request.query) } };
    },
  );
}
