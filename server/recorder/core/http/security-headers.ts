/**
 * Security headers on every reply (client files, API, errors), through
 * @fastify/helmet:
 * - Content-Security-Policy fitted to the built client: scripts and module
 *   workers only from this origin; pictures also from blob: and data: (object
 *   URLs of snapshots, inline icons); media from blob:; connections (fetch and
 *   WebSocket) to this origin ('self' covers ws:/wss: of the same host in
 *   CSP 3) and to the activation service's origin when --activation-url
 *   names one (the License dialog pings it and asks it for keys itself); styles only from this origin's style sheets: React and the UI
 *   libraries set element styles through the CSSOM, which CSP does not limit,
 *   so no 'unsafe-inline' is needed (checked with the e2e suites, whose error
 *   collector fails on any CSP violation). No plugins, no <base> elsewhere,
 *   forms post here only.
 * - Framing: frame-ancestors 'self' plus the configured embed origins
 *   (--embed-origins), so the embeddable player works on those sites only.
 *   X-Frame-Options (which cannot name other origins) is sent as SAMEORIGIN
 *   only when no embed origin is configured.
 * - X-Content-Type-Options nosniff, Referrer-Policy no-referrer.
 *
 * Left out on purpose: upgrade-insecure-requests and HSTS (the recorder is
 * usually reached over plain HTTP on a LAN address; both would break it), and
 * the cross-origin opener/resource policies (the embedded player talks to the
 * page around it).
 *
 * Cost: a few constant headers per reply.
 */
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** The Content-Security-Policy directives, as helmet takes them. */
export function contentSecurityDirectives(embedOrigins: readonly string[], activationUrl = ''): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'worker-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'blob:', 'data:'],
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...activationOrigin(activationUrl)],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'", ...embedOrigins],
  };
}

/** The origin of the activation service's URL (config checked it is http(s)), or nothing. */
function activationOrigin(activationUrl: string): string[] {
  if (activationUrl === '') return [];
  try {
    return [new URL(activationUrl).origin];
  } catch {
    return [];
  }
}

export async function installSecurityHeaders(
  app: FastifyInstance,
  options: { embedOrigins: readonly string[]; activationUrl?: string },
): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(options.embedOrigins, options.activationUrl) },
    xFrameOptions: options.embedOrigins.length === 0 ? { action: 'sameorigin' } : false,
    xContentTypeOptions: true,
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: false,
    crossOriginEmbedderPolicy: false,
  });
}
