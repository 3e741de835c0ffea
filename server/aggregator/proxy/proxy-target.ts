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

/**
 * A read from the recorder as `user`, with the user's session there. When
 * the recorder refuses that session (401: signed out there, or it trusts
 * another issuer now), only that one session is forgotten and the read made
 * once more with a new one, so the caller sees no error for what the
 * aggregator can mend itself; a second refusal is 'no_session' (spec 8),
 * that session forgotten too. Only
 * for calls that may be made twice (reads): a proxied body cannot be sent
 * again (proxy-routes.ts forgets the session and answers 'no_session').
 */
export async function readAsUser<T>(deps: ProxyDeps, orchidId: string, user: User, read: (target: ProxyTarget) => Promise<T>): Promise<T> {
  try {
    return await read(await resolveTarget(deps, orchidId, user));
  } catch (error) {
    if (!(error instanceof RecorderCallError && error.kind === 'refused')) throw error;
    deps.sessions.forgetUserOn(orchidId, user.id);
  }
  try {
    return await read(await resolveTarget(deps, orchidId, user));
  } catch (error) {
    if (!(error instanceof RecorderCallError && error.kind === 'refused')) throw error;
    deps.sessions.forgetUserOn(orchidId, user.id);
    throw noSession();
  }
}

export { notFound };
