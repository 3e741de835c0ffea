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
 * role, and a 304 reuses those bytes (camera-list-cache.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Camera, CamerasResponse } from '../../shared/api';
import { Type } from 'typebox';
import { IdParams } from '../../shared/api/params';
import { sessionOf } from '../../common/http/auth';
import { ApiError } from '../../common/api-error';
import { callRecorder, readTagged, RecorderCallError } from '../orchids/recorder-client';
import { recorderError } from '../orchids/orchids-service';
import { noSession, readAsUser, type ProxyDeps, type ProxyTarget } from './proxy-target';
import { cameraItems, joinCameraItems, parsedCameraItems } from './camera-list-join';
import type { CameraListCache } from './camera-list-cache';

export interface CameraRoutesDeps extends ProxyDeps {
  lists: CameraListCache;
}

const CameraParams = Type.Object({ id: IdParams.properties.id, cameraId: IdParams.properties.id });

/** A recorder's failure of a call made as the user: its refusal of the user's session there is 'no_session' (spec 8). */
function userCallError(error: unknown): ApiError {
  if (error instanceof RecorderCallError && error.kind === 'refused') return noSession();
  return recorderError(error);
}

/** JSON the recorder answers the user at `path` (readAsUser: a refused session is minted again once). */
async function readJson<T>(deps: ProxyDeps, orchidId: string, request: Parameters<typeof sessionOf>[0], path: string): Promise<T> {
  try {
    return await readAsUser(deps, orchidId, sessionOf(request).user, (target) => callRecorder<T>(target.uri, path, { token: target.token }));
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw userCallError(error);
  }
}

/**
 * The cameras' bytes of one recorder's list as `role` sees it, asked as the
 * user's session `target`: with the tag of the cached answer for that role,
 * whose bytes are used only when the recorder answers 304 to this session.
 */
async function cameraItemsOf(lists: CameraListCache, target: ProxyTarget, role: string): Promise<Buffer> {
  const cached = lists.get(target.orchidId, target.uri, role);
  // The entry held since the call began: its bytes are the ones the tag names, even if it was replaced meanwhile.
  const { value, keep } = await readTagged(
    target.uri,
    '/service/cameras',
    { token: target.token },
    cached && { etag: cached.etag, value: cached.items },
    (body) => cameraItems(body) ?? parsedCameraItems(body),
  );
  if (keep) lists.set(target.orchidId, target.uri, role, { etag: keep.etag, items: keep.value });
  else lists.drop(target.orchidId, target.uri, role);
  return value;
}

export async function cameraRoutes(app: FastifyInstance, deps: CameraRoutesDeps): Promise<void> {
  app.get('/service/cameras', { config: { access: 'live' } }, async (request, reply) => {
    const targets = await deps.orchids.answeringTargets();
    const user = sessionOf(request).user;
    const parts = await Promise.all(
      targets.map(async (target) => {
        try {
          return await readAsUser(deps, target.id, user, (resolved) => cameraItemsOf(deps.lists, resolved, user.role));
        } catch (error) {
          if (!(error instanceof ApiError) && !(error instanceof RecorderCallError)) request.log.warn({ err: error, orchid: target.id }, 'Failed to fetch Cameras');
          return Buffer.alloc(0);
        }
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
