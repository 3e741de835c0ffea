/**
 * PTZ API (spec 7): POST /service/cameras/{id}/position { x, y, z, type }
 * moves the camera ('ptz': Manager, Administrator). Presets under
 * /service/cameras/{id}/position/presets: GET lists them (anyone who may
 * watch live: the presets pane is view-only for others, spec 6), POST
 * {name} creates one at the current view, PATCH /{token} {name} renames,
 * DELETE /{token} removes ('manage-ptz-presets': Administrator), and
 * POST /{token} with no body goes to the preset ('ptz').
 */
import type { FastifyInstance } from 'fastify';
import type { PtzMoveRequest, PtzPresetRequest } from '../../shared/api';
import type { PtzService } from './ptz-service';

export interface PtzRoutesDeps {
  ptz: PtzService;
}

const id = { type: 'string', maxLength: 256 } as const;
const cameraParams = { type: 'object', required: ['id'], properties: { id } } as const;
const presetParams = { type: 'object', required: ['id', 'token'], properties: { id, token: id } } as const;
const moveSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['type'],
  properties: { x: { type: 'number' }, y: { type: 'number' }, z: { type: 'number' }, type: { type: 'string', maxLength: 32 } },
} as const;
const presetSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name: { type: 'string', maxLength: 256 } },
} as const;

export async function ptzRoutes(app: FastifyInstance, deps: PtzRoutesDeps): Promise<void> {
  app.post<{ Params: { id: string }; Body: PtzMoveRequest }>(
    '/service/cameras/:id/position',
    { config: { access: 'ptz' }, schema: { params: cameraParams, body: moveSchema } },
    async (request, reply) => {
      await deps.ptz.move(request.params.id, request.body);
      return reply.status(204).send();
    },
  );

  app.get<{ Params: { id: string } }>(
    '/service/cameras/:id/position/presets',
    { config: { access: 'live' }, schema: { params: cameraParams } },
    async (request) => {
      return deps.ptz.presets(request.params.id);
    },
  );

  app.post<{ Params: { id: string }; Body: PtzPresetRequest }>(
    '/service/cameras/:id/position/presets',
    { config: { access: 'manage-ptz-presets' }, schema: { params: cameraParams, body: presetSchema } },
    async (request, reply) => {
      return reply.status(201).send(await deps.ptz.createPreset(request.params.id, request.body));
    },
  );

  app.patch<{ Params: { id: string; token: string }; Body: PtzPresetRequest }>(
    '/service/cameras/:id/position/presets/:token',
    { config: { access: 'manage-ptz-presets' }, schema: { params: presetParams, body: presetSchema } },
    async (request) => {
      return deps.ptz.renamePreset(request.params.id, request.params.token, request.body);
    },
  );

  app.delete<{ Params: { id: string; token: string } }>(
    '/service/cameras/:id/position/presets/:token',
    { config: { access: 'manage-ptz-presets' }, schema: { params: presetParams } },
    async (request, reply) => {
      await deps.ptz.deletePreset(request.params.id, request.params.token);
      return reply.status(204).send();
    },
  );

  // Go to a preset. POST with an empty body (or {}); nothing is created.
  app.post<{ Params: { id: string; token: string } }>(
    '/service/cameras/:id/position/presets/:token',
    { config: { access: 'ptz' }, schema: { params: presetParams } },
    async (request, reply) => {
      await deps.ptz.gotoPreset(request.params.id, request.params.token);
      return reply.status(204).send();
    },
  );
}
