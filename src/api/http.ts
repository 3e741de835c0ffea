/**
 * The REST client every API module uses. Adds the bearer token on same-host
 * calls (not sign-in), a cache-busting query on GET /service calls, an
 * optional time-out and queue, answers JSON (or a Blob, for pictures that
 * must carry the token), and turns every failure into an HttpError
 * (status -1 when no response arrived). A 401 on a call that carried the
 * token is reported to the session layer, which decides what it means
 * (spec 6: in single-server mode the page reloads to sign-in).
 *
 * The session layer plugs in through `configureHttp`, so this module does not
 * import state.
 */
import { HttpError, NO_RESPONSE, parseErrorBody } from './http-error';
import { queues, type QueueName } from './queues';
import { shouldAttachToken, withCacheBust, withQuery } from './request-url';
import { forgetDirect } from './direct-routes';
import { routeCall } from './server-scope';

export interface HttpHooks {
  getToken: () => string | null;
  onUnauthorized: (error: HttpError) => void;
}

let hooks: HttpHooks = { getToken: () => null, onUnauthorized: () => undefined };

export function configureHttp(next: HttpHooks): void {
  hooks = next;
}

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  queue?: QueueName;
  timeoutMs?: number;
  /** False when a 401 is an expected answer (checking a stored token), not a lost session. */
  reportUnauthorized?: boolean;
  /**
   * Asks for the server's own answer (Cache-Control: no-cache): the
   * aggregator's camera list then waits for every recorder instead of
   * showing a slow one's list as it last answered (camera-list-cache.ts).
   */
  revalidate?: boolean;
  /**
   * Aborted when the caller no longer wants the answer: a queued request
   * that has not started yet is then dropped without going out. A request
   * already sent is left to finish, as a queue reset leaves it.
   */
  signal?: AbortSignal;
  /** Hears the headers of a successful response (a stepped frame's X-Frame-Time). */
  onHeaders?: (headers: Headers) => void;
  /**
   * The server (orchid id) a recorder call is for in multi-server mode: the
   * camera's orchidId. Absent: the open server scope, if any (server-scope.ts).
   */
  server?: string;
}

function origin(): string {
  return globalThis.location?.origin ?? 'http://localhost';
}

/** How a successful response is read: JSON (204 and an empty body give undefined) or the raw bytes. */
type ResponseKind = 'json' | 'blob';

const ACCEPT: Record<ResponseKind, string> = { json: 'application/json', blob: 'image/*' };

async function send<T>(method: string, path: string, options: RequestOptions, kind: ResponseKind = 'json'): Promise<T> {
  if (options.signal?.aborted) throw new HttpError(NO_RESPONSE, null, 'Request no longer wanted');
  // A recorder call in multi-server mode goes to its server directly or through the aggregator's proxy (server-scope.ts).
  const route = routeCall(path, options.server);
  const url = withCacheBust(withQuery(route.url, options.query), method, Date.now(), origin());
  const headers: Record<string, string> = { Accept: ACCEPT[kind] };
  if (options.revalidate) headers['Cache-Control'] = 'no-cache';
  const token = hooks.getToken();
  // A server called directly gets the user's token there; the aggregator's never leaves this origin.
  const withToken = !route.direct && token !== null && shouldAttachToken(url, origin());
  if (route.direct) headers.Authorization = `Bearer ${route.direct.token}`;
  else if (withToken) headers.Authorization = `Bearer ${token}`;
  // A Blob (a motion mask picture) goes as its own bytes and type; anything else as JSON.
  const raw = typeof Blob !== 'undefined' && options.body instanceof Blob ? options.body : undefined;
  if (raw) headers['Content-Type'] = raw.type || 'application/octet-stream';
  else if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  const controller = new AbortController();
  let timedOut = false;
  const timer =
    options.timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, options.timeoutMs);

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: controller.signal,
      cache: 'no-store',
    });
  } catch {
    if (route.direct && !timedOut) {
      // Not reachable from here after all: the proxy from now on. Only a read is sent again, as it may have been done.
      forgetDirect(route.direct.server);
      if (method === 'GET' || method === 'HEAD') return send<T>(method, path, options, kind);
    }
    throw new HttpError(NO_RESPONSE, null, null, timedOut);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }

  if (response.status === 401 && route.direct) {
    // The token there expired or was revoked: the proxy signs in afresh for this user, and the call goes that way.
    forgetDirect(route.direct.server);
    return send<T>(method, path, options, kind);
  }
  if (response.ok) options.onHeaders?.(response.headers);
  if (response.ok && kind === 'blob') {
    try {
      return (await response.blob()) as T;
    } catch {
      throw new HttpError(NO_RESPONSE, null, null); // the connection broke while the bytes came
    }
  }
  if (response.status === 204) return undefined as T;
  let body: unknown = undefined;
  const text = await response.text().catch(() => '');
  if (text !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      body = text; // a proxy's HTML error page: keep the status, there is no reason to show
    }
  }
  if (!response.ok) {
    const { code, reason } = parseErrorBody(body);
    const error = new HttpError(response.status, code, reason);
    if (response.status === 401 && withToken && options.reportUnauthorized !== false) hooks.onUnauthorized(error);
    throw error;
  }
  return body as T;
}

export function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  if (options.queue) return queues[options.queue].add(() => send<T>(method, path, options));
  return send<T>(method, path, options);
}

/** GET of a picture as a Blob, for an object URL: unlike an <img> src, it carries the bearer token and can wait in a queue. */
function getBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  if (options.queue) return queues[options.queue].add(() => send<Blob>('GET', path, options, 'blob'));
  return send<Blob>('GET', path, options, 'blob');
}

export const http = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  /** Answers only by status: resolves on 2xx, rejects with an HttpError otherwise (an export's HEAD, spec 7). */
  head: (path: string, options?: RequestOptions) => request<void>('HEAD', path, options),
  getBlob,
  post: <T>(path: string, body: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  /** PUT of JSON, or of a Blob's bytes with its own content type. */
  put: <T>(path: string, body: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  delete: <T = void>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
