/**
 * The recorder's RTSP restream (spec 7 derived URLs):
 * rtsp://host:rtspPort/orchid/live?id=STREAM plays the stream's live H.264
 * to any RTSP client (ffplay, VLC, another VMS), served by the shared RTSP
 * server from the stream's hub, so the newest GOP goes out first. A camera
 * that sends G.711 µ-law is restreamed with its sound as a second track;
 * one without sound stays video only.
 * Authentication is Basic with a recorder user, or a session token as the
 * password (rtsp-credentials.ts); the user needs the 'live' ability.
 *
 * Limits: the server's authentication hook is synchronous, so a password not
 * seen in the last minute is verified in the background and the request
 * that brought it gets 401; the client's next attempt succeeds from the
 * cache. Session tokens are checked at once.
 */
import { createRtspServer, type RtspServer } from '../../protocols/rtsp-server';
import type { LiveSources } from '../core/media-contracts';
import type { RtspCredentials } from './rtsp-credentials';

export const RESTREAM_PATH = '/orchid/live';
const REALM = 'Argus VMS';

/** Username and password from a Basic Authorization header. */
export function basicCredentials(header: string | undefined): { username: string; password: string } | undefined {
  const match = header && /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export async function startRtspRestream(options: {
  host: string;
  port: number;
  live: LiveSources;
  credentials: RtspCredentials;
}): Promise<RtspServer> {
  return createRtspServer({
    host: options.host,
    port: options.port,
    serverName: 'Argus VMS recorder',
    resolve: (path, query) => {
      const id = query.get('id');
      const video = path === RESTREAM_PATH && id ? options.live.source(id) : undefined;
      const audio = video && id ? options.live.audio?.(id) : undefined;
      return video && { video, ...(audio ? { audio } : {}) };
    },
    authenticate: async (_method, _uri, authorization, clientAddress) =>
      (await options.credentials.check(basicCredentials(authorization), clientAddress)).ok,
    authChallenges: () => [`Basic realm="${REALM}"`],
  });
}
