/**
 * Low-bandwidth streams (spec 7): POST/GET/DELETE
 * /service/low-bandwidth/streams[/{id}] and the pull socket
 * /service/low-bandwidth/streams/{id}/ws?ticket=<ticket>, where each
 * 'requestFrame' (JSON { type: 'requestFrame' } or the bare text) is
 * answered by one base64 JPEG text frame. A session belongs to the user who
 * created it. When the session ends the socket closes: 1000 when deleted or
 * idle, 1011 with the failure description when it failed.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { CreateLowBandwidthStreamResponse, LowBandwidthStream } from '../../shared/api';
import { CreateLowBandwidthStreamBody } from '../../shared/api/live';
import { IdParams } from '../../shared/api/params';
import { can } from '../../shared/roles';
import { ApiError } from '../../common/api-error';
import type { LowBandwidthStreams } from './low-bandwidth-streams';
import { sessionOf } from '../../common/http/auth';

function isRequestFrame(text: string): boolean {
  if (text === 'requestFrame') return true;
  try {
    const value = JSON.parse(text) as { type?: unknown } | null;
    return typeof value === 'object' && value !== null && value.type === 'requestFrame';
  } catch {
    return false;
  }
}

export async function lowBandwidthRoutes(fastify: FastifyInstance, deps: { lowBandwidth: LowBandwidthStreams }): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const streams = deps.lowBandwidth;

  app.post(
    '/service/low-bandwidth/streams',
    { config: { access: 'live' }, schema: { body: CreateLowBandwidthStreamBody } },
    async (request, reply): Promise<CreateLowBandwidthStreamResponse> => {
      const user = sessionOf(request).user;
      const created = streams.create({ userId: user.id, can: (ability) => can(user.role, ability) }, request.body);
      void reply.status(201);
      return created;
    },
  );

  app.get(
    '/service/low-bandwidth/streams/:id',
    { config: { access: 'live' }, schema: { params: IdParams } },
    async (request): Promise<LowBandwidthStream> => streams.describe(request.params.id, sessionOf(request).user.id),
  );

  app.delete(
    '/service/low-bandwidth/streams/:id',
    { config: { access: 'live' }, schema: { params: IdParams } },
    async (request, reply) => {
      streams.delete(request.params.id, sessionOf(request).user.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/service/low-bandwidth/streams/:id/ws',
    { websocket: true, config: { access: 'live', ticket: { scope: 'low-bandwidth', param: 'id' } }, schema: { params: IdParams } },
    (socket, request) => {
      let session;
      try {
        session = streams.session(request.params.id, sessionOf(request).user.id);
      } catch (error) {
        socket.close(4404, error instanceof ApiError ? error.reason : 'No such low-bandwidth stream.');
        return;
      }
      const attached = session.attach({
        send: (base64) => {
          if (socket.readyState === socket.OPEN) socket.send(base64);
        },
        // Close reasons are limited to 123 bytes by the protocol.
        close: (failed, reason) => socket.close(failed ? 1011 : 1000, Buffer.from(reason).subarray(0, 120).toString()),
      });
      socket.on('message', (data, isBinary) => {
        if (!isBinary && isRequestFrame(String(data))) attached.requestFrame();
      });
      socket.on('close', () => attached.detach());
    },
  );
}
