/**
 * System status's active stream table as pure rules (spec 3 "Active stream
 * status", spec 9): when each stream's status is read again, whether its last
 * archive is an issue, and how old that archive reads. The table re-renders
 * every second, so age and issue are worked out here from the archive's time
 * and the clock, not taken from the moment the recorder answered.
 */
import { formatDistanceStrict } from 'date-fns';
import type { StreamState } from '../../../server/shared/api';
import { nextStatusCheckMs } from '../cameras/stream-rules';

/** Spec 9: the table's humanized times and issue flags refresh every second. */
export const STATUS_REFRESH_MS = 1_000;
/** Spec 7: the list of live streams' statuses is read again this often (streams added or removed elsewhere appear). */
export const LIVE_STATUS_POLL_MS = 5_000;
/** Spec 9: a last archive older than this is an issue. */
export const LAST_ARCHIVE_ISSUE_MS = 120_000;

/** When a stream's status is read next: 60 s after the last read when it ran, else 2 s (spec 9). */
export function nextCheckAt(lastCheckMs: number, state: StreamState): number {
  return lastCheckMs + nextStatusCheckMs(state);
}

/** The streams whose next check is due at `nowMs`, in the schedule's order. */
export function dueChecks(schedule: ReadonlyMap<string, number>, nowMs: number): string[] {
  return [...schedule].filter(([, dueMs]) => dueMs <= nowMs).map(([streamId]) => streamId);
}

/**
 * Folds a fresh list of live statuses into the check schedule: a stream seen
 * for the first time is checked on its state's schedule from `nowMs`, one that
 * left the list leaves the schedule, and the others keep their own due time
 * (the list's answer is as fresh as a check, so the table shows it). Answers
 * the list to show, in the recorder's order.
 */
export function mergeLiveStatuses<T extends { id: string; streamState: StreamState }>(
  list: readonly T[],
  schedule: Map<string, number>,
  nowMs: number,
): readonly T[] {
  const present = new Set(list.map((status) => status.id));
  for (const streamId of [...schedule.keys()]) if (!present.has(streamId)) schedule.delete(streamId);
  for (const status of list) if (!schedule.has(status.id)) schedule.set(status.id, nextCheckAt(nowMs, status.streamState));
  return list;
}

/**
 * Spec 9: a recording stream whose last archive is older than 120 s, or that
 * never wrote one, has an issue. A proxy-only stream records nothing, so it
 * never has one.
 */
export function lastArchiveIssue(lastArchiveMs: number | null, nowMs: number, recording: boolean): boolean {
  if (!recording) return false;
  return lastArchiveMs === null || nowMs - lastArchiveMs > LAST_ARCHIVE_ISSUE_MS;
}

/** '12 seconds ago', '3 minutes ago'; null when no archive was written (the view says never). */
export function humanizeLastArchive(lastArchiveMs: number | null, nowMs: number): string | null {
  if (lastArchiveMs === null) return null;
  // A clock a little behind the recorder's must not make the archive read as written in the future.
  return formatDistanceStrict(Math.min(lastArchiveMs, nowMs), nowMs, { addSuffix: true });
}
