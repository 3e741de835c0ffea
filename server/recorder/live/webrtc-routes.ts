/**
 * WebRTC signalling socket (spec 7): /service/streams/webrtc?ticket=<ticket>.
 * Browsers cannot put headers on a WebSocket upgrade, hence a ticket
 * (POST /service/tickets) rather than the session token in the URL.
 * Messages are handled strictly in arrival order (an answer must not
 * overtake its create); each socket owns one WebRtcSession, ended with it.
 */
import type { FastifyInstance } from 'fastify';
import { can } from '../../shared/roles';
import type { FeedDeps } from './feed-opener';
import { WebRtcSession } from './webrtc-session';
import { sessionOf } from '../../common/http/auth';

/** Text frames larger than this are refused by the socket (an SDP answer is a few KB). */
const MAX_MESSAGE_BYTES = 64 * 1024;

export interface WebRtcRoutesDeps extends FeedDeps {
  iceAdditionalHostAddresses: string[];
}

export async function webRtcRoutes(app: FastifyInstance, deps: WebRtcRoutesDeps): Promise<void> {
  app.get('/service/streams/webrtc', { websocket: true, config: { access: 'live', ticket: { scope: 'webrtc' } } }, (socket, request) => {
    const user = sessionOf(request).user;
    const session = new WebRtcSession(
      {
        ...deps,
        can: (ability) => can(user.role, ability),
        log: (message, detail) => request.log.info({ ...detail, userId: user.id }, message),
      },
      (text) => {
        if (socket.readyState === socket.OPEN) socket.send(text);
      },
    );
    let queue = Promise.resolve();
    socket.on('message', (data, isBinary) => {
      const text = isBinary || (data as Buffer).length > MAX_MESSAGE_BYTES ? '' : String(data);
      queue = queue.then(() => session.handle(text));
    });
    socket.on('close', () => session.close());
    socket.on('error', () => session.close());
  });
}
