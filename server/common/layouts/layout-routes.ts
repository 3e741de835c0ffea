/**
 * Saved stages API (spec 7 "/service/layouts CRUD"): GET lists the stages
 * the caller may see under data.layouts, POST creates (201), GET/PATCH/DELETE
 * /{id} read, change and remove one, on the recorder and on the aggregator
 * alike: each edition hands its own store (the rules, who sees and who may
 * share or change which stage, are common/layouts/stage-rules.ts). Bodies are
 * strict and bounded: at most 16 x 16 cells, cameras as {id, orchidId};
 * `cameras` may be echoed back by a client and is ignored (derived from the
 * matrix).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { CreateLayoutRequest, Layout, LayoutsResponse, UpdateLayoutRequest } from '../../shared/api';
import { IdParams } from '../../shared/api/params';
import { CreateLayoutBody, UpdateLayoutBody } from '../../shared/api/stages';
import { badRequest } from '../api-error';
import { sessionOf } from '../http/auth';
import type { LayoutActor } from './stage-rules';

type MaybePromise<T> = T | Promise<T>;

/** A store of stages: the recorder's is synchronous (better-sqlite3), the aggregator's asynchronous. */
export interface LayoutsStore {
  list(actor: LayoutActor): MaybePromise<Layout[]>;
  get(actor: LayoutActor, id: string): MaybePromise<Layout>;
  create(actor: LayoutActor, request: CreateLayoutRequest): MaybePromise<Layout>;
  update(actor: LayoutActor, id: string, request: UpdateLayoutRequest): MaybePromise<Layout>;
  delete(actor: LayoutActor, id: string): MaybePromise<void>;
}

export interface LayoutRoutesDeps {
  layouts: LayoutsStore;
}

function actorOf(request: Parameters<typeof sessionOf>[0]): LayoutActor {
  const { user } = sessionOf(request);
  return { id: user.id, role: user.role };
}

export async function layoutRoutes(fastify: FastifyInstance, deps: LayoutRoutesDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/service/layouts', { config: { access: 'signed-in' } }, async (request): Promise<LayoutsResponse> => {
    return { data: { layouts: await deps.layouts.list(actorOf(request)) } };
  });

  app.post('/service/layouts', { config: { access: 'signed-in' }, schema: { body: CreateLayoutBody } }, async (request, reply) => {
    const layout = await deps.layouts.create(actorOf(request), request.body);
    return reply.status(201).send(layout);
  });

  app.get('/service/layouts/:id', { config: { access: 'signed-in' }, schema: { params: IdParams } }, async (request) => {
    return deps.layouts.get(actorOf(request), request.params.id);
  });

  app.patch(
    '/service/layouts/:id',
    { config: { access: 'signed-in' }, schema: { params: IdParams, body: UpdateLayoutBody } },
    async (request) => {
      const { id: bodyId, ...changes } = request.body;
      if (bodyId !== undefined && bodyId !== request.params.id) {
        throw badRequest('The stage id in the body does not match the path.');
      }
      return deps.layouts.update(actorOf(request), request.params.id, changes);
    },
  );

  app.delete('/service/layouts/:id', { config: { access: 'signed-in' }, schema: { params: IdParams } }, async (request, reply) => {
    await deps.layouts.delete(actorOf(request), request.params.id);
    return reply.status(204).send();
  });
}
