/**
 * The recorder's HTTP application: the /service API, its WebSockets and the
 * built client at '/'. Wiring only: each feature folder (identity, cameras,
 * ingest, archive, live, motion, events, export, retention, ptz, layouts,
 * system) registers its routes with the services it needs; the HTTP plumbing
 * every feature shares is in core/http.
 */
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import fs from 'node:fs';
import type { RecorderConfig } from './core/config';
import { apiDocsRoutes, installApiDocs } from './core/http/api-docs';
import { installAuth } from '../common/http/auth';
import { clientErrorHandler, frameworkErrors, installErrorHandling } from '../common/http/errors';
import { fileLogLevel, loggerOptions } from './core/http/log-redaction';
import { installRouteTable } from './core/http/route-table';
import { originOf } from '../shared/origin';
import { installCrossOrigin } from './core/http/cross-origin';
import { installClosingAnswer } from './core/http/closing-answer';
import { installSecurityHeaders } from './core/http/security-headers';
import { installValidators } from '../common/http/validation';
import type { RecorderServices } from './services';
import { sessionRoutes } from './identity/session-routes';
import { ticketRoutes } from './identity/ticket-routes';
import { systemRoutes } from './system/system-routes';
import { userRoutes } from './identity/user-routes';

/** JSON bodies above this are refused with 413; routes that take files set their own limit. */
export const JSON_BODY_LIMIT_BYTES = 256 * 1024;

export async function buildApp(config: RecorderConfig, services: RecorderServices): Promise<FastifyInstance> {
  const app = Fastify({
    // Credentials never reach the log, at any level (core/http/log-redaction.ts).
    logger: loggerOptions(services.logLevel, services.logFile),
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // Behind no proxy by default; request.ip is the peer address used by the sign-in throttle.
    trustProxy: false,
    // A call during close is answered 503 by installClosingAnswer, after the CORS hook (core/http/closing-answer.ts).
    return503OnClosing: false,
    frameworkErrors,
    clientErrorHandler,
  });
  // The request logger follows the level Advanced settings sets (the file's level when there is a file: core/http/log-redaction.ts).
  const followLevel = services.logLevel.onChange((level) => {
    app.log.level = services.logFile ? fileLogLevel(level) : level;
  });
  app.addHook('onClose', async () => {
    followLevel();
  });
  installRouteTable(app);
  installValidators(app);
  installErrorHandling(app);
  // Before the auth hook, so refused calls carry the headers too.
  await installSecurityHeaders(app, { embedOrigins: config.embedOrigins, activationUrl: config.activationUrl });
  // Before the auth hook too: a preflight from the aggregator's page is answered before any access check.
  await installCrossOrigin(app, () => originOf(services.trustedIssuer.current()?.url));
  installClosingAnswer(app);
  // The websocket plugin first: its onRequest hook marks an upgrade so that a
  // refused one (401/403 from the access check) has its socket closed after
  // the reply; the other way round every refused upgrade left a socket open.
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  installAuth(app, { sessions: services.sessions, tickets: services.tickets });
  // Before the routes: the OpenAPI description is collected from their schemas as they are added.
  await installApiDocs(app, { version: services.version.basic.version });

  await systemRoutes(app, {
    version: services.version,
    // GET /service/time tells the recorder's clock (--clock-offset-seconds moves it).
    now: services.now,
    about: () => ({
      mode: 'single-server',
      version: services.version.basic.version,
      greeting: services.settings.get('greeting') ?? null,
      agreement: null,
      authProviders: [],
      rtspPort: config.rtspPort,
      rtspProtocol: 'rtsp',
      maxExportHours: config.maxExportHours,
    }),
  });
  await sessionRoutes(app, services);
  await userRoutes(app, services);
  await ticketRoutes(app, services);
  for (const register of services.extraRoutes) await register(app);
  await apiDocsRoutes(app);

  // The client's files are public (the sign-in page must load); the static plugin's own routes get that rule here.
  await app.register(async (client) => {
    client.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' };
    });
    // The served root is a link that follows client updates (system/client-deployment.ts).
    if (fs.existsSync(services.client.servedRoot)) {
      await client.register(fastifyStatic, { root: services.client.servedRoot, prefix: '/', index: ['index.html'], maxAge: 0 });
    } else {
      // The same route shape the static plugin has, so the route table does not depend on whether the client is built.
      client.get('/*', async (request, reply) => {
        if (request.url !== '/') return reply.callNotFound();
        return reply.type('text/plain').send('The client is not built. Run `npm run build` (npm start does it for you).');
      });
    }
  });
  return app;
}
