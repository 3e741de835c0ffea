/**
 * The recorder's server and stream events for the System report (spec 2, 3,
 * 7; migration 007): recorded as they happen (start and stop, streams up and
 * down, restarts, archive gaps, cleaner runs, the disk threshold, licence
 * changes, sign-ins), read back by range, and dropped after
 * REPORT_EVENTS_KEPT_DAYS.
 *
 * Events are a side channel: recording one never throws into the caller (a
 * full disk, a closed database); it logs a warning and goes on.
 *
 * Rate bound, so a flapping stream or a sign-in storm cannot flood the
 * table: an event identical to the last one of its key (kind, type, stream)
 * within COALESCE_MS is not written again; and each key writes at most
 * MAX_PER_KEY_PER_MINUTE rows in a minute window. What a full window leaves
 * out is counted and written as one summary row of the same type when the
 * window ends (at the key's next event or the minute tick, or at stop).
 * The bound is kept in memory (one small entry per key seen in the last
 * minute), so it starts afresh after a restart.
 *
 * Cost: one indexed insert per event; a range read is one index range scan
 * per kind, capped at `limit` rows (the newest in the range); pruning is an
 * index range delete per kind, hourly and at start.
 */
import type { Db } from '../core/db/database';
import {
  REPORT_EVENTS_KEPT_DAYS,
  type OrchidEvent,
  type OrchidEventType,
  type StreamEvent,
  type StreamEventType,
} from '../../shared/api/report';

export const COALESCE_MS = 1_000;
export const MAX_PER_KEY_PER_MINUTE = 30;
export const WINDOW_MS = 60_000;
export const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** At most this many events of each kind in one answer: the newest of the range (a year of a busy recorder stays readable). */
export const REPORT_EVENTS_LIMIT = 10_000;

const DAY_MS = 24 * 3600 * 1000;

export interface SystemEventsOptions {
  now?: () => number;
  log?: { warn(message: string): void };
  keptDays?: number;
  maxPerKeyPerMinute?: number;
}

/** What a report reads: the events of a range, oldest first. */
export interface EventsInRange {
  orchidEvents: OrchidEvent[];
  streamEvents: StreamEvent[];
}

interface KeyWindow {
  startMs: number;
  written: number;
  dropped: number;
  lastMessage: string;
  lastMs: number;
  kind: 'orchid' | 'stream';
  type: string;
  streamId: string | null;
}

interface Row {
  type: string;
  message: string;
  stream_id: string | null;
  when_ms: number;
}

export class SystemEvents {
  private readonly windows = new Map<string, KeyWindow>();
  private readonly now: () => number;
  private readonly insert;
  private readonly select;
  private readonly deleteOlder;
  private timers: NodeJS.Timeout[] = [];

  constructor(
    db: Db,
    private readonly options: SystemEventsOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.insert = db.prepare('INSERT INTO system_events (kind, type, message, stream_id, when_ms) VALUES (?, ?, ?, ?, ?)');
    // The newest `limit` of the range, answered oldest first.
    this.select = db.prepare(
      `SELECT type, message, stream_id, when_ms FROM (
         SELECT id, type, message, stream_id, when_ms FROM system_events
         WHERE kind = ? AND when_ms >= ? AND when_ms < ? ORDER BY when_ms DESC, id DESC LIMIT ?
       ) ORDER BY when_ms, id`,
    );
    this.deleteOlder = db.prepare('DELETE FROM system_events WHERE kind = ? AND when_ms < ?');
  }

