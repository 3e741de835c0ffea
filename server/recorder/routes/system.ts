/** Liveness, version, server time and what the client needs before sign-in. */
import type { FastifyInstance } from 'fastify';
import type { PingResponse, ServerAbout, TimeExtendedResponse, TimeResponse, VersionInfo } from '../../shared/api';

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

export async function systemRoutes(app: FastifyInstance, deps: SystemRoutesDeps): Promise<void> {
  const now = deps.now ?? Date.now;
  const ping = async (): Promise<PingResponse> => ({ ok: true, mode: 'single-server' });
  app.get('/ping', { config: { public: true } }, ping);
  app.get('/service/ping', { config: { public: true } }, ping);

  // Public: the sign-in page shows the version label before anyone signs in.
  app.get<{ Querystring: { all?: boolean } }>(
    '/service/version',
    {
      config: { public: true },
      schema: { querystring: { type: 'object', properties: { all: { type: 'boolean' } } } },
    },
    async (request) => (request.query.all ? deps.version.all : deps.version.basic),
  );

  app.get('/service/about', { config: { public: true } }, async () => deps.about());

  app.get('/service/time', async (): Promise<TimeResponse> => ({ time: now() }));
  app.get('/service/time-extended', async () => timeExtended(now()));
}
