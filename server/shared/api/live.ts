/**
 * Live and recorded video: WebRTC signalling, low-bandwidth streams and
 * stream pictures (spec 7). The request shapes of the HTTP routes are
 * TypeBox schemas: the recorder's routes validate with them and the request
 * types are derived from them. The WebRTC messages travel on a socket and
 * are checked by the recorder's signalling code, so they stay plain types.
 */
import { Type, type Static } from 'typebox';
import { LOW_BANDWIDTH_MAX_RATE, MAX_JPEG_HEIGHT, MAX_JPEG_WIDTH } from '../validation';

/** Fastest playback speed either way (spec 9 speed steps). */
export const MAX_PLAYBACK_SPEED = 64;
/** Pictures a second of a low-bandwidth stream when the request names no rate. */
export const LOW_BANDWIDTH_DEFAULT_RATE = 10;

/** Correlates a reply with the client message it answers; the client chooses it. */
export type MessageId = string | number;

/** An ICE candidate as RTCIceCandidate#toJSON gives it. */
export interface IceCandidateInit {
  candidate: string;
  sdpMid?: string | null;
  sdpMLineIndex?: number | null;
  usernameFragment?: string | null;
}

/**
 * Client to server on /service/streams/webrtc. `time` is epoch ms, 0 for live;
 * `rate` the playback speed; `waitThres` how long (ms) the client waits for
 * video, also the largest archive gap the server bridges.
 */
export type WebRtcClientMessage =
  | { type: 'create'; streamId: string; time: number; rate: number; waitThres: number; messageId: MessageId }
  | { type: 'answer'; sdp: string; messageId: MessageId }
  | { type: 'ice_candidate'; candidate: IceCandidateInit; messageId: MessageId };

/** Server to client on /service/streams/webrtc; messageId echoes the message it answers (null when unreadable). */
export type WebRtcServerMessage =
  | { type: 'offer'; sdp: string; messageId: MessageId }
  | { type: 'ice_candidate'; candidate: IceCandidateInit; messageId: MessageId }
  | { type: 'error'; code: string; reason: string; messageId: MessageId | null }
  | { type: 'incompatible'; reason: string; messageId: MessageId | null };

/**
 * POST /service/low-bandwidth/streams. `startTime` is epoch ms, 0 (the
 * default) for live; `rate` pictures a second; `waitThres` how long (ms) to
 * wait for video, also the largest archive gap bridged; `speed` the
 * playback speed of a recording (non-zero, -64..64; negative plays it
 * backwards from `startTime`, or from now when that is 0), which is not
 * `rate`: rate is pictures a second shown, speed how fast capture time runs.
 * The route fills in the defaults.
 */
export const CreateLowBandwidthStreamBody = Type.Object(
  {
    streamId: Type.String({ minLength: 1, maxLength: 256 }),
    resolution: Type.Object(
      {
        width: Type.Integer({ minimum: 16, maximum: MAX_JPEG_WIDTH }),
        height: Type.Integer({ minimum: 16, maximum: MAX_JPEG_HEIGHT }),
      },
      { additionalProperties: false },
    ),
    startTime: Type.Optional(Type.Number({ minimum: 0, default: 0 })),
    rate: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: LOW_BANDWIDTH_MAX_RATE, default: LOW_BANDWIDTH_DEFAULT_RATE })),
    waitThres: Type.Optional(Type.Number({ minimum: 0, maximum: 128_000 })),
    speed: Type.Optional(Type.Number({ minimum: -MAX_PLAYBACK_SPEED, maximum: MAX_PLAYBACK_SPEED, not: Type.Literal(0), default: 1 })),
    transport: Type.Enum(['websocket-base64'], { type: 'string' }),
  },
  { additionalProperties: false },
);
export type CreateLowBandwidthStreamRequest = Static<typeof CreateLowBandwidthStreamBody>;

export interface CreateLowBandwidthStreamResponse {
  id: string;
}

export type LowBandwidthStatus = 'starting' | 'ready' | 'failed';

/**
 * GET /service/streams/{id}/frame: a JPEG, live (time absent or 0) or at a
 * past time (epoch ms), fitted into width x height, or with `crop` covering
 * width x height exactly, cut in the centre (both sides then required; each
 * rounded down to even pixels, as every picture is). With `step` (-1 or 1,
 * and a past time) it is the neighbouring recorded frame instead, and the
 * response's FRAME_TIME_HEADER holds that frame's time. `cb` is the client's
 * cache buster (ignored); `ticket` opens it for an <img>.
 */
export const FrameQuery = Type.Object({
  time: Type.Optional(Type.Number({ minimum: 0 })),
  width: Type.Optional(Type.Integer({ minimum: 0, maximum: 16384 })),
  height: Type.Optional(Type.Integer({ minimum: 0, maximum: 16384 })),
  fallback: Type.Optional(Type.Boolean()),
  crop: Type.Optional(Type.Boolean()),
  /** -1 or 1: the recorded frame before or after the one at `time` (frame stepping); its time comes back in X-Frame-Time. */
  step: Type.Optional(Type.Integer({ minimum: -1, maximum: 1 })),
  cb: Type.Optional(Type.String({ maxLength: 64 })),
  ticket: Type.Optional(Type.String({ maxLength: 128 })),
});
export type FrameQuery = Static<typeof FrameQuery>;

/** Response header of a stepped frame: the frame's capture time, epoch ms. */
export const FRAME_TIME_HEADER = 'x-frame-time';

/** GET /service/low-bandwidth/streams/{id}; the client polls until ready or failed (spec 4). */
export interface LowBandwidthStream {
  id: string;
  state: { status: LowBandwidthStatus; description: string };
}
