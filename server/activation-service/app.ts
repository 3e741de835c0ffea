/**
 * The external activation service (spec 7) as a small HTTP server, so tests
 * and the demo talk to a real one over loopback:
 *   POST /activate  (form: activation_code, machine_id, location_description, headless=1)
 *   POST /renew     (form: renewal_code, activation_code)
 *   GET  /ping
 * Answers JSON { status: 'success', license } (200) or { status: 'error',
 * code, reason } (400 malformed, 404 unknown, 409 in use or spent). The
 * browser client calls it directly from the recorder's pages, so every
 * answer allows any origin: the service holds no cookies and no session.
 *
 * `startActivationService` is the whole service for a caller (main.ts, a
 * test, later the demo scripts).
 */
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { KeyObject } from 'node:crypto';
import { ACTIVATION_PATHS, type ActivationAnswer } from '../shared/api/license';
import { activate, refuse, renew } from './activations';
import { CodeStore, type CodeSeed } from './code-store';
import { loadIssuerKey } from './issuer-key';

const STATUS_OF = { malformed: 400, 'unknown-code': 404, 'code-in-use': 409, 'not-activated': 409, 'renewal-used': 409 } as const;

type FormFields = Record<string, string>;

export interface ActivationAppDeps {
  store: CodeStore;
  privateKey: KeyObject;
  now?: () => number;
}

export function buildActivationApp(deps: ActivationAppDeps): FastifyInstance {
  const now = deps.now ?? Date.now;
  const app = Fastify({ logger: false, bodyLimit: 16 * 1024 });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*');
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    const fields: FormFields = {};
    for (const [name, value] of new URLSearchParams(body as string)) fields[name] = value;
    done(null, fields);
  });
  // A preflight (a client that sends JSON or extra headers) gets the same allowance.
  app.options('/*', async (_request, reply) =>
    reply
      .header('access-control-allow-methods', 'GET, POST, OPTIONS')
      .header('access-control-allow-headers', 'content-type')
      .header('access-control-max-age', '600')
      .status(204)
      .send(),
  );
  app.setErrorHandler(async (error: { statusCode?: number }, _request, reply) => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    return reply.status(status).send(refuse('malformed', status === 500 ? 'An unexpected error has occurred.' : 'The request is not valid.'));
  });

  const answer = (reply: FastifyReply, result: ActivationAnswer) =>
    reply.status(result.status === 'success' ? 200 : STATUS_OF[result.code]).send(result);
  const formOf = (body: unknown): FormFields => (typeof body === 'object' && body !== null ? (body as FormFields) : {});

  app.get(ACTIVATION_PATHS.ping, async () => ({ ok: true }));
  app.post(ACTIVATION_PATHS.activate, async (request, reply) => answer(reply, activate(deps.store, deps.privateKey, formOf(request.body), now())));
  app.post(ACTIVATION_PATHS.renew, async (request, reply) => answer(reply, renew(deps.store, deps.privateKey, formOf(request.body), now())));
  return app;
}

export interface ActivationServiceOptions {
  port: number;
  host?: string;
  dataDir: string;
  /** Ed25519 private key (PEM); generated into the data folder when not given. */
  privateKeyPem?: string;
  codes?: readonly CodeSeed[];
}

export interface ActivationService {
  url: string;
  /** The public key a recorder checks keys with (--license-issuer-key), and its file. */
  publicKeyPem: string;
  publicKeyFile: string;
  store: CodeStore;
  close: () => Promise<void>;
}

export async function startActivationService(options: ActivationServiceOptions): Promise<ActivationService> {
  const key = loadIssuerKey(options.dataDir, options.privateKeyPem);
  const store = new CodeStore(options.dataDir);
  store.seed(options.codes ?? []);
  const app = buildActivationApp({ store, privateKey: key.privateKey });
  const host = options.host ?? '127.0.0.1';
  await app.listen({ host, port: options.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    publicKeyPem: key.publicKeyPem,
    publicKeyFile: key.publicKeyFile,
    store,
    close: () => app.close(),
  };
}
