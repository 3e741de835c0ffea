/**
 * Which recorder a proxied call goes to and with whose credentials: the
 * registered server (404 and the not-available message when it is unknown
 * or offline, spec 8) and the signed-in user's own session on it ('no_session'
 * when none can be had). Shared by the HTTP and WebSocket proxies and the
 * camera list. The orchid comes from the store's short-lived memory
 * (OrchidsStore.findCached), not a database read per call.
 */
import { ApiError, notFound } from '../../common/api-error';
import type { User } from '../../shared/api';
import { ORCHID_MESSAGES } from '../../shared/orchid-validation';
import { notAvailable, type OrchidsService } from '../orchids/orchids-service';
import { RecorderCallError } from '../orchids/recorder-client';
import type { RecorderSessions } from '../orchids/recorder-sessions';

export interface ProxyTarget {
  orchidId: string;
  uri: string;
  /** The user's token on the recorder; absent when the call brings its own (a recorder ticket). */
  token?: string;
}

export interface ProxyDeps {
  orchids: OrchidsService;
  sessions: RecorderSessions;
}

export const noSession = (): ApiError => new ApiError(503, 'no_session', ORCHID_MESSAGES.noSession);

export async function resolveTarget(deps: ProxyDeps, orchidId: string, user: User | undefined): Promise<ProxyTarget> {
  const orchid = await deps.orchids.findCached(orchidId);
  if (!orchid) throw notAvailable();
  const target = deps.orchids.target(orchid);
  if (!user) return { orchidId, uri: orchid.uri };
  try {
    const session = await deps.sessions.forUser(target, user);
    return { orchidId, uri: orchid.uri, token: session.token };
  } catch (error) {
    if (error instanceof RecorderCallError && error.kind === 'unreachable') throw notAvailable();
    if (error instanceof RecorderCallError) throw noSession();
    throw error;
  }
}

export { notFound };
