/**
 * What the recorder holds at a time, for the player's error handling
 * (spec 4: a recoverable error restarts after 5 s when the archive at the
 * time is playable, counts down to a later archive, else shows 'no video').
 * Read from the first segment that ends at or after the time
 * (GET /service/archives?streamId&start&take=1 answers exactly that).
 */
import type { ArchiveAvailability } from './player-state';

export function availabilityAt(segments: ReadonlyArray<{ start: number; end: number }>, timeMs: number): ArchiveAvailability {
  const next = segments.find((segment) => segment.end >= timeMs);
  if (!next) return { kind: 'none' };
  return next.start <= timeMs ? { kind: 'playable' } : { kind: 'later', startMs: next.start };
}
