/**
 * Cameras API (spec 7): list and read need the 'live' ability; register,
 * edit, delete and verify are for Administrators ('configure-cameras').
 * Replies never carry a camera password. Name and URI checks happen in the
 * domain so the person gets spec 5's wording ('Camera name is required.').
 * The list is tagged (ETag; 304 for If-None-Match of the current tag).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CamerasResponse } from '../../shared/api';
import { RegisterCameraBody, UpdateCameraBody } from '../../shared/api/cameras';
import { IdParams } from '../../shared/api/params';
import type { CamerasService, Viewer } from './cameras';
import { hostWithoutPort } from './cameras-serialize';
import { ifNoneMatchHas } from './camera-list-tag';
import { sessionOf } from '../../common/http/auth';

export interface CameraRoutesDeps {
  cameras: CamerasService;
}

/** The caller's role and the host they reached us at (the route's access rule has already checked the role). */
export function viewerOf(request: FastifyRequest): Viewer {
  const session = sessionOf(request);
  return { role: session.user.role, host: hostWithoutPort(request.headers.host) };
}

export async function cameraRoutes(fastify: FastifyInstance, deps: CameraRoutesDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // Tagged (camera-list-tag.ts): a caller holding the current answer gets 304 without the list being built.
  // The tag and the list are read in one turn, so the tag always names these bytes.
  app.get('/service/cameras', { config: { access: 'live' } }, async (request, reply): Promise<CamerasResponse | undefined> => {
    const viewer = viewerOf(request);
    const tag = deps.cameras.listTag(viewer);
    if (tag !== undefined) {
      // Revalidated on every use: the answer differs by role, and a session may end.
      void reply.header('etag', tag).header('cache-control', 'private, no-cache');
      if (ifNoneMatchHas(request.headers['if-none-match'], tag)) return reply.status(304).send();
    }
    return { data: { cameras: deps.cameras.list(viewer) } };
  });

  app.get('/service/cameras/:id', { config: { access: 'live' }, schema: { params: IdParams } }, async (request) =>
    deps.cameras.get(request.params.id, viewerOf(request)),
  );

  app.post('/service/cameras', { config: { access: 'configure-cameras' }, schema: { body: RegisterCameraBody } }, async (request, reply) => {
    const camera = await deps.cameras.register(request.body, viewerOf(request));
    return reply.status(201).send(camera);
  });

  app.patch(
    '/service/cameras/:id',
    { config: { access: 'configure-cameras' }, schema: { params: IdParams, body: UpdateCameraBody } },
    async (request) => deps.cameras.update(request.params.id, request.body, viewerOf(request)),
  );

  app.delete('/service/cameras/:id', { config: { access: 'configure-cameras' }, schema: { params: IdParams } }, async (request, reply) => {
    await deps.cameras.delete(request.params.id);
    return reply.status(204).send();
  });

  app.get('/service/cameras/:id/verify', { config: { access: 'configure-cameras' }, schema: { params: IdParams } }, async (request) => {
    return deps.cameras.verify(request.params.id);
  });
}
