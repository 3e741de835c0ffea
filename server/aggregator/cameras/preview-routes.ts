/**
 * GET /service/orchids/{id}/cameras/{cameraId}/preview?width=&height=&crop=
 * (spec 7, server/shared/api/camera-preview.ts) and POST .../preview/tickets.
 * Any role that may watch live asks (the recorder then decides per camera);
 * the GET also opens with a preview ticket for that one camera.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../common/api-error';
import { sessionOf } from '../../common/http/auth';
import { CameraPreviewQuery, OrchidCameraParams } from '../../shared/api/camera-preview';
import type { TicketResponse } from '../../shared/api';
import { PREVIEW_TICKET, type CameraPreviews } from './preview-service';

/**
 * `fsid` (the session id the spec lists among this call's query fields) is
 * refused, never read: a session id in a URL lands in server and proxy logs
 * and in the browser's history, where anyone who reads them can act as the
 * user for as long as the session lives. The header carries the session; a
 * caller that cannot send one (an <img> on another origin) brings a
 * single-use ticket for this camera instead (POST .../preview/tickets).
 */
async function refuseSessionInQuery(request: FastifyRequest): Promise<void> {
  if (Object.hasOwn(request.query as object, 'fsid')) {
    throw badRequest('A session id is not accepted in the address; send it in the Authorization header, or ask for a preview ticket.', 'fsid-not-accepted');
  }
}

export async function previewRoutes(fastify: FastifyInstance, deps: { previews: CameraPreviews }): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/service/orchids/:id/cameras/:cameraId/preview',
    {
      schema: { params: OrchidCameraParams, querystring: CameraPreviewQuery },
      config: { access: 'live', ticket: PREVIEW_TICKET },
      // Before the schema's checks: a session id in the query is refused whatever else the call gets wrong.
      preValidation: refuseSessionInQuery,
    },
    async (request, reply) => {
      // The browser went away (a bag scrolled, a page left): the calls to the recorder end too.
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      const { width, height, crop } = request.query;
      const picture = await deps.previews.picture(request.params.id, request.params.cameraId, sessionOf(request).user, { width, height, crop: crop ?? false }, gone.signal);
      if (picture.sizeBytes !== undefined) void reply.header('content-length', picture.sizeBytes);
      return reply.type('image/jpeg').header('cache-control', 'no-store').send(picture.jpeg);
    },
  );

  app.post(
    '/service/orchids/:id/cameras/:cameraId/preview/tickets',
    { schema: { params: OrchidCameraParams }, config: { access: 'live' } },
    async (request, reply): Promise<TicketResponse> => {
      const ticket = await deps.previews.ticket(sessionOf(request), request.params.id, request.params.cameraId);
      void reply.status(201).header('cache-control', 'no-store');
      return ticket;
    },
  );
}
