/**
 * The System report's stream stats (system/report-stats.ts) and the report
 * of a range (system/server-report.ts) on a real SQLite file: seconds are
 * clipped to the range, bytes prorated by the overlapped fraction of each
 * segment (the segment straddling the start included), motion clipped the
 * same way; the report sorts cameras by name, lists those with nothing
 * recorded, and refuses a stop not after start or a span over the limit.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ArchiveIndex, type ArchiveGap } from '../../../../../server/recorder/archive/archive-index';
import { openDatabase, type Db } from '../../../../../server/recorder/core/db/database';
import { overlapMs, proratedBytes, ReportStats } from '../../../../../server/recorder/system/report-stats';
import { serverReport } from '../../../../../server/recorder/system/server-report';
import { SystemEvents } from '../../../../../server/recorder/system/system-events';
import { REPORT_MAX_SPAN_MS } from '../../../../../server/shared/api/report';

const T0 = 1_750_000_000_000;
const dirs: string[] = [];
const dbs: Db[] = [];

afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function setup() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-report-stats-'));
  dirs.push(dataDir);
  const db = openDatabase(path.join(dataDir, 'recorder.db'));
  dbs.push(db);
  const gaps: ArchiveGap[] = [];
  const index = new ArchiveIndex(db, dataDir, { onGap: (gap) => gaps.push(gap) });
  let n = 0;
  /** A closed segment [startMs, endMs) of `sizeBytes`. */
  const segment = (streamId: string, startMs: number, endMs: number, sizeBytes: number, active = false) => {
    const id = index.open({ streamId, cameraId: 'c', path: path.join(index.streamFolder(streamId), `${n++}.mkv`), startMs });
    if (active) index.update(id, { endMs, sizeBytes });
    else index.close(id, { endMs, sizeBytes });
  };
  const motion = (streamId: string, startMs: number, stopMs: number, active = false) =>
    db.prepare('INSERT INTO motion_events (stream_id, start_ms, stop_ms, active) VALUES (?, ?, ?, ?)').run(streamId, startMs, stopMs, active ? 1 : 0);
  return { db, stats: new ReportStats(db), segment, motion, gaps };
}

describe('overlap arithmetic', () => {
  it('clips a row to the range and prorates its bytes by the overlapped fraction', () => {
    const row = { startMs: 1_000, endMs: 5_000, sizeBytes: 4_000 };
    expect(overlapMs(row, 0, 10_000)).toBe(4_000);
    expect(overlapMs(row, 2_000, 3_000)).toBe(1_000);
    expect(overlapMs(row, 4_000, 9_000)).toBe(1_000);
    expect(overlapMs(row, 5_000, 9_000)).toBe(0);
    expect(overlapMs(row, 0, 1_000)).toBe(0);
    expect(proratedBytes(row, 3_000, 9_000)).toBe(2_000);
    expect(proratedBytes(row, 0, 2_000)).toBe(1_000);
    expect(proratedBytes(row, 6_000, 9_000)).toBe(0);
  });

  it('counts a segment without duration whole when it starts inside the range', () => {
    const opened = { startMs: 2_000, endMs: 2_000, sizeBytes: 500 };
    expect(proratedBytes(opened, 2_000, 3_000)).toBe(500);
    expect(proratedBytes(opened, 0, 2_000)).toBe(0);
  });
});

