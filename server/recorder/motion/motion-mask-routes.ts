/**
 * A stream's motion mask (spec 7 PUT, DELETE .../motion/mask; GET of
 * bgseg.motionMask.href): PUT takes the PNG or JPEG the client drew as the
 * raw body (any content type but JSON or text, at most MAX_MASK_BYTES; the
 * kind is read from the bytes), GET serves it back, DELETE removes it. Administrators
 * only ('configure-cameras'). GET also opens with a motion-mask ticket
 * (?ticket=) for the stream, so an <img> can show it. Registered in its own scope so the image body parsers
 * apply to these routes only.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { MotionMaskResponse } from '../../shared/api';
import { StreamParams } from '../../shared/api/params';
import { TicketQuery } from '../../shared/api/tickets';
import { MAX_MASK_BYTES } from './motion-mask-image';
import type { MotionMaskService } from './motion-mask-service';

export interface MotionMaskRoutesDeps {
  masks: MotionMaskService;
}

const access = { access: 'configure-cameras' } as const;

const PATH = '/service/cameras/:id/streams/:streamId/motion/mask';

export async function motionMaskRoutes(app: FastifyInstance, deps: MotionMaskRoutesDeps): Promise<void> {
  await app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<TypeBoxTypeProvider>();
    // Any body that is not JSON or text arrives as bytes; what it is, is read from its first bytes.
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_MASK_BYTES }, (_request, body, done) => done(null, body));

    scope.put(PATH, { config: access, schema: { params: StreamParams } }, async (request): Promise<MotionMaskResponse> => {
      const body = Buffer.isBuffer(request.body) ? request.body : undefined;
      const { href } = await deps.masks.put(request.params.id, request.params.streamId, body);
      return { motionMask: { href } };
    });

    scope.get(
      PATH,
      { schema: { params: StreamParams, querystring: TicketQuery }, config: { ...access, ticket: { scope: 'motion-mask', param: 'streamId' } } },
      async (request, reply) => {
        const mask = deps.masks.get(request.params.id, request.params.streamId);
        return reply.type(mask.contentType).header('cache-control', 'no-store').send(mask.image);
      },
    );

    scope.delete(PATH, { config: access, schema: { params: StreamParams } }, async (request, reply) => {
      await deps.masks.delete(request.params.id, request.params.streamId);
      return reply.status(204).send();
    });
  });
}
