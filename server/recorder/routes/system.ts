/** Liveness, version, server time and what the client needs before sign-in. */
import type { FastifyInstance } from 'fastify';
import type { PingResponse, ServerAbout, TimeExtendedResponse, TimeResponse, VersionInfo } from '../../shared/api';
import { withoutBuildOrigin } from '../domain/version-info';

export interface SystemRoutesDeps {
  version: { basic: VersionInfo; all: VersionInfo };
  /** Whether an Authorization header belongs to a live session (the version call is public but says more to users). */
  isSignedIn: (authorization: string | undefined) => boolean;
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
    async (request) => {
      const info = request.query.all ? deps.version.all : deps.version.basic;
      return deps.isSignedIn(request.headers.authorization) ? info : withoutBuildOrigin(info);
    },
  );

  app.get('/service/about', { config: { public: true } }, async () => deps.about());

  app.get('/service/time', async (): Promise<TimeResponse> => ({ time: now() }));
  app.get('/service/time-extended', async () => timeExtended(now()));
}
