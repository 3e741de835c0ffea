/**
 * License routes (spec 7): POST and DELETE /service/license-session for
 * Administrators ('license'); GET /service/discoverable/orchids/1 for every
 * signed-in user, since the client shows the bad-license button to everyone;
 * GET and DELETE /service/trusted/issuer.
 *
 * The trusted issuer is the aggregator that manages this recorder. No
 * aggregator exists yet, so there is none to show (404) and detaching from
 * none succeeds (204) so the client's detach works; the aggregator's issue
 * adds storing the issuer (its id, name, URL and public key) when the
 * aggregator attaches, and answering it here.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { DiscoverableOrchid, LicenseSession } from '../../shared/api';
import { AddLicenseBody, REMOVE_LICENSE_FAILED } from '../../shared/api/license';
import { ApiError, notFound } from '../core/api-error';
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

  app.get('/service/trusted/issuer', { config: { access: 'license' } }, async () => {
    throw notFound('This server is not managed by a trusted issuer.', 'no-trusted-issuer');
  });

  app.delete('/service/trusted/issuer', { config: { access: 'license' } }, async (_request, reply) => reply.status(204).send());
}
