/** Live and recorded video: WebRTC signalling and low-bandwidth streams (spec 7). */

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

export interface CreateLowBandwidthStreamRequest {
  streamId: string;
  resolution: { width: number; height: number };
  /** Epoch ms; 0 for live. */
  startTime: number;
  /** Frames per second. */
  rate: number;
  waitThres?: number;
  transport: 'websocket-base64';
}

export interface CreateLowBandwidthStreamResponse {
  id: string;
}

export type LowBandwidthStatus = 'starting' | 'ready' | 'failed';

/** GET /service/low-bandwidth/streams/{id}; the client polls until ready or failed (spec 4). */
export interface LowBandwidthStream {
  id: string;
  state: { status: LowBandwidthStatus; description: string };
}
