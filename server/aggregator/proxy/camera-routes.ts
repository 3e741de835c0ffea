/**
 * Cameras across every server (spec 7 aggregator calls: GET /service/cameras;
 * GET /service/orchids/{id}/cameras and /{cameraId}). Each recorder is asked
 * as the signed-in user, so each answers only what the user's role may see
 * there, with the permissions it grants; recorders are asked in parallel and
 * one that fails or is offline leaves its cameras out of the list rather than
 * failing it (the bag shows that server as unavailable from the server list).
 * The list across recorders joins their answers as bytes (camera-list-join.ts).
 * A recorder that refuses the user's session there is asked once more with a
 * new one (proxy-target.ts readAsUser), so a session signed out on one
 * recorder does not leave its cameras out until the token would expire.
 * Each recorder is asked with the tag of its last answer for the user's
 * role, and a 304 reuses those bytes (camera-list-cache.ts). A recorder
 * that has not answered within LIST_ANSWER_BUDGET_MS is represented by what
 * it last confirmed to this user, when that is recent (camera-list-cache.ts
 * lastKnown), and its answer refreshes the cache when it comes; a user's
 * reads of one recorder are shared while one is under way, so lists asked
 * faster than a slow recorder answers do not pile calls onto it. A list
 * asked with Cache-Control: no-cache (the stage's first list, and the list
 * after the user's own change) takes no stand-in: it waits for every
 * recorder, as a kept list could hide a change made moments ago.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Camera, CamerasResponse, User } from '../../shared/api';
import { Type } from 'typebox';
import { IdParams } from '../../shared/api/params';
import { sessionOf } from '../../common/http/auth';
import { ApiError } from '../../common/api-error';
import { callRecorder, readTagged, RecorderCallError } from '../orchids/recorder-client';
import { recorderError } from '../orchids/orchids-service';
import { readAsUser, type ProxyDeps, type ProxyTarget } from './proxy-target';
import { cameraItems, joinCameraItems, parsedCameraItems } from './camera-list-join';
import type { CameraListCache } from './camera-list-cache';

export interface CameraRoutesDeps extends ProxyDeps {
  lists: CameraListCache;
}

/**
 * How long the list across recorders waits for each recorder before the
 * last known list stands in (when there is one). The list's 300 ms p95 goal
 * (5,000 cameras over 50 recorders) holds this wait plus joining and sending
 * 7 MB, about 50 ms of the aggregator's CPU (bench/aggregator-scale): at
 * 200 ms the p95 was 318 ms on PostgreSQL. A recorder's own answer took
 * p50 140 ms there when all 50 were asked at once, so most still come in
 * time; a late one refreshes its entry for the next list.
 */
export const LIST_ANSWER_BUDGET_MS = 150;

const CameraParams = Type.Object({ id: IdParams.properties.id, cameraId: IdParams.properties.id });

/** JSON the recorder answers the user at `path` (readAsUser: a refused session is minted again once, then 'no_session'). */
async function readJson<T>(deps: ProxyDeps, orchidId: string, request: Parameters<typeof sessionOf>[0], path: string): Promise<T> {
  try {
    return await readAsUser(deps, orchidId, sessionOf(request).user, (target) => callRecorder<T>(target.uri, path, { token: target.token }));
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw recorderError(error);
  }
}

/**
 * The cameras' bytes of one recorder's list as `role` sees it, asked as the
 * user's session `target`: with the tag of the cached answer for that role,
 * whose bytes are used only when the recorder answers 304 to this session.
 */
async function cameraItemsOf(lists: CameraListCache, target: ProxyTarget, user: User): Promise<Buffer> {
  const { role } = user;
  const cached = lists.get(target.orchidId, target.uri, role);
  const askedAt = lists.time();
  // The entry held since the call began: its bytes are the ones the tag names, even if it was replaced meanwhile.
  const { value, keep } = await readTagged(
    target.uri,
    '/service/cameras',
    { token: target.token },
    cached,
    (body) => cameraItems(body) ?? parsedCameraItems(body),
  );
  if (keep) lists.set(target.orchidId, target.uri, role, keep, askedAt);
  else lists.drop(target.orchidId, target.uri, role);
  lists.accept(target.orchidId, user.id);
  return value;
}

/** Whether the caller asked for every recorder's own answer (RFC 9111 request no-cache: revalidate, never serve kept bytes unchecked). */
function wantsRevalidation(header: string | string[] | undefined): boolean {
  const values = Array.isArray(header) ? header : [header ?? ''];
  return values.some((value) => value.split(',').some((directive) => directive.trim().toLowerCase() === 'no-cache'));
}

/** Waits for `read` up to LIST_ANSWER_BUDGET_MS, then answers `stand-in` if it has not come. */
async function withinBudget(read: Promise<Buffer>, standIn: Buffer): Promise<Buffer> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Buffer>((resolve) => {
    timer = setTimeout(() => resolve(standIn), LIST_ANSWER_BUDGET_MS);
  });
  try {
    return await Promise.race([read, late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function cameraRoutes(app: FastifyInstance, deps: CameraRoutesDeps): Promise<void> {
  /** Each user's read of each recorder's list under way, by recorder, user and role. */
  const reads = new Map<string, Promise<Buffer>>();

  /**
   * The cameras' bytes of one recorder for `user`: nothing when the recorder
   * fails or refuses (its cameras are left out, and nothing of it stands in
   * for this user until it accepts the user again).
   */
  function readShared(target: { id: string }, user: User, log: FastifyBaseLogger): Promise<Buffer> {
    const key = `${target.id}\u0000${user.id}\u0000${user.role}`;
    const underWay = reads.get(key);
    if (underWay) return underWay;
    const read = readAsUser(deps, target.id, user, (resolved) => cameraItemsOf(deps.lists, resolved, user))
      .catch((error: unknown) => {
        deps.lists.unaccept(target.id, user.id);
        if (!(error instanceof ApiError) && !(error instanceof RecorderCallError)) log.warn({ err: error, orchid: target.id }, 'Failed to fetch Cameras');
        return Buffer.alloc(0);
      })
      .finally(() => reads.delete(key));
    reads.set(key, read);
    return read;
  }

  app.get('/service/cameras', { config: { access: 'live' } }, async (request, reply) => {
    const targets = await deps.orchids.answeringTargets();
    const user = sessionOf(request).user;
    const revalidate = wantsRevalidation(request.headers['cache-control']);
    const parts = await Promise.all(
      targets.map((target) => {
        // Taken before the read: what the user could be shown now, not what a refusal during the read leaves.
        const lastKnown = revalidate ? undefined : deps.lists.lastKnown(target.id, target.uri, user.role, user.id);
        const read = readShared(target, user, request.log);
        return lastKnown ? withinBudget(read, lastKnown) : read;
      }),
    );
    return reply.type('application/json; charset=utf-8').send(joinCameraItems(parts));
  });

  app.get('/service/orchids/:id/cameras', { config: { access: 'live' }, schema: { params: IdParams } }, async (request): Promise<CamerasResponse> => {
    const { id } = request.params as { id: string };
    return { data: { cameras: (await readJson<CamerasResponse>(deps, id, request, '/service/cameras')).data.cameras } };
  });

  app.get('/service/orchids/:id/cameras/:cameraId', { config: { access: 'live' }, schema: { params: CameraParams } }, async (request): Promise<Camera> => {
    const { id, cameraId } = request.params as { id: string; cameraId: string };
    return readJson<Camera>(deps, id, request, `/service/cameras/${encodeURIComponent(cameraId)}`);
  });
}
