/**
 * Liveness, version and what the client needs before sign-in, in
 * multi-server mode; and the settings an administrator gives every client
 * (spec 7 GET, PATCH /service/about, /service/about/config,
 * /service/about/greeting): everyone may read the about and the greeting
 * (the sign-in page shows it), signed-in users the config, administrators
 * change them.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { ClientConfig, PingResponse, ServerAbout, TimeResponse, VersionInfo } from '../../shared/api';
import { AboutPatch, ClientConfigPatch, GreetingPatch } from '../../shared/api/system';
import type { AboutSettings } from './about-settings';

export interface SystemRoutesDeps {
  version: string;
  about: () => ServerAbout;
  settings: AboutSettings;
  now?: () => number;
}

export async function systemRoutes(fastify: FastifyInstance, deps: SystemRoutesDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const now = deps.now ?? Date.now;
  const { settings } = deps;
  app.get('/service/ping', { config: { access: 'public' } }, async (): Promise<PingResponse> => ({ ok: true, mode: 'multi-server' }));
  app.get('/service/version', { config: { access: 'public' } }, async (): Promise<VersionInfo> => ({
    version: deps.version,
    buildInfo: { target: 'aggregator', hash: '' },
    buildDate: '',
  }));
  app.get('/service/about', { config: { access: 'public' } }, async () => deps.about());
  app.patch('/service/about', { config: { access: 'server-settings' }, schema: { body: AboutPatch } }, async (request) => {
    await settings.update(request.body);
    return deps.about();
  });
  app.get('/service/about/config', { config: { access: 'signed-in' } }, async (): Promise<{ config: ClientConfig }> => ({ config: settings.config }));
  app.patch('/service/about/config', { config: { access: 'server-settings' }, schema: { body: ClientConfigPatch } }, async (request) => {
    await settings.update({ config: request.body });
    return { config: settings.config };
  });
  app.get('/service/about/greeting', { config: { access: 'public' } }, async () => ({ greeting: settings.greeting }));
  app.patch('/service/about/greeting', { config: { access: 'server-settings' }, schema: { body: GreetingPatch } }, async (request) => {
    await settings.update({ greeting: request.body.greeting });
    return { greeting: settings.greeting };
  });
  app.get('/service/time', { config: { access: 'signed-in' } }, async (): Promise<TimeResponse> => ({ time: now() }));
}
