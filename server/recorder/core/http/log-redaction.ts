/**
 * What the recorder's request log may say about a request: method, path,
 * host and peer, with the value of every query parameter that can carry a
 * credential replaced, at every level (trace included). Tickets travel in
 * `?ticket=` by design (a browser cannot put a header on a socket or an
 * <img>); old clients may still send `sid=`, `jwt=` or `token=`. Headers are
 * not logged at all, and pino's redaction blanks Authorization and Cookie
 * wherever a log call passes headers along.
 */
import type { FastifyServerOptions } from 'fastify';

/** Query parameters whose values are secrets (matched without regard to case). */
const SECRET_PARAMS = new Set(['ticket', 'sid', 'jwt', 'token', 'access_token', 'password', 'pass', 'key', 'auth']);
export const REDACTED = '[redacted]';

/** The request URL with the value of every secret-bearing query parameter replaced. */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const query = url
    .slice(question + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // An undecodable name is kept as sent; it is compared as it is.
      }
      return eq >= 0 && SECRET_PARAMS.has(name.toLowerCase()) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, question)}?${query}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

export function loggerOptions(level: string): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level,
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        hostname: request.hostname,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie', 'res.headers["set-cookie"]'],
      censor: REDACTED,
    },
  };
}
