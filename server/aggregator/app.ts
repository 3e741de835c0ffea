/**
 * The aggregator's HTTP application: the /service API of the multi-server
 * edition, the recorder proxy, and the built client at '/'. Wiring only:
 * each feature registers its routes (services.ts lists them in order); the
 * error shape, validation and access check are the recorder's
 * (server/common/http).
 */
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import fs from 'node:fs';
import { installAuth } from '../common/http/auth';
import { clientErrorHandler, frameworkErrors, installErrorHandling } from '../common/http/errors';
import { installValidators } from '../common/http/validation';
import type { ServerAbout } from '../shared/api';
import type { AggregatorServices } from './services';
import { systemRoutes } from './system/system-routes';

/** JSON bodies above this are refused with 413 (the proxy streams its bodies and is not bound by it). */
export const JSON_BODY_LIMIT_BYTES = 256 * 1024;

/** The proxy's fallback RTSP port and protocol (spec 9) until the aggregator has a config of its own. */
const DEFAULT_RTSP = { rtspPort: 9554, rtspProtocol: 'rtsp' } as const;

export async function buildApp(services: AggregatorServices, version: string): Promise<FastifyInstance> {
  const { config } = services;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // The path only: a query may carry a ticket or a token, and headers are never logged.
      serializers: { req: (request: { method: string; url: string }) => ({ method: request.method, url: request.url.split('?', 1)[0] }) },
    },
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: false,
    return503OnClosing: true,
    frameworkErrors,
    clientErrorHandler,
  });
  installValidators(app);
  installErrorHandling(app);
  installAuth(app, { sessions: services.sessions, tickets: services.tickets });
  const about = (): ServerAbout => ({
    mode: 'multi-server',
    version,
    greeting: services.about.greeting,
    agreement: null,
    authProviders: [],
    ...DEFAULT_RTSP,
    maxExportHours: 24,
    minimumOrchidVersion: config.minimumOrchidVersion,
    config: services.about.config,
  });
  await systemRoutes(app, { version, about, settings: services.about });
  for (const register of services.routes) await register(app);

  await app.register(async (client) => {
    client.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' };
    });
    if (fs.existsSync(config.clientDir)) {
      await client.register(fastifyStatic, { root: config.clientDir, prefix: '/', index: ['index.html'], maxAge: 0 });
    } else {
      client.get('/*', async (request, reply) => {
        if (request.url !== '/') return reply.callNotFound();
        return reply.type('text/plain').send('The client is not built. Run `npm run build` (npm start does it for you).');
      });
    }
  });
  return app;
}
