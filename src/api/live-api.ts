/**
 * Live video calls (spec 7): low-bandwidth stream sessions (create, read,
 * delete), the socket addresses for low-bandwidth pictures and WebRTC
 * signalling (browsers cannot set headers on a WebSocket, and a session
 * token must never sit in a URL, so each address carries a single-use ticket
 * asked for just before the socket opens), and stream pictures, fetched as Blobs through the
 * images queue (spec 7: at most 3 at once, dropped on a location change).
 */
import type {
  Archive,
  ArchivesResponse,
  CreateLowBandwidthStreamRequest,
  CreateLowBandwidthStreamResponse,
  LowBandwidthStream,
  TicketRequest,
  TicketResponse,
} from '../../server/shared/api';
import { http } from './http';

/** The recorder's header with a stepped frame's capture time (server/shared/api/live.ts FRAME_TIME_HEADER). */
const FRAME_TIME_HEADER = 'x-frame-time';
import { withQuery } from './request-url';
import { socketAddress } from './server-scope';

async function ticket(request: TicketRequest, server: string | undefined): Promise<string> {
  return (await http.post<TicketResponse>('/service/tickets', request, { server })).ticket;
}

/**
 * Every call takes the camera's server (its orchidId): in multi-server mode
 * the call goes there through the aggregator's proxy (server-scope.ts), the
 * ticket too, as the camera's recorder is the one that checks it.
 */
export const liveApi = {
  createLowBandwidthStream: (request: CreateLowBandwidthStreamRequest, server?: string) =>
    http.post<CreateLowBandwidthStreamResponse>('/service/low-bandwidth/streams', request, { server }),
  lowBandwidthStream: (id: string, server?: string) => http.get<LowBandwidthStream>(`/service/low-bandwidth/streams/${encodeURIComponent(id)}`, { server }),
  deleteLowBandwidthStream: (id: string, server?: string) => http.delete(`/service/low-bandwidth/streams/${encodeURIComponent(id)}`, { server }),

  /** The picture socket of a low-bandwidth session, with a fresh single-use ticket. */
  lowBandwidthSocketUrl: async (id: string, server?: string) =>
    withQuery(socketAddress(`/service/low-bandwidth/streams/${encodeURIComponent(id)}/ws`, server), {
      ticket: await ticket({ scope: 'low-bandwidth', resource: id }, server),
    }),
  /** The WebRTC signalling socket, with a fresh single-use ticket. */
  webRtcSocketUrl: async (server?: string) => withQuery(socketAddress('/service/streams/webrtc', server), { ticket: await ticket({ scope: 'webrtc' }, server) }),

  /** The first `take` segments of a stream that end at or after `startMs`, through the archives queue (spec 7: 2 at once). */
  archivesFrom: async (streamId: string, startMs: number, take = 1, server?: string): Promise<Archive[]> =>
    (await http.get<ArchivesResponse>('/service/archives', { queue: 'archives', server, query: { streamId, start: Math.max(0, Math.floor(startMs)), take } }))
      .data.archives,

  /**
   * A JPEG of the stream (live when timeMs is 0) through the images queue,
   * with the bearer header like every same-host call. Rejects with an
   * HttpError, or a QueueResetError when a location change dropped it
   * before it started; aborting `signal` drops it if it has not started.
   */
  framePicture: (
    streamHref: string,
    size: { width: number; height: number },
    options: { timeMs?: number; signal?: AbortSignal; server?: string } = {},
  ) =>
    http.getBlob(`${streamHref}/frame`, {
      queue: 'images',
      signal: options.signal,
      server: options.server,
      query: {
        width: Math.round(size.width),
        height: Math.round(size.height),
        time: options.timeMs !== undefined && options.timeMs > 0 ? options.timeMs : undefined,
      },
    }),

  /**
   * A camera's live picture through the aggregator (its own call, never sent
   * on to the server), asked of the camera's recorder as this user; `crop`
   * covers the size exactly. Through the images queue like any picture.
   */
  cameraPreview: (orchidId: string, cameraId: string, size: { width: number; height: number; crop: boolean }, options: { signal?: AbortSignal } = {}) =>
    http.getBlob(`/service/orchids/${encodeURIComponent(orchidId)}/cameras/${encodeURIComponent(cameraId)}/preview`, {
      queue: 'images',
      signal: options.signal,
      query: { width: size.width, height: size.height, crop: size.crop },
    }),

  /**
   * The recorded frame one step (-1 back, 1 forward) from the one at
   * `timeMs`, and its exact capture time (the recorder's X-Frame-Time), for
   * frame stepping while paused. Through the images queue like any picture.
   */
  steppedFrame: async (
    streamHref: string,
    size: { width: number; height: number },
    timeMs: number,
    step: -1 | 1,
    server?: string,
  ): Promise<{ blob: Blob; timeMs: number }> => {
    let frameTimeMs = Number.NaN;
    const blob = await http.getBlob(`${streamHref}/frame`, {
      queue: 'images',
      server,
      query: { width: Math.round(size.width), height: Math.round(size.height), time: Math.round(timeMs), step },
      onHeaders: (headers) => (frameTimeMs = Number(headers.get(FRAME_TIME_HEADER))),
    });
    return { blob, timeMs: frameTimeMs };
  },
};
