/**
 * The pure rules around a low-bandwidth session (spec 4, 7, 8, 9), shared
 * by the main-thread session pool and the tests:
 * - the picture size asked of the recorder: the tile's device-pixel width
 *   rounded up to a few 16:9 steps, so tiles of about the same size share
 *   one recorder session and small resizes do not restart it;
 * - the sharing key: live sessions of the same stream, size and rate serve
 *   any number of sockets (the recorder hands each socket its own pull);
 *   sessions from a past time are never shared;
 * - waiting for a created session: poll every 200 ms until 'ready' or
 *   'failed';
 * - what each failure means to the player (catalogue code, recoverable).
 *
 * Cost: none per frame. Limits: the steps assume 16:9 cameras; the recorder
 * fits other shapes inside the box, so they come out smaller, not distorted.
 */
import type { LowBandwidthStatus } from '../../server/shared/api';
import type { PlayerFailure } from './player/player-errors';
import { playerErrorCode } from './player/playback-errors';
import type { Timers } from '../../workers/core/browser-timers';

export const LOW_BANDWIDTH_POLL_MS = 200;
/** Widths the recorder is asked for; heights are 9/16 of them. */
export const LOW_BANDWIDTH_WIDTH_STEPS = [160, 240, 320, 480, 640, 960, 1280, 1920] as const;

export const LOW_BANDWIDTH_ERROR = {
  failedToCreate: 'failedToCreateLowBandwidthStream',
  failedToGet: 'failedToGetLowBandwidthStream',
  failedToStart: 'lowBandwidthStreamFailedToStart',
  errorRenderingImage: 'errorRenderingImage',
  socketClosed: 'webSocketClosed',
} as const;

export interface PictureSize {
  width: number;
  height: number;
}

/** The picture size for a tile of cssWidth x cssHeight at a pixel ratio. */
export function lowBandwidthResolution(cssWidth: number, cssHeight: number, pixelRatio: number): PictureSize {
  const ratio = pixelRatio > 0 && Number.isFinite(pixelRatio) ? pixelRatio : 1;
  // The box must cover the tile both ways: a tall tile needs the width its height implies at 16:9.
  const needed = Math.max(cssWidth * ratio, ((cssHeight * ratio) * 16) / 9, 1);
  const width: number = LOW_BANDWIDTH_WIDTH_STEPS.find((step) => step >= needed) ?? 1920;
  return { width, height: Math.round((width * 9) / 16 / 2) * 2 };
}

export interface SessionRequest {
  streamId: string;
  /** The stream's server (its camera's orchidId; multi-server mode asks it through the aggregator). */
  server?: string;
  resolution: PictureSize;
  /** Epoch ms; 0 for live. */
  startTime: number;
  /** Pictures a second. */
  rate: number;
  /** Playback speed (capture time per wall time); negative plays backwards. Absent: 1. */
  speed?: number;
}

/** The key under which a session may be shared, or null when it must not be. */
export function sessionShareKey(request: SessionRequest): string | null {
  // Only live at 1x is shared: a playback (or rewinding from now) is one tile's own.
  if (request.startTime !== 0 || (request.speed ?? 1) !== 1) return null;
  return `${request.server ?? ''}|${request.streamId}|${request.resolution.width}x${request.resolution.height}|${request.rate}`;
}

export class LowBandwidthFailure extends Error {
  constructor(readonly failure: PlayerFailure) {
    super(failure.message ?? failure.code);
    this.name = 'LowBandwidthFailure';
  }
}

/**
 * Polls a created session every 200 ms until it is ready. Rejects with a
 * LowBandwidthFailure when it failed or cannot be read, or with an
 * AbortError when `signal` aborts.
 */
export function waitUntilReady(
  describe: () => Promise<{ status: LowBandwidthStatus; description: string }>,
  timers: Timers,
  signal?: AbortSignal,
  pollMs = LOW_BANDWIDTH_POLL_MS,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let timer: unknown;
    const onAbort = () => {
      if (timer !== undefined) timers.clearTimeout(timer);
      reject(new DOMException('The wait was cancelled', 'AbortError'));
    };
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const finish = (error?: Error) => {
      signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve();
    };
    const poll = () => {
      timer = undefined;
      describe().then(
        (state) => {
          if (signal?.aborted) return;
          if (state.status === 'ready') return finish();
          if (state.status === 'failed') {
            return finish(new LowBandwidthFailure({ code: LOW_BANDWIDTH_ERROR.failedToStart, recoverable: true, message: state.description }));
          }
          timer = timers.setTimeout(poll, pollMs);
        },
        (error: unknown) => {
          if (signal?.aborted) return;
          finish(new LowBandwidthFailure(readFailure(error, LOW_BANDWIDTH_ERROR.failedToGet)));
        },
      );
    };
    poll();
  });
}

/**
 * A failed REST call as a player failure: 403/404 mean no access or no
 * stream (ban icon, not retried). The recorder's own code, when it gave one,
 * names the failure (core/player/playback-errors.ts), else `code` does; the
 * HTTP status goes with it. `live` says whether live video was asked.
 */
export function readFailure(error: unknown, code: string, live = true): PlayerFailure {
  const field = (name: string): unknown => (typeof error === 'object' && error !== null && name in error ? (error as Record<string, unknown>)[name] : null);
  const status = typeof field('status') === 'number' || typeof field('status') === 'string' ? Number(field('status')) : -1;
  const reason = field('reason');
  const recorderCode = field('code');
  const message = typeof reason === 'string' && reason !== '' ? reason : error instanceof Error ? error.message : code;
  const notAvailable = status === 403 || status === 404;
  return {
    code: playerErrorCode(typeof recorderCode === 'string' ? recorderCode : null, { live, fallback: code }),
    recoverable: !notAvailable,
    notAvailable,
    message: status > 0 ? `${message} (${status})` : message,
    ...(status > 0 ? { status } : {}),
  };
}

/** What a closed picture socket means: every close is worth a retry (the session is created anew). */
export function failureForClose(code: number, reason: string): PlayerFailure {
  if (code === 1011) return { code: LOW_BANDWIDTH_ERROR.failedToStart, recoverable: true, message: reason || 'The stream failed.' };
  if (code === 4404) return { code: LOW_BANDWIDTH_ERROR.failedToGet, recoverable: true, message: reason || 'The stream is gone.' };
  return { code: LOW_BANDWIDTH_ERROR.socketClosed, recoverable: true, message: reason || `The picture socket closed (${code}).` };
}
