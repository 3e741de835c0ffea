/**
 * An example of a site that embeds the recorder's single player
 * (docs/embedding.md): a small web server on its own origin that
 *
 * - makes an Ed25519 key pair when it starts (nothing is kept on disk but
 *   the public key, written to a temporary file for --trusted-issuer-key);
 * - serves a page with the player of the recorder in an iframe
 *   (GET /?stream=<stream id>, plus any player arguments to pass on);
 * - mints a short-lived JWT for the recorder (POST /token: iss = this
 *   issuer's name, aud = the recorder's server id, exp = now + lifetime),
 *   which the page posts into the frame when the player asks.
 *
 * A real site checks its own user before minting a token (here anyone who
 * can load the page gets one) and keeps its private key in its secret store.
 * /token answers same-origin JSON posts only: a cross-site form cannot send
 * application/json, and without CORS headers another site's script cannot
 * read the answer.
 */
import { generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { signJwt } from '../../server/protocols/jwt';
import { HOST_CSS, HOST_SCRIPT, hostPage } from './host-page';

export interface IssuerKeys {
  privateKey: KeyObject;
  publicKeyPem: string;
}

/** A fresh Ed25519 key pair for signing this host's tokens; only the public half is ever written down. */
export function makeIssuerKeys(): IssuerKeys {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return { privateKey, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
}

export interface EmbedHostOptions {
  /** The recorder's address, e.g. http://127.0.0.1:8080. */
  recorderUrl: string;
  /** The recorder's server id: the `aud` of the tokens (GET /service/trusted/issuer shows it). */
  audience: string;
  /** The issuer name, the `iss` of the tokens; the recorder must trust this name with this host's key. */
  issuer?: string;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** How long each token opens the player. */
  tokenLifetimeS?: number;
  /** The signing keys; fresh ones when absent. */
  keys?: IssuerKeys;
}

export interface EmbedHost {
  /** This host's origin, which the recorder's --embed-origins must name. */
  origin: string;
  issuer: string;
  publicKeyPem: string;
  /** The public key written to a file, for the recorder's --trusted-issuer-key. */
  publicKeyFile: string;
  /** The page showing `streamId`, with more player arguments (e.g. { 'show-header': '1' }). */
  pageUrl(streamId: string, args?: Record<string, string>): string;
  close(): Promise<void>;
}

/** Player arguments the page passes on to /player (spec 2, 3). */
const PASSED_ARGUMENTS = /^(start-time|hide-timeline|disable-webrtc|show-dewarp|single-player-ptz|manage-ptz-presets|hide-controls|show-header|show[A-Z]\w*|canManagePtzPresets|dewarpMode|availablePlayerModes|ptzControlColor)$/;

export async function startEmbedHost(options: EmbedHostOptions): Promise<EmbedHost> {
  const issuer = options.issuer ?? 'embed-example';
  const lifetimeS = options.tokenLifetimeS ?? 300;
  const recorderUrl = options.recorderUrl.replace(/\/+$/, '');
  const keys = options.keys ?? makeIssuerKeys();
  const { publicKeyPem } = keys;
  const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-embed-example-'));
  const publicKeyFile = path.join(keyDir, 'issuer-public.pem');
  fs.writeFileSync(publicKeyFile, publicKeyPem);

  const mint = () => {
    const nowS = Math.floor(Date.now() / 1000);
    return signJwt({ iss: issuer, aud: options.audience, sub: 'embed-example-viewer', iat: nowS, nbf: nowS, exp: nowS + lifetimeS, jti: randomUUID() }, keys.privateKey);
  };

  const playerUrl = (query: URLSearchParams): string | null => {
    const stream = query.get('stream');
    if (!stream) return null;
    const args = new URLSearchParams({ 'single-player': stream, 'single-player-orchid': options.audience });
    for (const [name, value] of query) if (PASSED_ARGUMENTS.test(name)) args.set(name, value);
    return `${recorderUrl}/#/player?${args.toString()}`;
  };

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://host.invalid');
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) =>
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers }).end(body);
    if (request.method === 'GET' && url.pathname === '/') {
      // This page's own policy: its script and style from here, frames from the recorder only.
      const csp = `default-src 'self'; frame-src ${new URL(recorderUrl).origin}; img-src 'self' data:`;
      return send(200, 'text/html; charset=utf-8', hostPage(playerUrl(url.searchParams)), { 'content-security-policy': csp });
    }
    if (request.method === 'GET' && url.pathname === '/embed.js') return send(200, 'text/javascript', HOST_SCRIPT);
    if (request.method === 'GET' && url.pathname === '/embed.css') return send(200, 'text/css', HOST_CSS);
    if (request.method === 'GET' && url.pathname === '/public-key.pem') return send(200, 'application/x-pem-file', publicKeyPem);
    if (request.method === 'POST' && url.pathname === '/token') {
      if (!(request.headers['content-type'] ?? '').startsWith('application/json')) return send(415, 'text/plain', 'JSON posts only');
      request.resume();
      return send(200, 'application/json', JSON.stringify({ token: mint() }));
    }
    return send(404, 'text/plain', 'Not found');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the example host is not listening on a TCP port');
  const origin = `http://${options.host ?? '127.0.0.1'}:${address.port}`;
  return {
    origin,
    issuer,
    publicKeyPem,
    publicKeyFile,
    pageUrl: (streamId, args = {}) => `${origin}/?${new URLSearchParams({ stream: streamId, ...args }).toString()}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(keyDir, { recursive: true, force: true });
    },
  };
}
