/**
 * Stream pictures (spec 7 frame URLs): GET /service/streams/{id}/frame
 * ?time=&width=&height=&fallback=&cb= answers a JPEG, live (time absent or
 * 0) or at a past time. An <img> cannot send a header, so the picture also
 * opens with a frame ticket (?ticket=) for its stream. `cb` is the client's cache buster and is ignored; live
 * pictures are never cached, past ones may be (they cannot change).
 */
import type { FastifyInstance } from 'fastify';
import { can } from '../../shared/roles';
import type { JpegFrames } from './jpeg-frames';
import { sessionOf } from '../core/http/auth';

interface FrameQuery {
  time?: number;
  width?: number;
  height?: number;
  fallback?: boolean;
}

const schema = {
  params: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 256 } } },
  querystring: {
    type: 'object',
    properties: {
      time: { type: 'number', minimum: 0 },
      width: { type: 'integer', minimum: 0, maximum: 16384 },
      height: { type: 'integer', minimum: 0, maximum: 16384 },
      fallback: { type: 'boolean' },
      cb: { type: 'string', maxLength: 64 },
      ticket: { type: 'string', maxLength: 128 },
    },
  },
} as const;

export async function frameRoutes(app: FastifyInstance, deps: { frames: JpegFrames }): Promise<void> {
  app.get<{ Params: { id: string }; Querystring: FrameQuery }>(
    '/service/streams/:id/frame',
    { schema, config: { access: 'live', ticket: { scope: 'frame', param: 'id' } } },
    async (request, reply) => {
      const user = sessionOf(request).user;
      const timeMs = request.query.time ?? 0;
      const jpeg = await deps.frames.frame(
        {
          streamId: request.params.id,
          timeMs,
          box: { width: request.query.width, height: request.query.height },
          fallback: request.query.fallback ?? false,
        },
        (ability) => can(user.role, ability),
      );
      return reply
        .type('image/jpeg')
        .header('cache-control', timeMs > 0 && !request.query.fallback ? 'private, max-age=3600' : 'no-store')
        .send(jpeg);
    },
  );
}
