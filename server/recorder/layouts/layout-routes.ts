/**
 * Saved stages API (spec 7 "/service/layouts CRUD"): GET lists the stages
 * the caller may see under data.layouts, POST creates (201), GET/PATCH/DELETE
 * /{id} read, change and remove one. The rules (visibility, who may share or
 * change shared stages) live in layouts/layouts.ts. Bodies are strict and
 * bounded: at most 16 x 16 cells, cameras as {id, orchidId}; `cameras` may be
 * echoed back by a client and is ignored (derived from the matrix).
 */
import type { FastifyInstance } from 'fastify';
import type { CreateLayoutRequest, LayoutsResponse, UpdateLayoutRequest } from '../../shared/api';
import type { Db } from '../core/db/database';
import { badRequest } from '../core/api-error';
import {
  CAMERA_ID_MAX_LENGTH,
  LAYOUT_NAME_MAX_LENGTH,
  LayoutsService,
  MAX_STAGE_COLUMNS,
  MAX_STAGE_ROWS,
  type LayoutActor,
} from './layouts';
import { sessionOf } from '../core/http/auth';

export interface LayoutRoutesDeps {
  layouts: LayoutsService;
}

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 64 } },
} as const;

const camera = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: {
    id: { type: 'string', minLength: 1, maxLength: CAMERA_ID_MAX_LENGTH },
    orchidId: { type: 'string', maxLength: CAMERA_ID_MAX_LENGTH },
  },
} as const;

const span = { type: 'integer', minimum: 1, maximum: Math.max(MAX_STAGE_ROWS, MAX_STAGE_COLUMNS) } as const;

const cell = {
  type: 'object',
  additionalProperties: false,
  properties: {
    // One type list rather than anyOf, so errors name the real problem instead of "must be null".
    camera: { ...camera, type: ['object', 'null'] },
    columnSpan: span,
    rowSpan: span,
    span,
    forceLbm: { type: 'boolean' },
    dewarpMode: { type: 'integer', enum: [0, 1, 2] },
  },
} as const;

const stageMatrix = {
  type: 'array',
  minItems: 1,
  maxItems: MAX_STAGE_ROWS,
  items: { type: 'array', minItems: 1, maxItems: MAX_STAGE_COLUMNS, items: cell },
} as const;

const cameras = { type: 'array', maxItems: MAX_STAGE_ROWS * MAX_STAGE_COLUMNS, items: camera } as const;
// Longer than the limit, so an over-long name gets the domain's clear message rather than a schema one.
const name = { type: 'string', maxLength: LAYOUT_NAME_MAX_LENGTH * 4 } as const;

const createSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { name, shared: { type: 'boolean' }, stageMatrix, cameras },
} as const;

const updateSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { id: { type: 'string', maxLength: 64 }, name, shared: { type: 'boolean' }, stageMatrix, cameras },
} as const;

function actorOf(request: Parameters<typeof sessionOf>[0]): LayoutActor {
  const { user } = sessionOf(request);
  return { id: user.id, role: user.role };
}

export async function layoutRoutes(app: FastifyInstance, deps: LayoutRoutesDeps): Promise<void> {
  app.get('/service/layouts', { config: { access: 'signed-in' } }, async (request): Promise<LayoutsResponse> => {
    return { data: { layouts: deps.layouts.list(actorOf(request)) } };
  });

  app.post<{ Body: CreateLayoutRequest }>('/service/layouts', { config: { access: 'signed-in' }, schema: { body: createSchema } }, async (request, reply) => {
    const layout = deps.layouts.create(actorOf(request), request.body);
    return reply.status(201).send(layout);
  });

  app.get<{ Params: { id: string } }>('/service/layouts/:id', { config: { access: 'signed-in' }, schema: { params: idParams } }, async (request) => {
    return deps.layouts.get(actorOf(request), request.params.id);
  });

  app.patch<{ Params: { id: string }; Body: UpdateLayoutRequest }>(
    '/service/layouts/:id',
    { config: { access: 'signed-in' }, schema: { params: idParams, body: updateSchema } },
    async (request) => {
      const { id: bodyId, ...changes } = request.body;
      if (bodyId !== undefined && bodyId !== request.params.id) {
        throw badRequest('The stage id in the body does not match the path.');
      }
      return deps.layouts.update(actorOf(request), request.params.id, changes);
    },
  );

  app.delete<{ Params: { id: string } }>('/service/layouts/:id', { config: { access: 'signed-in' }, schema: { params: idParams } }, async (request, reply) => {
    deps.layouts.delete(actorOf(request), request.params.id);
    return reply.status(204).send();
  });
}

/** The registration services.ts pushes into `extraRoutes`. */
export function layoutRoutesFor(db: Db): (app: FastifyInstance) => Promise<void> {
  const layouts = new LayoutsService(db);
  return (app) => layoutRoutes(app, { layouts });
}
