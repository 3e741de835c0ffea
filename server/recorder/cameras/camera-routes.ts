/**
 * Cameras API (spec 7): list and read need the 'live' ability; register,
 * edit, delete and verify are for Administrators ('configure-cameras').
 * Replies never carry a camera password. Name and URI checks happen in the
 * domain so the person gets spec 5's wording ('Camera name is required.').
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CamerasResponse, RegisterCameraRequest, UpdateCameraRequest } from '../../shared/api';
import type { CamerasService, Viewer } from './cameras';
import { hostWithoutPort } from './cameras-serialize';
import { sessionOf } from '../core/http/auth';

export interface CameraRoutesDeps {
  cameras: CamerasService;
}

/** The caller's role and the host they reached us at (the route's access rule has already checked the role). */
export function viewerOf(request: FastifyRequest): Viewer {
  const session = sessionOf(request);
  return { role: session.user.role, host: hostWithoutPort(request.headers.host) };
}

const text = (maxLength: number) => ({ type: 'string', maxLength });

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 64 } },
} as const;

const connectionSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    uri: text(4096),
    username: text(1024),
    password: { anyOf: [text(1024), { type: 'null' }] },
  },
} as const;

const registerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['driver', 'connection'],
  properties: {
    driver: { type: 'string', enum: ['ONVIF', 'Generic RTSP'] },
    connection: connectionSchema,
    name: text(1024),
    import: { type: 'boolean' },
  },
} as const;

const updateSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    id: text(64),
    name: text(1024),
    connection: connectionSchema,
    primaryStream: {
      type: 'object',
      required: ['id'],
      properties: { id: text(64) },
    },
    retention: { type: 'number' },
    quirks: { type: 'array', maxItems: 8, items: { type: 'string', maxLength: 64 } },
  },
} as const;

export async function cameraRoutes(app: FastifyInstance, deps: CameraRoutesDeps): Promise<void> {
  app.get('/service/cameras', { config: { access: 'live' } }, async (request): Promise<CamerasResponse> => {
    return { data: { cameras: deps.cameras.list(viewerOf(request)) } };
  });

  app.get<{ Params: { id: string } }>('/service/cameras/:id', { config: { access: 'live' }, schema: { params: idParams } }, async (request) =>
    deps.cameras.get(request.params.id, viewerOf(request)),
  );

  app.post<{ Body: RegisterCameraRequest }>('/service/cameras', { config: { access: 'configure-cameras' }, schema: { body: registerSchema } }, async (request, reply) => {
    const camera = await deps.cameras.register(request.body, viewerOf(request));
    return reply.status(201).send(camera);
  });

  app.patch<{ Params: { id: string }; Body: UpdateCameraRequest }>(
    '/service/cameras/:id',
    { config: { access: 'configure-cameras' }, schema: { params: idParams, body: updateSchema } },
    async (request) => deps.cameras.update(request.params.id, request.body, viewerOf(request)),
  );

  app.delete<{ Params: { id: string } }>('/service/cameras/:id', { config: { access: 'configure-cameras' }, schema: { params: idParams } }, async (request, reply) => {
    await deps.cameras.delete(request.params.id);
    return reply.status(204).send();
  });

  app.get<{ Params: { id: string } }>('/service/cameras/:id/verify', { config: { access: 'configure-cameras' }, schema: { params: idParams } }, async (request) => {
    return deps.cameras.verify(request.params.id);
  });
}
