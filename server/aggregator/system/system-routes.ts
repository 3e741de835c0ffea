/** Liveness, version and what the client needs before sign-in, in multi-server mode. */
import type { FastifyInstance } from 'fastify';
import type { PingResponse, ServerAbout, TimeResponse, VersionInfo } from '../../shared/api';

export interface SystemRoutesDeps {
  version: string;
  about: () => ServerAbout;
  now?: () => number;
}

export async function systemRoutes(app: FastifyInstance, deps: SystemRoutesDeps): Promise<void> {
  const now = deps.now ?? Date.now;
  app.get('/service/ping', { config: { access: 'public' } }, async (): Promise<PingResponse> => ({ ok: true, mode: 'multi-server' }));
  app.get('/service/version', { config: { access: 'public' } }, async (): Promise<VersionInfo> => ({
    version: deps.version,
    buildInfo: { target: 'aggregator', hash: '' },
    buildDate: '',
  }));
  app.get('/service/about', { config: { access: 'public' } }, async () => deps.about());
  app.get('/service/time', { config: { access: 'signed-in' } }, async (): Promise<TimeResponse> => ({ time: now() }));
}
