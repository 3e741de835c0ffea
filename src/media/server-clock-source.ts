/**
 * A player source on its server's clock: the tile's timeline speaks this
 * page's time, the recorder its own (spec 7 times "adjusted by server time
 * offset"; in multi-server mode each camera's server differs). The wrapper
 * turns the time of each play request into the server's as it is sent
 * (live, time 0, stays live); and `segmentsOnPageClock` turns recorded spans
 * back, for the player's archive checks. The offset is read at each start,
 * so a restart after the offset changed (spec 9) asks the new server time.
 *
 * Cost: one addition per start. Pure apart from delegating.
 */
import type { PlayRequest } from '../core/player';
import { toPageTime, toServerTime } from '../core/clock/server-clock-offsets';
import type { PlayerSource } from './player-source';

/** The request as the server's clock reads it (`serverMinusPageMs`); live stays live. */
export function serverPlayRequest(request: PlayRequest, serverMinusPageMs: number): PlayRequest {
  return request.timeMs === 0 ? request : { ...request, timeMs: toServerTime(request.timeMs, serverMinusPageMs) };
}

/** Recorded spans of the server, on this page's clock. */
export function segmentsOnPageClock(segments: ReadonlyArray<{ start: number; end: number }>, serverMinusPageMs: number): Array<{ start: number; end: number }> {
  return segments.map((segment) => ({ start: toPageTime(segment.start, serverMinusPageMs), end: toPageTime(segment.end, serverMinusPageMs) }));
}

/** `source` with each start's time moved to its server's clock. */
export function sourceOnServerClock(source: PlayerSource, serverMinusPageMs: () => number): PlayerSource {
  return {
    start: (request, callbacks) => source.start(serverPlayRequest(request, serverMinusPageMs()), callbacks),
    stop: () => source.stop(),
    setHidden: (hidden) => source.setHidden(hidden),
    setShader: (on) => source.setShader(on),
    setVolume: (volume) => source.setVolume?.(volume),
    stats: () => source.stats(),
    resized: () => source.resized?.(),
    outgrown: () => source.outgrown?.() ?? false,
    destroy: () => source.destroy(),
  };
}
