/**
 * Calls from the aggregator's page straight to this recorder (spec 7
 * "directly or via aggregator proxy path"; spec 7 "Server availability
 * decides direct or proxy routing"): the browser shows the aggregator's
 * client, whose origin is not this recorder's, so a direct call is
 * cross-origin and needs CORS. Only the origin of the trusted issuer (the
 * aggregator page that registered this recorder, TrustedIssuer.url) is
 * allowed; every other origin gets no CORS headers, and its browser keeps
 * the answer from the page.
 *
 * Credentials are bearer tokens and tickets, never cookies, so no
 * credentialed mode is offered. Preflights are answered in the onRequest
 * hook, before the access check, as @fastify/cors does it; the plugin's
 * catch-all OPTIONS route is declared public so a preflight from an origin
 * not allowed gets an empty answer rather than the access check's refusal.
 */
import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/** What a direct call may send and read: the bearer, JSON, a revalidated list's Cache-Control (src/api/http.ts revalidate), and a stepped frame's capture time. */
const ALLOWED_HEADERS = ['authorization', 'content-type', 'accept', 'cache-control'];
const EXPOSED_HEADERS = ['x-frame-time'];
/** Browsers keep a preflight this long (s) before asking again. */
const PREFLIGHT_MAX_AGE_S = 600;

export async function installCrossOrigin(app: FastifyInstance, allowedOrigin: () => string | null): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (route.method === 'OPTIONS' && route.url === '*') route.config = { ...route.config, access: 'public' };
  });
  await app.register(fastifyCors, {
    origin: (origin, callback) => callback(null, origin !== undefined && origin === allowedOrigin() ? origin : false),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    credentials: false,
    maxAge: PREFLIGHT_MAX_AGE_S,
  });
}
