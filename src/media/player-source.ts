/**
 * What the stage player needs from a video source (low bandwidth or WebRTC),
 * and the figures a source reports for the tile's statistics. Reports come
 * back through callbacks with the play token the state machine gave, so a
 * late answer of a replaced source is recognised and dropped there.
 */
import type { PlayerFailure, PlayRequest } from '../core/player';

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
  stalls: number;
  packetLoss: number | null;
}

export interface PlayerSource {
  start(request: PlayRequest, callbacks: SourceCallbacks): void;
  stop(): void;
  /** Hidden tiles stop pulling pictures (low bandwidth) or pause the element. */
  setHidden(hidden: boolean): void;
  /** Whether frames go to the stage compositor (digital zoom, dewarp) instead of the tile's own surface. */
  setShader(on: boolean): void;
  stats(): Promise<SourceStats | null>;
  /** The tile's size settled after a change (pictures may be drawn at the new size). */
  resized?(): void;
  /** Whether the tile's size changed enough that this source should start again (a bigger picture). */
  outgrown?(): boolean;
  destroy(): void;
}
