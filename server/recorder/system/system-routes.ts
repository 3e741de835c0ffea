/** Liveness, version, server time and what the client needs before sign-in. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { PingResponse, ServerAbout, TimeExtendedResponse, TimeResponse, VersionInfo } from '../../shared/api';
import { VersionQuery } from '../../shared/api/system';
import { withoutBuildOrigin } from './version-info';

export interface SystemRoutesDeps {
  version: { basic: VersionInfo; all: VersionInfo };
  about: () => ServerAbout;
  now?: () => number;
}

export function timeExtended(nowMs: number): TimeExtendedResponse {
  return {
    time: nowMs,
    tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    tzOffset: -new Date(nowMs).getTimezoneOffset(),
  };
}

export async function systemRoutes(fastify: FastifyInstance, deps: SystemRoutesDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const now = deps.now ?? Date.now;
  const ping = async (): Promise<PingResponse> => ({ ok: true, mode: 'single-server' });
  app.get('/ping', { config: { access: 'public' } }, ping);
  app.get('/service/ping', { config: { access: 'public' } }, ping);

  // Public: the sign-in page shows the version label before anyone signs in.
  app.get(
    '/service/version',
    { config: { access: 'public' }, schema: { querystring: VersionQuery } },
    async (request) => {
      const info = request.query.all ? deps.version.all : deps.version.basic;
      return request.session ? info : withoutBuildOrigin(info);
    },
  );

  app.get('/service/about', { config: { access: 'public' } }, async () => deps.about());

  app.get('/service/time', { config: { access: 'signed-in' } }, async (): Promise<TimeResponse> => ({ time: now() }));
  app.get('/service/time-extended', { config: { access: 'signed-in' } }, async () => timeExtended(now()));
}
