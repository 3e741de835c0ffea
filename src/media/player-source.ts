/**
 * What the stage player needs from a video source (low bandwidth or WebRTC),
 * and the figures a source reports for the tile's statistics. Reports come
 * back through callbacks with the play token the state machine gave, so a
 * late answer of a replaced source is recognised and dropped there.
 */
import type { PlayerFailure, PlayRequest, StatsEntry } from '../core/player';

export interface SourceCallbacks {
  playing(): void;
  failed(failure: PlayerFailure): void;
  /** The network is too slow for this source (stalled pictures, packet loss). */
  slow(on: boolean): void;
}

export interface SourceStats {
  framesPerSecond: number | null;
  framesDrawn: number;
  width: number | null;
  height: number | null;
  bytesReceived: number;
  /** Over the last reading's interval (about a second); null before there are two readings. */
  bitRateBps: number | null;
  stalls: number;
  /** Share of packets lost over the last second (WebRTC); null for low bandwidth (TCP loses nothing). */
  packetLoss: number | null;
  /** Pictures that could not be decoded since the source started. */
  decodeErrors: number;
  /** WebRTC: the report's ICE entries, the candidate pair's source (core/player/ice-candidate-pair.ts); null for low bandwidth. */
  iceStats: readonly StatsEntry[] | null;
  /** The camera's sound as received (WebRTC from a camera with sound); absent or null otherwise. */
  audio?: SourceAudioStats | null;
}

/** What a tile's sound receiver counted (RTCInboundRtpStreamStats of kind audio). */
export interface SourceAudioStats {
  packetsReceived: number;
  bytesReceived: number;
  /** Sum of the squared levels of the samples played out so far (0 while nothing was played). */
  totalAudioEnergy: number;
}

export interface PlayerSource {
  start(request: PlayRequest, callbacks: SourceCallbacks): void;
  stop(): void;
  /** Hidden tiles stop pulling pictures (low bandwidth) or pause the element. */
  setHidden(hidden: boolean): void;
  /** Whether frames go to the stage compositor (digital zoom, dewarp) instead of the tile's own surface. */
  setShader(on: boolean): void;
  /** The tile's volume, 0 to 1 (0: muted); sources without sound ignore it. */
  setVolume?(volume: number): void;
  stats(): Promise<SourceStats | null>;
  /** The tile's size settled after a change (pictures may be drawn at the new size). */
  resized?(): void;
  /** Whether the tile's size changed enough that this source should start again (a bigger picture). */
  outgrown?(): boolean;
  destroy(): void;
}
