/**
 * Stream pictures (spec 7 frame URLs): GET /service/streams/{id}/frame
 * ?time=&width=&height=&fallback=&crop=&cb= answers a JPEG, live (time
 * absent or 0) or at a past time, fitted into width x height or, with
 * `crop`, covering it exactly (the aggregator's camera preview asks so).
 * An <img> cannot send a header, so the picture also opens with a frame
 * ticket (?ticket=) for its stream. `cb` is the client's cache buster and is
 * ignored; live pictures are never cached, past ones may be (they cannot
 * change).
 * `step` (-1 or 1) answers the neighbouring recorded frame of a past time,
 * its exact time in the X-Frame-Time header (same origin, so readable).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { FRAME_TIME_HEADER, FrameQuery } from '../../shared/api/live';
import { ApiError } from '../../common/api-error';
import { LongIdParams } from '../../shared/api/params';
import { can } from '../../shared/roles';
import type { JpegFrames } from './jpeg-frames';
import { sessionOf } from '../../common/http/auth';

const schema = { params: LongIdParams, querystring: FrameQuery };

export async function frameRoutes(fastify: FastifyInstance, deps: { frames: JpegFrames }): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/service/streams/:id/frame',
    { schema, config: { access: 'live', ticket: { scope: 'frame', param: 'id' } } },
    async (request, reply) => {
      const user = sessionOf(request).user;
      const timeMs = request.query.time ?? 0;
      const step = request.query.step;
      const crop = request.query.crop ?? false;
      // Covering "the box" needs a box: without a side the picture would be cut to the 1920x1080 bound.
      if (crop && !(request.query.width && request.query.height)) throw new ApiError(400, 'invalid-crop', 'crop needs both width and height.');
      if (step !== undefined) {
        if (step === 0) throw new ApiError(400, 'invalid-step', 'step must be -1 or 1.');
        if (timeMs <= 0) throw new ApiError(400, 'invalid-step', 'Stepping needs the time of a recorded frame.');
        const stepped = await deps.frames.stepped(
          { streamId: request.params.id, timeMs, box: { width: request.query.width, height: request.query.height }, fallback: false, crop, step: step < 0 ? -1 : 1 },
          (ability) => can(user.role, ability),
        );
        return reply.type('image/jpeg').header(FRAME_TIME_HEADER, String(stepped.timeMs)).header('cache-control', 'private, max-age=3600').send(stepped.jpeg);
      }
      const jpeg = await deps.frames.frame(
        {
          streamId: request.params.id,
          timeMs,
          box: { width: request.query.width, height: request.query.height },
          fallback: request.query.fallback ?? false,
          crop,
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
