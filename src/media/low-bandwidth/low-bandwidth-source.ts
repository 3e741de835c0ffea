/**
 * A tile's low-bandwidth source: takes a shared recorder session from the
 * pool, then has the tile's media worker pull pictures from its socket into
 * the tile's canvas (or the compositor). The picture size follows the
 * tile's size (rounded to steps, see src/core/low-bandwidth-session.ts); a
 * change of step takes effect on the next start.
 *
 * Failures: the session not created, not ready or its socket closed are
 * recoverable (the state machine restarts after 5 s); a stall beyond the
 * wait threshold is reported as a slow network, not as a failure, and so is
 * a picture that could not be decoded (spec 9: undecodable frames raise the
 * bandwidth warning; it hides 2 s after the last one unless a stall holds it).
 */
import { proxy } from 'comlink';
import type { ChannelEvent } from '../../../workers/core/low-bandwidth-player';
import {
  LowBandwidthFailure,
  failureForClose,
  lowBandwidthResolution,
  type PictureSize,
} from '../../core/low-bandwidth-session';
import { PLAYER_ERROR, bitRateBps, type PlayRequest } from '../../core/player';
import type { PlayerSource, SourceCallbacks, SourceStats } from '../player-source';
import type { LowBandwidthSessionPool, SessionLease } from './session-pool';
import type { MediaWorker } from '../stage-worker-pool';
import { LOW_BANDWIDTH_MAX_RATE } from '../../../server/shared/validation';

export const LOW_BANDWIDTH_RATE_FPS = 10;

/** Pictures a second asked of the recorder: more when playing faster, never past what it serves. */
export function lowBandwidthRate(rateFps: number, speed: number): number {
  return Math.min(LOW_BANDWIDTH_MAX_RATE, rateFps * Math.max(1, Math.abs(speed)));
}

export interface LowBandwidthSourceOptions {
  tileId: string;
  streamId: string;
  /** The stream's server (its camera's orchidId). */
  server?: string;
  worker: MediaWorker;
  sessions: LowBandwidthSessionPool;
  /** The session's picture socket address with a fresh ticket; null when signed out. */
  socketUrl: (sessionId: string) => Promise<string | null>;
  rateFps?: number;
  size: () => { width: number; height: number; pixelRatio: number };
}

export class LowBandwidthSource implements PlayerSource {
  private lease: SessionLease | null = null;
  private generation = 0;
  private hidden = false;
  private resolution: PictureSize | null = null;
  private lastStats = { framesDrawn: 0, bytes: 0, atMs: 0 };

  constructor(private readonly options: LowBandwidthSourceOptions) {}

  start(request: PlayRequest, callbacks: SourceCallbacks): void {
    this.stop();
    const generation = ++this.generation;
    const { width, height, pixelRatio } = this.options.size();
    const resolution = lowBandwidthResolution(width, height, pixelRatio);
    this.resized();
    this.resolution = resolution;
    const rate = this.options.rateFps ?? LOW_BANDWIDTH_RATE_FPS;
    this.options.sessions
      .acquire({
        streamId: this.options.streamId,
        ...(this.options.server ? { server: this.options.server } : {}),
        resolution,
        startTime: request.timeMs,
        rate: lowBandwidthRate(rate, request.speed),
        ...(request.speed !== 1 ? { speed: request.speed } : {}),
      })
      .then((lease) => {
          if (generation !== this.generation) return lease.release();
          this.lease = lease;
          return this.options.socketUrl(lease.id).then((url) => {
            if (generation !== this.generation) return;
            if (!url) return callbacks.failed({ code: PLAYER_ERROR.noSessionExistsFor, recoverable: false, notAvailable: true });
            this.play(generation, url, lease, callbacks);
          });
        })
      // A failed session create, or a failed ticket for its socket: both recoverable unless the recorder said otherwise.
      .catch((error: unknown) => {
        if (generation !== this.generation) return;
        callbacks.failed(
          error instanceof LowBandwidthFailure ? error.failure : { code: 'failedToCreateLowBandwidthStream', recoverable: true, message: String(error) },
        );
      });
  }

  /** Opens the picture socket of a leased session in the tile's worker and reports what it does. */
  private play(generation: number, url: string, lease: SessionLease, callbacks: SourceCallbacks): void {
    let stalled = false;
    const onEvent = (event: ChannelEvent) => {
      if (generation !== this.generation) return;
      if (event.type === 'playing') callbacks.playing();
      else if (event.type === 'stalled') {
        stalled = true;
        callbacks.slow(true);
      } else if (event.type === 'resumed') {
        stalled = false;
        callbacks.slow(false);
      } else if (event.type === 'decode-error') {
        callbacks.slow(true);
        // Shown, then hidden 2 s after the last undecodable picture (the player's delay), unless a stall still holds it.
        if (!stalled) callbacks.slow(false);
      } else if (event.type === 'closed') {
        lease.invalidate();
        callbacks.failed(failureForClose(event.code, event.reason));
      }
    };
    void this.options.worker.play(this.options.tileId, url, proxy(onEvent)).then(() => {
      if (this.hidden && generation === this.generation) void this.options.worker.pause(this.options.tileId);
    });
  }

  stop(): void {
    this.generation++;
    void this.options.worker.stop(this.options.tileId);
    this.lease?.release();
    this.lease = null;
  }

  setHidden(hidden: boolean): void {
    if (hidden === this.hidden) return;
    this.hidden = hidden;
    void (hidden ? this.options.worker.pause(this.options.tileId) : this.options.worker.resume(this.options.tileId));
  }

  setShader(on: boolean): void {
    void this.options.worker.setRoute(this.options.tileId, on ? 'compositor' : 'bitmap');
  }

  /** Pictures are drawn at the tile's device size from the next one on. */
  resized(): void {
    const { width, height, pixelRatio } = this.options.size();
    void this.options.worker.setDrawSize(this.options.tileId, { width: width * pixelRatio, height: height * pixelRatio });
  }

  /** The tile now needs another picture size step than the one playing. */
  outgrown(): boolean {
    if (!this.resolution || !this.lease) return false;
    const { width, height, pixelRatio } = this.options.size();
    return lowBandwidthResolution(width, height, pixelRatio).width !== this.resolution.width;
  }

  async stats(): Promise<SourceStats | null> {
    const all = await this.options.worker.stats();
    const stats = all.tiles[this.options.tileId];
    if (!stats) return null;
    const nowMs = Date.now();
    const elapsed = nowMs - this.lastStats.atMs;
    const previous = this.lastStats.atMs > 0 ? this.lastStats : null;
    const fps = previous && elapsed > 0 ? ((stats.framesDrawn - previous.framesDrawn) * 1000) / elapsed : null;
    // Pictures arrive as base64: three bytes of picture per four received.
    const bytes = Math.round((stats.bytesReceived * 3) / 4);
    this.lastStats = { framesDrawn: stats.framesDrawn, bytes, atMs: nowMs };
    return {
      framesPerSecond: fps === null ? null : Math.max(0, fps),
      framesDrawn: stats.framesDrawn,
      width: this.resolution?.width ?? null,
      height: this.resolution?.height ?? null,
      bytesReceived: bytes,
      bitRateBps: bitRateBps(previous, { bytes, atMs: nowMs }),
      stalls: stats.stalls,
      packetLoss: null,
      decodeErrors: stats.decodeErrors,
      iceStats: null,
    };
  }

  destroy(): void {
    this.stop();
  }
}
