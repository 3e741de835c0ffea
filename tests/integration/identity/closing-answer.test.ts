/**
 * A recorder that is closing (a restart for a property change) answers the
 * aggregator's page in a way the page can read: a preflight gets its CORS
 * permission as usual and a call gets 503 'server-closing' with the CORS
 * headers, where Fastify's own closing answer carried none and the browser
 * reported a CORS failure. A real HTTP server with the recorder's own CORS,
 * closing-answer and error modules, held in its close (a preClose hook of
 * the test's) while the calls are made, as a restart's close is held by its
 * own work.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { installErrorHandling } from '../../../server/common/http/errors';
import { installClosingAnswer } from '../../../server/recorder/core/http/closing-answer';
import { installCrossOrigin } from '../../../server/recorder/core/http/cross-origin';

const AGGREGATOR_PAGE = 'http://127.0.0.9:8443';

let app: FastifyInstance | undefined;
let release: (() => void) | undefined;

afterEach(async () => {
  release?.();
  await app?.close();
  app = undefined;
});

/** The recorder's closing-time plumbing on a ping route; `held` resolves once its close has begun and is held. */
async function startClosable(): Promise<{ baseUrl: string; close: () => Promise<void>; held: Promise<void> }> {
  app = Fastify({ return503OnClosing: false });
  installErrorHandling(app);
  await installCrossOrigin(app, () => AGGREGATOR_PAGE);
  installClosingAnswer(app);
  let reached!: () => void;
  const held = new Promise<void>((resolve) => (reached = resolve));
  app.addHook('preClose', async () => {
    reached();
    await new Promise<void>((resolve) => (release = resolve));
  });
  app.get('/service/ping', async () => ({ ok: true }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const closing = app;
  return { baseUrl: `http://127.0.0.1:${port}`, close: () => closing.close(), held };
}

it('answers a call 503 with its CORS headers while it closes, and a preflight as usual', async () => {
  const { baseUrl, close, held } = await startClosable();
  const open = await fetch(`${baseUrl}/service/ping`, { headers: { origin: AGGREGATOR_PAGE } });
  expect(open.status).toBe(200);

  const closed = close();
  await held;
  const preflight = await fetch(`${baseUrl}/service/ping`, {
    method: 'OPTIONS',
    headers: { origin: AGGREGATOR_PAGE, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
  });
  expect(preflight.status).toBe(204);
  expect(preflight.headers.get('access-control-allow-origin')).toBe(AGGREGATOR_PAGE);

  const ping = await fetch(`${baseUrl}/service/ping`, { headers: { origin: AGGREGATOR_PAGE, authorization: 'Bearer x' } });
  expect(ping.status).toBe(503);
  expect(ping.headers.get('access-control-allow-origin')).toBe(AGGREGATOR_PAGE);
  expect(await ping.json()).toMatchObject({ code: 'server-closing' });

  release!();
  await closed;
});
