/**
 * License routes (spec 7): POST and DELETE /service/license-session for
 * Administrators ('license'); GET /service/discoverable/orchids/1 for every
 * signed-in user, since the client shows the bad-license button to everyone.
 * The trusted issuer (GET, PUT, DELETE /service/trusted/issuer), whose JWTs
 * this recorder accepts, belongs to identity (identity/identity-routes.ts).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { DiscoverableOrchid, LicenseSession } from '../../shared/api';
import { AddLicenseBody, REMOVE_LICENSE_FAILED } from '../../shared/api/license';
import { ApiError } from '../../common/api-error';
import type { LicenseSessionService } from './license-session';

export interface LicenseRoutesDeps {
  license: LicenseSessionService;
  discoverableOrchid: () => DiscoverableOrchid;
}

export async function licenseRoutes(fastify: FastifyInstance, deps: LicenseRoutesDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/service/discoverable/orchids/1', { config: { access: 'signed-in' } }, async (): Promise<DiscoverableOrchid> => deps.discoverableOrchid());

  app.post('/service/license-session', { config: { access: 'license' }, schema: { body: AddLicenseBody } }, async (request): Promise<LicenseSession> => {
    return deps.license.add(request.body.license);
  });

  app.delete('/service/license-session', { config: { access: 'license' } }, async (request): Promise<LicenseSession> => {
    try {
      return deps.license.remove();
    } catch (error) {
      request.log.error({ err: error }, 'the license could not be removed');
      throw new ApiError(500, 'license-remove-failed', REMOVE_LICENSE_FAILED);
    }
  });
}
