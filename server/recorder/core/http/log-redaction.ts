/**
 * What the recorder's request log may say about a request: method, path,
 * host and peer, with the value of every query parameter that can carry a
 * credential replaced, at every level (trace included). Tickets travel in
 * `?ticket=` by design (a browser cannot put a header on a socket or an
 * <img>); old clients may still send `sid=`, `jwt=` or `token=`. Headers are
 * not logged at all, and pino's redaction blanks Authorization and Cookie
 * wherever a log call passes headers along.
 *
 * The same redacted lines go to the console (at --log-level) and to the log
 * file the System report exports (core/log-file.ts), which keeps at least
 * info whatever the console's level, so an exported log says what happened.
 */
import type { FastifyServerOptions } from 'fastify';
import { LOG_LEVEL_NUMBERS, type RotatingLogFile } from '../log-file';
import type { LogLevel, PinoLevel } from '../log-level';

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


/** The level the log file keeps: info, or the console's when that says more (debug, trace). */
export function fileLogLevel(level: PinoLevel): Exclude<PinoLevel, 'silent'> {
  return level === 'debug' || level === 'trace' ? level : 'info';
}

function levelNumber(level: PinoLevel): number {
  return level === 'silent' ? Infinity : LOG_LEVEL_NUMBERS[level];
}

/**
 * One pino destination writing each line to the console from the current
 * level and to the file from its own level (read per line: the level can
 * change while the recorder runs).
 */
function consoleAndFile(level: LogLevel, file: RotatingLogFile): { write(line: string): void } {
  return {
    write(line: string) {
      const lineLevel = Number(/^\{"level":(\d+)/.exec(line)?.[1] ?? LOG_LEVEL_NUMBERS.info);
      if (lineLevel >= levelNumber(level.pino)) process.stdout.write(line);
      if (lineLevel >= levelNumber(fileLogLevel(level.pino))) file.write(line);
    },
  };
}

export function loggerOptions(level: LogLevel, file?: RotatingLogFile): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    // The file's level is never quieter than the console's, so the logger runs at it; the console filters its own lines.
    // app.ts keeps the logger's level in step when the level changes.
    level: file ? fileLogLevel(level.pino) : level.pino,
    ...(file ? { stream: consoleAndFile(level, file) } : {}),
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
