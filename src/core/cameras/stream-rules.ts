/**
 * The stream list's rules (spec 4, 5, 9) as pure functions: whether a
 * stream may be added or deleted, which actions need a running stream, and
 * when its status is read again.
 */
import type { Camera, Stream, StreamState } from '../../../server/shared/api';

/** Spec 9: a running stream is checked again after 60 s, any other after 2 s. */
export const STATUS_CHECK_RUNNING_MS = 60_000;
export const STATUS_CHECK_OTHER_MS = 2_000;
/** Spec 9: a restart is not offered again for 60 s unless the stream runs again. */
export const RESTART_DELAY_MS = 60_000;

export function nextStatusCheckMs(state: StreamState): number {
  return state === 'running' ? STATUS_CHECK_RUNNING_MS : STATUS_CHECK_OTHER_MS;
}

/** Spec 5: a camera has at most PossibleStreams streams. */
export function canAddStream(camera: Pick<Camera, 'streams' | 'capabilities'>): boolean {
  const possible = camera.capabilities?.camera?.PossibleStreams ?? 0;
  return camera.streams.length < possible;
}

/**
 * Spec 3/5: a stream whose configuration says Fixed 'true' cannot be
 * deleted. The recorder writes it at the configuration's top level; older
 * configurations kept it under General or Options, so those count too.
 */
export function isFixedStream(stream: Pick<Stream, 'configuration'>): boolean {
  const configuration = stream.configuration as { Fixed?: unknown; General?: { Fixed?: unknown }; Options?: { Fixed?: unknown } };
  return [configuration.Fixed, configuration.General?.Fixed, configuration.Options?.Fixed].some((flag) => flag === 'true' || flag === true);
}

/** Spec 4: previews, dewarp and masks need a running stream. */
export function needsRunning(state: StreamState): boolean {
  return state !== 'running';
}

/** Restart is offered unless one is under way and younger than the restart delay. */
export function canRestart(state: StreamState, lastRestartMs: number | null, nowMs: number): boolean {
  if (state !== 'restarting' || lastRestartMs === null) return true;
  return nowMs - lastRestartMs >= RESTART_DELAY_MS;
}

export function isPrimary(camera: Pick<Camera, 'primaryStream'>, stream: Pick<Stream, 'id'>): boolean {
  return camera.primaryStream?.id === stream.id;
}
