/**
 * Live video calls (spec 7): low-bandwidth stream sessions (create, read,
 * delete), the socket addresses for low-bandwidth pictures and WebRTC
 * signalling (browsers cannot set headers on a WebSocket, so the session
 * token goes in ?sid=), and stream picture URLs for <img> previews.
 */
import type { CreateLowBandwidthStreamRequest, CreateLowBandwidthStreamResponse, LowBandwidthStream } from '../../server/shared/api';
import { http } from './http';
import { CACHE_BUST_PARAM, withQuery } from './request-url';

function socketOrigin(): string {
  const { protocol, host } = globalThis.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}`;
}

export const liveApi = {
  createLowBandwidthStream: (request: CreateLowBandwidthStreamRequest) =>
    http.post<CreateLowBandwidthStreamResponse>('/service/low-bandwidth/streams', request),
  lowBandwidthStream: (id: string) => http.get<LowBandwidthStream>(`/service/low-bandwidth/streams/${encodeURIComponent(id)}`),
  deleteLowBandwidthStream: (id: string) => http.delete(`/service/low-bandwidth/streams/${encodeURIComponent(id)}`),

  lowBandwidthSocketUrl: (id: string, token: string) =>
    `${socketOrigin()}${withQuery(`/service/low-bandwidth/streams/${encodeURIComponent(id)}/ws`, { sid: token })}`,
  webRtcSocketUrl: (token: string) => `${socketOrigin()}${withQuery('/service/streams/webrtc', { sid: token })}`,

  /** A JPEG of the stream (live when timeMs is 0) for an <img>, which cannot send the bearer header. */
  frameUrl: (streamHref: string, size: { width: number; height: number }, token: string, nowMs: number, timeMs = 0) =>
    withQuery(`${streamHref}/frame`, {
      width: Math.round(size.width),
      height: Math.round(size.height),
      time: timeMs > 0 ? timeMs : undefined,
      sid: token,
      [CACHE_BUST_PARAM]: nowMs,
    }),
};
