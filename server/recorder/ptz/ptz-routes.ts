/**
 * PTZ API (spec 7): POST /service/cameras/{id}/position { x, y, z, type }
 * moves the camera ('ptz': Manager, Administrator). Presets under
 * /service/cameras/{id}/position/presets: GET lists them (anyone who may
 * watch live: the presets pane is view-only for others, spec 6), POST
 * {name} creates one at the current view, PATCH /{token} {name} renames,
 * DELETE /{token} removes ('manage-ptz-presets': Administrator), and
 * POST /{token} with no body goes to the preset ('ptz').
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PtzMoveBody, PtzPresetBody, PtzPresetParams } from '../../shared/api/operations';
import { LongIdParams } from '../../shared/api/params';
import type { PtzService } from './ptz-service';

export interface PtzRoutesDeps {
  ptz: PtzService;
}

export async function ptzRoutes(fastify: FastifyInstance, deps: PtzRoutesDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/service/cameras/:id/position',
    { config: { access: 'ptz' }, schema: { params: LongIdParams, body: PtzMoveBody } },
    async (request, reply) => {
      await deps.ptz.move(request.params.id, request.body);
      return reply.status(204).send();
    },
  );

  app.get(
    '/service/cameras/:id/position/presets',
    { config: { access: 'live' }, schema: { params: LongIdParams } },
    async (request) => {
      return deps.ptz.presets(request.params.id);
    },
  );

  app.post(
    '/service/cameras/:id/position/presets',
    { config: { access: 'manage-ptz-presets' }, schema: { params: LongIdParams, body: PtzPresetBody } },
    async (request, reply) => {
      return reply.status(201).send(await deps.ptz.createPreset(request.params.id, request.body));
    },
  );

  app.patch(
    '/service/cameras/:id/position/presets/:token',
    { config: { access: 'manage-ptz-presets' }, schema: { params: PtzPresetParams, body: PtzPresetBody } },
    async (request) => {
      return deps.ptz.renamePreset(request.params.id, request.params.token, request.body);
    },
  );

  app.delete(
    '/service/cameras/:id/position/presets/:token',
    { config: { access: 'manage-ptz-presets' }, schema: { params: PtzPresetParams } },
    async (request, reply) => {
      await deps.ptz.deletePreset(request.params.id, request.params.token);
      return reply.status(204).send();
    },
  );

  // Go to a preset. POST with an empty body (or {}); nothing is created.
  app.post(
    '/service/cameras/:id/position/presets/:token',
    { config: { access: 'ptz' }, schema: { params: PtzPresetParams } },
    async (request, reply) => {
      await deps.ptz.gotoPreset(request.params.id, request.params.token);
      return reply.status(204).send();
    },
  );
}
