/**
 * Streams API (spec 7): a camera's streams are added, replaced (PUT), edited
 * (PATCH) and deleted by Administrators; stream details and states are read
 * with the 'live' ability. `?live=true` limits lists to streams of cameras
 * that are not defunct. System status's Restart and Verify (spec 2, 3) are
 * for Managers and Administrators (both have 'system-report').
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { StreamsResponse, StreamStatus, StreamStatusesResponse, StreamVerifyResult } from '../../shared/api';
import { IdParams, StreamParams } from '../../shared/api/params';
import { LiveQuery, StreamBody } from '../../shared/api/streams';
import type { CamerasService } from './cameras';
import type { StreamStatusService } from './stream-status';
import { viewerOf } from './camera-routes';

export interface StreamRoutesDeps {
  cameras: CamerasService;
  streamStatus: StreamStatusService;
}

export async function streamRoutes(fastify: FastifyInstance, deps: StreamRoutesDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/service/cameras/:id/streams',
    { config: { access: 'configure-cameras' }, schema: { params: IdParams, body: StreamBody } },
    async (request, reply) => {
      const stream = await deps.cameras.addStream(request.params.id, request.body, viewerOf(request));
      return reply.status(201).send(stream);
    },
  );

  app.put(
    '/service/cameras/:id/streams/:streamId',
    { config: { access: 'configure-cameras' }, schema: { params: StreamParams, body: StreamBody } },
    async (request) =>
      deps.cameras.changeStream(request.params.id, request.params.streamId, request.body, true, viewerOf(request)),
  );

  app.patch(
    '/service/cameras/:id/streams/:streamId',
    { config: { access: 'configure-cameras' }, schema: { params: StreamParams, body: StreamBody } },
    async (request) =>
      deps.cameras.changeStream(request.params.id, request.params.streamId, request.body, false, viewerOf(request)),
  );

  app.delete('/service/cameras/:id/streams/:streamId', { config: { access: 'configure-cameras' }, schema: { params: StreamParams } }, async (request, reply) => {
    await deps.cameras.deleteStream(request.params.id, request.params.streamId);
    return reply.status(204).send();
  });

  app.get('/service/streams', { config: { access: 'live' }, schema: { querystring: LiveQuery } }, async (request): Promise<StreamsResponse> => {
    return { data: { streams: deps.cameras.listStreams(viewerOf(request), request.query.live === true) } };
  });

  app.get(
    '/service/streams/status',
    { config: { access: 'live' }, schema: { querystring: LiveQuery } },
    async (request): Promise<StreamStatusesResponse> => {
      return { data: { streams: deps.streamStatus.statuses(request.query.live === true) } };
    },
  );

  app.get('/service/streams/:id', { config: { access: 'live' }, schema: { params: IdParams } }, async (request) =>
    deps.cameras.getStream(request.params.id, viewerOf(request)),
  );

  app.get('/service/streams/:id/status', { config: { access: 'live' }, schema: { params: IdParams } }, async (request): Promise<StreamStatus> => {
    return deps.streamStatus.status(request.params.id);
  });

  app.post('/service/streams/:id/restart', { config: { access: 'system-report' }, schema: { params: IdParams } }, async (request): Promise<StreamStatus> => {
    return deps.streamStatus.restart(request.params.id);
  });

  app.get(
    '/service/streams/:id/verify',
    { config: { access: 'system-report' }, schema: { params: IdParams } },
    async (request): Promise<StreamVerifyResult> => {
      return deps.streamStatus.verify(request.params.id);
    },
  );
}
