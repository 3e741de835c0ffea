import Database from 'better-sqlite3';
import { beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../../../../server/recorder/core/db/database';
import { EventsService } from '../../../../../server/recorder/events/events-service';
import { MotionEventQueries } from '../../../../../server/recorder/motion/event-queries';
import { MotionEventStore } from '../../../../../server/recorder/motion/event-store';

const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);
let db: Database.Database;
let store: MotionEventStore;
let queries: MotionEventQueries;
let service: EventsService;

beforeEach(() => {
  db = new Database(':memory:');
  migrate(db);
  store = new MotionEventStore(db);
  queries = new MotionEventQueries(db);
  service = new EventsService({ reader: queries, streamExists: (id) => id !== 'missing' });
});

function event(streamId: string, startMs: number, stopMs: number): void {
  store.close(store.open(streamId, startMs, startMs), stopMs);
}

describe('motion event store and queries', () => {
  it('shows an open event as active with its newest stop, and rolls it up only when closed', () => {
    const id = store.open('s1', T0, T0 + 200);
    store.extend(id, T0 + 2_000);
    expect(service.list({ eventType: 'motion', id: 's1', start: T0 - 1 }).data.events).toEqual([{ start: T0, stop: T0 + 2_000, active: true }]);
    expect(db.prepare('SELECT COUNT(*) AS n FROM motion_minutes').get()).toEqual({ n: 0 });
    // A histogram wide enough for the rollup still shows the open event.
    const open = service.histogram({ eventType: 'motion', id: 's1', start: T0 - 3_600_000, stop: T0 + 3_600_000, minSegment: 600_000 });
    expect(open.data.histogram).toEqual([{ start: T0, stop: T0 + 600_000, count: 1, motionMs: 2_000 }]);
    store.close(id, T0 + 5_000);
    store.close(id, T0 + 9_000); // closing twice changes nothing
    expect(service.list({ eventType: 'motion', id: 's1', start: T0 - 1 }).data.events).toEqual([{ start: T0, stop: T0 + 5_000, active: false }]);
    const closed = service.histogram({ eventType: 'motion', id: 's1', start: T0 - 3_600_000, stop: T0 + 3_600_000, minSegment: 600_000 });
    expect(closed.data.histogram).toEqual([{ start: T0, stop: T0 + 600_000, count: 1, motionMs: 5_000 }]);
  });

  it('lists the next events after a time, or with from_end the previous ones, oldest first', () => {
    for (let i = 0; i < 10; i++) event('s1', T0 + i * 10_000, T0 + i * 10_000 + 3_000);
    event('s2', T0 + 5_000, T0 + 6_000);
    const next = service.list({ eventType: 'motion', id: 's1', start: T0 + 25_000, count: 3 }).data.events;
    expect(next.map((e) => e.start)).toEqual([T0 + 30_000, T0 + 40_000, T0 + 50_000]);
    const previous = service.list({ eventType: 'motion', id: 's1', start: T0 + 25_000, count: 5, from_end: true }).data.events;
    expect(previous.map((e) => e.start)).toEqual([T0, T0 + 10_000, T0 + 20_000]);
    expect(() => service.list({ eventType: 'motion', id: 'missing', start: T0 })).toThrow(expect.objectContaining({ status: 404 }));
  });

  it('answers the same histogram from raw events, minutes and hours', () => {
    const events: Array<[number, number]> = [];
    for (let i = 0; i < 190; i++) {
      const start = T0 + i * 37_000 + (i % 7) * 1000;
      events.push([start, start + 2_000 + (i % 5) * 9_000]);
    }
    for (const [s, e] of events) event('s1', s, e);
    const start = T0;
    const stop = T0 + 2 * 3_600_000;
    const byHour = service.histogram({ eventType: 'motion', id: 's1', start, stop, minSegment: 3_600_000 }).data;
    const byMinute = service.histogram({ eventType: 'motion', id: 's1', start, stop, minSegment: 60_000 }).data;
    const raw = service.histogram({ eventType: 'motion', id: 's1', start, stop: start + 30 * 60_000, minSegment: 1_000 }).data;
    const sum = (h: typeof byHour.histogram, key: 'count' | 'motionMs') => h.reduce((a, b) => a + b[key], 0);
    expect(sum(byHour.histogram, 'count')).toBe(190);
    expect(sum(byMinute.histogram, 'count')).toBe(190);
    const totalMs = events.reduce((a, [s, e]) => a + (e - s), 0);
    expect(sum(byHour.histogram, 'motionMs')).toBe(totalMs);
    expect(sum(byMinute.histogram, 'motionMs')).toBe(totalMs);
    // The first half hour from raw events equals the minute rollup's first 30 buckets.
    const firstHalfHour = byMinute.histogram.filter((b) => b.start < start + 30 * 60_000);
    const rawByMinute = new Map<number, { count: number; motionMs: number }>();
    for (const b of raw.histogram) {
      const minute = Math.floor(b.start / 60_000) * 60_000;
      const entry = rawByMinute.get(minute) ?? { count: 0, motionMs: 0 };
      rawByMinute.set(minute, { count: entry.count + b.count, motionMs: entry.motionMs + b.motionMs });
    }
    expect(firstHalfHour.map((b) => ({ start: b.start, count: b.count, motionMs: b.motionMs }))).toEqual(
      [...rawByMinute.entries()].map(([minute, v]) => ({ start: minute, ...v })),
    );
  });

  it('finds motion near a range, including an active event whose stop lags', () => {
    event('s1', T0, T0 + 1_000);
    expect(queries.motionNear('s1', T0 + 500, T0 + 600)).toBe(true);
    expect(queries.motionNear('s1', T0 + 1_001, T0 + 5_000)).toBe(false);
    expect(queries.motionNear('s1', T0 - 5_000, T0 - 1)).toBe(false);
    store.open('s1', T0 + 10_000, T0 + 10_200);
    expect(queries.motionNear('s1', T0 + 20_000, T0 + 30_000)).toBe(true);
    expect(queries.motionNear('s1', T0 + 2_000, T0 + 9_000)).toBe(false);
  });

  it('closes events a crash left active, into the rollups', () => {
    const id = store.open('s1', T0, T0 + 400);
    store.extend(id, T0 + 4_000);
    expect(store.closeInterrupted()).toBe(1);
    expect(queries.active('s1')).toEqual([]);
    expect(db.prepare('SELECT starts, motion_ms FROM motion_minutes WHERE stream_id = ?').get('s1')).toEqual({ starts: 1, motion_ms: 4_000 });
    expect(store.closeInterrupted()).toBe(0);
  });
});
