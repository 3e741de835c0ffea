/**
 * Calls that reach the recorder while it closes (a restart for a property
 * change, a stop) are answered 503 'server-closing' without running their
 * route, as Fastify's own return503OnClosing does, but from a hook that runs
 * after the CORS hook (cross-origin.ts). The aggregator's page pings a
 * restarting recorder directly, and Fastify's answer carries no CORS
 * headers: the page then saw a CORS failure (logged by the browser) where
 * this answer is a 503 it can read, and a preflight in that moment is
 * answered as at any other time.
 *
 * The app must be built with return503OnClosing: false, so that Fastify
 * hands closing-time requests to the hooks (it still marks them
 * `Connection: close`).
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../common/api-error';

export function installClosingAnswer(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async () => {
    if (closing) throw new ApiError(503, 'server-closing', 'The server is restarting or stopping. Try again in a moment.');
  });
}