  /** Prunes once now, then hourly; flushes left-out counts every minute. */
  start(): void {
    this.prune();
    const every = (ms: number, work: () => void) => {
      const timer = setInterval(work, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(WINDOW_MS, () => this.flushWindows(this.now()));
    every(PRUNE_EVERY_MS, () => this.prune());
  }

  /** Stops the timers and writes what full windows left out (call before the database closes). */
  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    this.flushWindows(Number.POSITIVE_INFINITY);
  }

  /** Records a server-wide event. Never throws. */
  orchid(type: OrchidEventType, message: string, whenMs = this.now()): void {
    this.record('orchid', type, null, message, whenMs);
  }

  /** Records an event of one stream. Never throws. */
  stream(type: StreamEventType, streamId: string, message: string, whenMs = this.now()): void {
    this.record('stream', type, streamId, message, whenMs);
  }

  /** Events in [startMs, stopMs), oldest first; each kind at most `limit` (the newest of the range). */
  range(startMs: number, stopMs: number, limit = REPORT_EVENTS_LIMIT): EventsInRange {
    const rows = (kind: 'orchid' | 'stream') => this.select.all(kind, startMs, stopMs, limit) as Row[];
    return {
      orchidEvents: rows('orchid').map((r) => ({ type: r.type as OrchidEventType, message: r.message, when: r.when_ms })),
      streamEvents: rows('stream').map((r) => ({
        type: r.type as StreamEventType,
        message: r.message,
        streamId: r.stream_id ?? '',
        when: r.when_ms,
      })),
    };
  }

  /** Drops events older than the kept days; answers how many went. Never throws. */
  prune(): number {
    const beforeMs = this.now() - (this.options.keptDays ?? REPORT_EVENTS_KEPT_DAYS) * DAY_MS;
    try {
      return this.deleteOlder.run('orchid', beforeMs).changes + this.deleteOlder.run('stream', beforeMs).changes;
    } catch (error) {
      this.warn('old system events were not dropped', error);
      return 0;
    }
  }

  private record(kind: 'orchid' | 'stream', type: string, streamId: string | null, message: string, whenMs: number): void {
    try {
      const key = `${kind}\u0000${type}\u0000${streamId ?? ''}`;
      let window = this.windows.get(key);
      if (window && whenMs - window.startMs >= WINDOW_MS) {
        this.writeLeftOut(window);
        this.windows.delete(key);
        window = undefined;
      }
      if (!window) {
        window = { startMs: whenMs, written: 0, dropped: 0, lastMessage: '', lastMs: -Infinity, kind, type, streamId };
        this.windows.set(key, window);
      } else if (window.lastMessage === message && Math.abs(whenMs - window.lastMs) < COALESCE_MS) {
        return;
      }
      if (window.written >= (this.options.maxPerKeyPerMinute ?? MAX_PER_KEY_PER_MINUTE)) {
        window.dropped++;
        return;
      }
      window.written++;
      window.lastMessage = message;
      window.lastMs = whenMs;
      this.insert.run(kind, type, message, streamId, Math.round(whenMs));
    } catch (error) {
      this.warn(`a '${type}' event was not recorded`, error);
    }
  }

  /** Ends the windows over by `nowMs`, writing the count each left out. */
  private flushWindows(nowMs: number): void {
    for (const [key, window] of this.windows) {
      if (nowMs - window.startMs < WINDOW_MS) continue;
      this.writeLeftOut(window);
      this.windows.delete(key);
    }
  }

  private writeLeftOut(window: KeyWindow): void {
    if (window.dropped === 0) return;
    const cap = this.options.maxPerKeyPerMinute ?? MAX_PER_KEY_PER_MINUTE;
    const message =
      `${window.dropped} more '${window.type}' event${window.dropped === 1 ? ' was' : 's were'} not recorded ` +
      `in the minute from ${new Date(window.startMs).toISOString()} (at most ${cap} a minute are kept).`;
    try {
      this.insert.run(window.kind, window.type, message, window.streamId, Math.round(window.startMs + WINDOW_MS - 1));
    } catch (error) {
      this.warn(`the count of left-out '${window.type}' events was not recorded`, error);
    }
  }

  private warn(what: string, error: unknown): void {
    try {
      this.options.log?.warn(`${what}: ${error instanceof Error ? error.message : String(error)}`);
    } catch {
      // A log that fails is no reason to fail the caller either.
    }
  }
}
