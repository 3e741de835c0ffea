/**
 * Recorder calls through the aggregator (spec 7 "directly or via aggregator
 * proxy path"), with the fastify ecosystem's proxy (@fastify/http-proxy,
 * over @fastify/reply-from):
 *
 * - HTTP: /service/orchid-proxy/{id}/service/... goes to the recorder's
 *   /service/... as the signed-in user: the aggregator's bearer is replaced
 *   by the user's own token on that recorder (recorder-sessions.ts), so the
 *   recorder enforces the user's role (spec 6). Bodies stream through
 *   unparsed; the recorder validates them. The one exception to signing in
 *   here: a download a new window opens (an export, the log) carries no
 *   header, so it brings the recorder's single-use ticket in its query and
 *   goes through as it is, for the recorder to check.
 * - WebSocket: /service/orchid-proxy-ws/{id}/service/... (WebRTC signalling,
 *   low-bandwidth frames). A browser cannot put a header on a socket, so the
 *   socket brings the recorder's own ticket (obtained through the HTTP proxy)
 *   and the recorder checks it; a caller with an aggregator bearer gets its
 *   recorder token added instead. The aggregator adds no credential of its
 *   own to a socket that brought none.
 *
 * Only paths under /service/ are forwarded: the recorder's client files are
 * not the aggregator's to serve. Each write answered (any method but GET,
 * HEAD and OPTIONS) is told to `onWrite`, so the camera lists kept of that
 * recorder stop standing in for it (camera-list-cache.ts `changed`).
 */
import fastifyHttpProxy from '@fastify/http-proxy';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { ClientOptions } from 'ws';
import { badRequest, unauthorized } from '../../common/api-error';
import { noSession, resolveTarget, type ProxyDeps, type ProxyTarget } from './proxy-target';

declare module 'fastify' {
  interface FastifyRequest {
    proxyTarget?: ProxyTarget;
  }
}

/** Downloads opened in a new window, which bring a recorder ticket instead of a bearer (spec 7: export, log). */
const TICKETED_DOWNLOAD = /^\/service\/(streams\/[^/]+\/export|log)$/;

function isTicketedDownload(request: FastifyRequest): boolean {
  const query = request.query as Record<string, unknown>;
  return request.method === 'GET' && typeof query.ticket === 'string' && query.ticket !== '' && TICKETED_DOWNLOAD.test(forwardedPath(request));
}

function forwardedPath(request: FastifyRequest): string {
  const path = request.url.split('?', 1)[0] ?? '';
  return path.replace(/^\/service\/orchid-proxy(-ws)?\/[^/]+/, '');
}

/** What reply-from hands to onResponse: the recorder's answer, its body not yet read. */
interface UpstreamAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  stream: Readable;
}

/** The caller's headers as the recorder gets them: the user's recorder token (or none), never the aggregator's bearer or cookies. */
function recorderHeaders(headers: IncomingHttpHeaders, target: ProxyTarget | undefined): IncomingHttpHeaders {
  const { authorization: _authorization, cookie: _cookie, ...rest } = headers;
  return target?.token ? { ...rest, authorization: `Bearer ${target.token}` } : rest;
}

/**
 * Sends the recorder's answer on, except its refusal of the user's own
 * session there (401 to a call that carried the user's token: signed out on
 * the recorder, or it trusts another issuer now). That session is forgotten
 * on that recorder only, so the user's next call there mints a new one and
 * their sessions on the other recorders stay; the call itself cannot be sent
 * again (its body has streamed through), so it is answered as the spec names
 * a missing server session: 503 'no_session'. Passed on as a 401 it would
 * read as the end of the caller's aggregator session.
 */
function forwardAnswer(deps: ProxyDeps, request: FastifyRequest, reply: FastifyReply, answer: UpstreamAnswer): void {
  const target = request.proxyTarget;
  const user = request.session?.user;
  if (answer.statusCode !== 401 || !target?.token || !user) {
    void reply.send(answer.stream);
    return;
  }
  deps.sessions.forgetUserOn(target.orchidId, user.id);
  // The recorder's reason is not passed on; its body is read to the end so the connection to it stays usable.
  answer.stream.resume();
  for (const name of Object.keys(answer.headers)) reply.removeHeader(name);
  void reply.send(noSession());
}

export interface ProxyRoutesDeps extends ProxyDeps {
  /** A write through the proxy reached the recorder and was answered, whatever its status (a refused one may have done part of its work). */
  onWrite?: (orchidId: string) => void;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function proxyRoutes(app: FastifyInstance, deps: ProxyRoutesDeps): Promise<void> {
  app.decorateRequest('proxyTarget', undefined);
  const preHandler = async (request: FastifyRequest) => {
    const { orchidId } = request.params as { orchidId: string };
    if (!forwardedPath(request).startsWith('/service/')) throw badRequest('Only /service/ calls of a server go through the proxy.', 'not-proxied');
    request.proxyTarget = await resolveTarget(deps, orchidId, request.session?.user);
  };
  const httpPreHandler = async (request: FastifyRequest) => {
    if (!request.session && !isTicketedDownload(request)) throw unauthorized('Your session has expired or is not valid. Please sign in.', 'no_session');
    await preHandler(request);
  };
  // The target was resolved by preHandler; reply-from types its requests loosely (HTTP/2 too), hence the cast.
  const upstream = (request: unknown): string => (request as FastifyRequest).proxyTarget?.uri ?? 'http://127.0.0.1:9';

  await app.register(fastifyHttpProxy, {
    upstream: '',
    prefix: '/service/orchid-proxy/:orchidId',
    rewritePrefix: '',
    // Signed in here, or a ticketed download (httpPreHandler decides; the recorder checks the ticket).
    config: { access: 'public' },
    preHandler: httpPreHandler,
    replyOptions: {
      getUpstream: upstream,
      rewriteRequestHeaders: (request: unknown, headers: IncomingHttpHeaders) => recorderHeaders(headers, (request as FastifyRequest).proxyTarget),
      // reply-from types these loosely (HTTP/2 too) and the answer as a server response; it is its own { statusCode, headers, stream }.
      onResponse: (request: unknown, reply: unknown, answer: unknown) => {
        const call = request as FastifyRequest;
        if (call.proxyTarget && !READS.has(call.method)) deps.onWrite?.(call.proxyTarget.orchidId);
        forwardAnswer(deps, call, reply as FastifyReply, answer as UpstreamAnswer);
      },
    },
  });

  await app.register(fastifyHttpProxy, {
    upstream: '',
    prefix: '/service/orchid-proxy-ws/:orchidId',
    rewritePrefix: '',
    websocket: true,
    // Opened with the recorder's ticket (checked there) or an aggregator bearer (exchanged here).
    config: { access: 'public' },
    preHandler,
    replyOptions: { getUpstream: upstream },
    // rewriteRequestHeaders is read by the plugin's socket proxy though its typings omit it.
    wsClientOptions: {
      rewriteRequestHeaders: (_headers: unknown, request: unknown) => {
        const target = (request as FastifyRequest).proxyTarget;
        return target?.token ? { authorization: `Bearer ${target.token}` } : {};
      },
    } as unknown as ClientOptions,
  });
}
