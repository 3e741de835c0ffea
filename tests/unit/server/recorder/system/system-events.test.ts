/**
 * The System report's event store (system/system-events.ts) on a real
 * SQLite file: a range is [start, stop) oldest first with the newest of the
 * range kept when capped; old events are pruned; identical events within a
 * second are coalesced and a key's events beyond the minute cap are counted
 * in one summary row; recording never throws into the caller.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../../../server/recorder/core/db/database';
import { SystemEvents } from '../../../../../server/recorder/system/system-events';
import { REPORT_EVENTS_KEPT_DAYS } from '../../../../../server/shared/api/report';

const T0 = 1_750_000_000_000;
const DAY_MS = 86_400_000;
const dirs: string[] = [];
const dbs: Db[] = [];

afterEach(() => {
  for (const db of dbs.splice(0)) if (db.open) db.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function setup(options: { maxPerKeyPerMinute?: number } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-events-'));
  dirs.push(dir);
  const db = openDatabase(path.join(dir, 'recorder.db'));
  dbs.push(db);
  const clock = { now: T0 };
  const warnings: string[] = [];
  const events = new SystemEvents(db, { now: () => clock.now, log: { warn: (m) => warnings.push(m) }, ...options });
  return { db, events, clock, warnings };
}

describe('system events', () => {
  it('answers the events of [start, stop), each kind apart, oldest first', () => {
    const { events } = setup();
    events.orchid('server-started', 'started', T0);
    events.stream('stream-up', 's1', 'up', T0 + 10);
    events.orchid('sign-in', 'Sign-in of admin', T0 + 20);
    events.stream('stream-down', 's1', 'down', T0 + 30);
    events.orchid('server-stopped', 'stopped', T0 + 40);

    const all = events.range(T0, T0 + 40);
    expect(all.orchidEvents).toEqual([
      { type: 'server-started', message: 'started', when: T0 },
      { type: 'sign-in', message: 'Sign-in of admin', when: T0 + 20 },
    ]);
    expect(all.streamEvents).toEqual([
      { type: 'stream-up', message: 'up', streamId: 's1', when: T0 + 10 },
      { type: 'stream-down', message: 'down', streamId: 's1', when: T0 + 30 },
    ]);
    expect(events.range(T0 + 1, T0 + 20)).toEqual({ orchidEvents: [], streamEvents: [{ type: 'stream-up', message: 'up', streamId: 's1', when: T0 + 10 }] });
    expect(events.range(T0 - DAY_MS, T0)).toEqual({ orchidEvents: [], streamEvents: [] });
  });

  it('keeps the newest of the range when capped, still oldest first', () => {
    const { events } = setup();
    for (let i = 0; i < 5; i++) events.orchid('cleaner-run', `run ${i}`, T0 + i * 10_000);
    expect(events.range(T0, T0 + DAY_MS, 2).orchidEvents.map((e) => e.message)).toEqual(['run 3', 'run 4']);
  });

  it('drops events older than the kept days', () => {
    const { events, clock } = setup();
    events.orchid('server-started', 'old', T0);
    events.orchid('server-started', 'recent', T0 + 10 * DAY_MS);
    clock.now = T0 + REPORT_EVENTS_KEPT_DAYS * DAY_MS + 1;
    expect(events.prune()).toBe(1);
    expect(events.range(0, clock.now).orchidEvents.map((e) => e.message)).toEqual(['recent']);
  });

  it('coalesces an identical event within a second, not a different one nor a later one', () => {
    const { events } = setup();
    events.stream('stream-up', 's1', 'up', T0);
    events.stream('stream-up', 's1', 'up', T0 + 500);
    events.stream('stream-up', 's2', 'up', T0 + 500);
    events.stream('stream-up', 's1', 'up again', T0 + 600);
    events.stream('stream-up', 's1', 'up again', T0 + 1_700);
    expect(events.range(T0, T0 + 10_000).streamEvents.map((e) => `${e.streamId} ${e.message} ${e.when - T0}`)).toEqual([
      's1 up 0',
      's2 up 500',
      's1 up again 600',
      's1 up again 1700',
    ]);
  });

  it('writes at most the cap a minute for one key and then one row counting the rest', () => {
    const { events } = setup({ maxPerKeyPerMinute: 3 });
    for (let i = 0; i < 10; i++) events.stream('stream-down', 's1', `down ${i}`, T0 + i * 2_000);
    events.stream('stream-up', 's1', 'another type is another key', T0 + 5_000);
    expect(events.range(T0, T0 + 60_000).streamEvents.map((e) => e.message)).toEqual(['down 0', 'down 1', 'down 2', 'another type is another key']);
    // The next minute's first event ends the window: the 7 left out are told, then it is written.
    events.stream('stream-down', 's1', 'down later', T0 + 61_000);
    const later = events.range(T0 + 30_000, T0 + 120_000).streamEvents;
    expect(later.map((e) => e.type)).toEqual(['stream-down', 'stream-down']);
    expect(later[0]!.message).toMatch(/^7 more 'stream-down' events were not recorded in the minute from .* \(at most 3 a minute are kept\)\.$/);
    expect(later[0]!.when).toBe(T0 + 59_999);
    expect(later[1]!.message).toBe('down later');
  });

  it('writes the count of a full window at stop', () => {
    const { events } = setup({ maxPerKeyPerMinute: 1 });
    events.orchid('sign-in-failed', 'a', T0);
    events.orchid('sign-in-failed', 'b', T0 + 2_000);
    events.stop();
    expect(events.range(T0, T0 + 60_000).orchidEvents.map((e) => e.message)).toEqual(['a', expect.stringMatching(/^1 more 'sign-in-failed' event was not recorded/)]);
  });

  it('never throws into the caller: a closed database is a warning', () => {
    const { db, events, warnings } = setup();
    db.close();
    expect(() => events.orchid('server-stopped', 'stopped')).not.toThrow();
    expect(() => events.stream('stream-up', 's1', 'up')).not.toThrow();
    expect(events.prune()).toBe(0);
    expect(warnings.length).toBe(3);
    expect(warnings[0]).toMatch(/'server-stopped' event was not recorded/);
  });
});
