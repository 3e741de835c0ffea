/**
 * Recording health of a stream for system status (spec 3 "Active stream
 * status", spec 9): whether the last archive is too old (over 120 s is an
 * issue), a human wording of its age, and the Restart and Verify actions.
 * Pure functions plus a small service over the ingest supervisor, which the
 * streams API calls; no Fastify here.
 *
 * Restart sets the stream 'restarting' at once and asks ingest to restart
 * it; a second restart within the 60 s restart delay is not sent again (the
 * first is still under way; once the stream runs again it may be restarted
 * again), so impatient clicks cannot make a restart storm. Verify answers
 * whether the stream is running and recording: ingest running and an
 * archive written within 120 s.
 */
import type { StreamRecordingHealth, StreamState, StreamVerifyResult } from '../../shared/api';

export type { StreamState };

export const LAST_ARCHIVE_ISSUE_MS = 120_000;
export const RESTART_DELAY_MS = 60_000;

export function lastArchiveWrittenIssue(lastArchiveMs: number | null, nowMs: number, recording = true): boolean {
  if (!recording) return false;
  return lastArchiveMs === null || nowMs - lastArchiveMs > LAST_ARCHIVE_ISSUE_MS;
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/** 'never', 'just now', '45 seconds ago', '3 minutes ago', '2 hours ago', '5 days ago'. */
export function humanizeLastArchive(lastArchiveMs: number | null, nowMs: number): string {
  if (lastArchiveMs === null) return 'never';
  const seconds = Math.max(0, Math.floor((nowMs - lastArchiveMs) / 1000));
  if (seconds < 5) return 'just now';
  if (seconds < 120) return plural(seconds, 'second');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 120) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return plural(hours, 'hour');
  return plural(Math.floor(hours / 24), 'day');
}

export function recordingHealth(lastArchiveMs: number | null, nowMs: number, recording = true): StreamRecordingHealth {
  return {
    lastArchiveWritten: lastArchiveMs,
    lastArchiveWrittenHumanized: humanizeLastArchive(lastArchiveMs, nowMs),
    lastArchiveWrittenIssue: lastArchiveWrittenIssue(lastArchiveMs, nowMs, recording),
  };
}

/** What restart and verify need from ingest and the archive index. */
export interface StreamIngestControl {
  state(streamId: string): StreamState | undefined;
  restart(streamId: string): void | Promise<void>;
  /** End of the newest archive of the stream, epoch ms, or null. */
  lastArchiveMs(streamId: string): number | null;
  /** False for proxy-only streams (no archive expected). */
  recording(streamId: string): boolean;
}

export class StreamRecordingActions {
  private readonly restartedAt = new Map<string, number>();

  constructor(
    private readonly ingest: StreamIngestControl,
    private readonly now: () => number = Date.now,
  ) {}

  /** The state to show: 'restarting' from a restart request until ingest reports running again (or the delay passes). */
  state(streamId: string): StreamState | undefined {
    const actual = this.ingest.state(streamId);
    const at = this.restartedAt.get(streamId);
    if (at === undefined) return actual;
    if (actual === 'running' && this.now() - at > 1000) {
      this.restartedAt.delete(streamId);
      return actual;
    }
    if (this.now() - at > RESTART_DELAY_MS) {
      this.restartedAt.delete(streamId);
      return actual;
    }
    return 'restarting';
  }

  /** Answers the state to show; undefined when no such stream. */
  async restart(streamId: string): Promise<StreamState | undefined> {
    // state() also forgets a finished restart, so a stream that runs again can be restarted again.
    if (this.state(streamId) === undefined) return undefined;
    if (this.restartedAt.has(streamId)) return 'restarting';
    this.restartedAt.set(streamId, this.now());
    await this.ingest.restart(streamId);
    return 'restarting';
  }

  health(streamId: string): StreamRecordingHealth {
    return recordingHealth(this.ingest.lastArchiveMs(streamId), this.now(), this.ingest.recording(streamId));
  }

  verify(streamId: string): StreamVerifyResult | undefined {
    const state = this.state(streamId);
    if (state === undefined) return undefined;
    if (state !== 'running') return { success: false, message: `The stream is ${state}, not running.` };
    if (!this.ingest.recording(streamId)) return { success: true, message: 'The stream is running (proxy only: nothing is recorded).' };
    const last = this.ingest.lastArchiveMs(streamId);
    if (lastArchiveWrittenIssue(last, this.now())) {
      return { success: false, message: `The stream is running but its last archive was written ${humanizeLastArchive(last, this.now())}.` };
    }
    return { success: true, message: `The stream is running and recording (last archive ${humanizeLastArchive(last, this.now())}).` };
  }
}