describe('stream stats of a range', () => {
  it('sums the segments inside, clips the ones at both edges and prorates their bytes', () => {
    const { stats, segment } = setup();
    // Three 60 s segments of 6000 bytes from T0, then a 60 s hole, then an active one of 30 s.
    segment('s', T0, T0 + 60_000, 6_000);
    segment('s', T0 + 60_000, T0 + 120_000, 6_000);
    segment('s', T0 + 120_000, T0 + 180_000, 6_000);
    segment('s', T0 + 240_000, T0 + 270_000, 3_000, true);
    segment('other', T0, T0 + 300_000, 1_000_000);

    expect(stats.recorded('s', T0, T0 + 300_000)).toEqual({ bytesRecorded: 21_000, secondsRecorded: 210, secondsOfMotion: 0 });
    // From the middle of the first to the middle of the third: half, all, half.
    expect(stats.recorded('s', T0 + 30_000, T0 + 150_000)).toEqual({ bytesRecorded: 12_000, secondsRecorded: 120, secondsOfMotion: 0 });
    // Inside the hole and the active segment's second half.
    expect(stats.recorded('s', T0 + 190_000, T0 + 255_000)).toEqual({ bytesRecorded: 1_500, secondsRecorded: 15, secondsOfMotion: 0 });
    // Before anything and after everything.
    expect(stats.recorded('s', T0 - 60_000, T0)).toEqual({ bytesRecorded: 0, secondsRecorded: 0, secondsOfMotion: 0 });
    expect(stats.recorded('s', T0 + 270_000, T0 + 400_000)).toEqual({ bytesRecorded: 0, secondsRecorded: 0, secondsOfMotion: 0 });
    expect(stats.recorded('unknown', T0, T0 + 400_000)).toEqual({ bytesRecorded: 0, secondsRecorded: 0, secondsOfMotion: 0 });
  });

  it('clips motion events to the range, the one straddling the start included', () => {
    const { stats, motion } = setup();
    motion('s', T0, T0 + 10_000);
    motion('s', T0 + 20_000, T0 + 25_000);
    motion('s', T0 + 40_000, T0 + 52_000, true);
    expect(stats.recorded('s', T0, T0 + 60_000).secondsOfMotion).toBe(27);
    expect(stats.recorded('s', T0 + 5_000, T0 + 45_000).secondsOfMotion).toBe(15);
    expect(stats.recorded('s', T0 + 11_000, T0 + 19_000).secondsOfMotion).toBe(0);
  });
});

describe('archive gaps', () => {
  it('are told when a segment opens at least 10 s after the one before it ended', () => {
    const { segment, gaps } = setup();
    segment('s', T0, T0 + 60_000, 1);
    segment('s', T0 + 60_000, T0 + 120_000, 1);
    segment('s', T0 + 125_000, T0 + 130_000, 1);
    segment('s', T0 + 190_000, T0 + 200_000, 1);
    segment('t', T0 + 500_000, T0 + 510_000, 1);
    expect(gaps).toEqual([{ streamId: 's', cameraId: 'c', fromMs: T0 + 130_000, toMs: T0 + 190_000 }]);
  });
});

describe('server report', () => {
  const cameras = [
    { id: 'c2', name: 'Yard', streams: [{ id: 's2', name: 'Main' }] },
    { id: 'c1', name: 'lobby', streams: [{ id: 's1', name: 'Main' }, { id: 's1b', name: 'Sub' }] },
    { id: 'c3', name: 'Attic', streams: [] },
  ];

  it('lists every camera by name with its streams’ stats and the events of the range', () => {
    const { db, stats, segment } = setup();
    segment('s1', T0, T0 + 10_000, 1_000);
    const events = new SystemEvents(db);
    events.orchid('server-started', 'started', T0 - 1);
    events.stream('stream-up', 's1', 'up', T0 + 1);
    const deps = { cameras: () => cameras, streams: (id: string) => cameras.find((c) => c.id === id)!.streams, stats, events };
    const report = serverReport(deps, { start: T0, stop: T0 + 60_000 });
    expect(report.cameras.map((c) => c.name)).toEqual(['Attic', 'lobby', 'Yard']);
    expect(report.cameras[1]!.streams).toEqual([
      { id: 's1', name: 'Main', bytesRecorded: 1_000, secondsRecorded: 10, secondsOfMotion: 0 },
      { id: 's1b', name: 'Sub', bytesRecorded: 0, secondsRecorded: 0, secondsOfMotion: 0 },
    ]);
    expect(report.orchidEvents).toEqual([]);
    expect(report.streamEvents).toEqual([{ type: 'stream-up', message: 'up', streamId: 's1', when: T0 + 1 }]);

    expect(() => serverReport(deps, { start: T0, stop: T0 })).toThrow(/stop must be after start/);
    expect(() => serverReport(deps, { start: T0, stop: T0 + REPORT_MAX_SPAN_MS + 1 })).toThrow(/at most 366 days/);
    expect(serverReport(deps, { start: T0, stop: T0 + REPORT_MAX_SPAN_MS }).cameras).toHaveLength(3);
  });
});
