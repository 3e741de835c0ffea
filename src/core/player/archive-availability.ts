/**
 * What the recorder holds at a time, for the player's error handling
 * (spec 4: a recoverable error restarts after 5 s when the archive at the
 * time is playable, counts down to the next archive, else shows 'no video'),
 * in the direction of play: forward the next archive is the first one
 * starting after the time, and playback resumes at its start minus 1500 ms
 * times the speed; backwards (negative speed) it is the last one ending
 * before the time, entered from its end, and the same formula with the
 * signed speed resumes 1500 ms of wall time before reaching it.
 *
 * Forward reads the first segment that ends at or after the time (GET
 * /service/archives?streamId&start&take=1 answers exactly that); backwards
 * the segments of a look-back window before it. Pure.
 */
import type { ArchiveAvailability } from './player-state';

/** Spec 4: playback resumes this long (wall time) before the next archive is reached. */
export const COUNTDOWN_RESUME_MS = 1_500;
/** How far back a reverse player looks for the archive before a gap (segments are about a minute). */
export const REVERSE_LOOKBACK_MS = 3_600_000;

export function availabilityAt(
  segments: ReadonlyArray<{ start: number; end: number }>,
  timeMs: number,
  speed = 1,
): ArchiveAvailability {
  if (segments.some((segment) => segment.start <= timeMs && segment.end >= timeMs)) return { kind: 'playable' };
  if (speed < 0) {
    const before = segments.filter((segment) => segment.end < timeMs).sort((a, b) => b.end - a.end)[0];
    return before ? { kind: 'later', startMs: before.end } : { kind: 'none' };
  }
  const next = segments.filter((segment) => segment.start > timeMs).sort((a, b) => a.start - b.start)[0];
  return next ? { kind: 'later', startMs: next.start } : { kind: 'none' };
}

/** Wall ms until playback at `speed` from `timeMs` reaches `edgeMs` (the next archive's near edge). */
export function countdownMs(edgeMs: number, timeMs: number, speed: number): number {
  const rate = Math.abs(speed) > 0 ? Math.abs(speed) : 1;
  return Math.max(0, Math.abs(edgeMs - timeMs) / rate);
}

/** Spec 4: where playback resumes before the next archive: its edge minus 1500 ms times the (signed) speed. */
export function resumeTimeMs(edgeMs: number, speed: number): number {
  return edgeMs - COUNTDOWN_RESUME_MS * (speed === 0 ? 1 : speed);
}
