import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../../../../server/recorder/core/db/database';
import { ArchiveIndex } from '../../../../../server/recorder/archive/archive-index';
import { ArchiveQueries } from '../../../../../server/recorder/archive/archive-queries';
import { recoverArchives } from '../../../../../server/recorder/archive/archive-recovery';
import { ClockAnchor } from '../../../../../server/recorder/ingest/clock-anchor';
import { SegmentTracker } from '../../../../../server/recorder/ingest/segment-tracker';

let dataDir: string;
let index: ArchiveIndex;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'archive-index-'));
  const db = new Database(':memory:');
  migrate(db);
  index = new ArchiveIndex(db, dataDir);
});

afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function file(streamId: string, name: string, bytes = 100): string {
  const folder = index.streamFolder(streamId);
  fs.mkdirSync(folder, { recursive: true });
  const full = path.join(folder, name);
  fs.writeFileSync(full, Buffer.alloc(bytes));
  return full;
}

describe('archive index', () => {
  it('answers segments between times and at or after a time', () => {
    for (const [i, start] of [0, 60_000, 180_000].entries()) {
      const id = index.open({ streamId: 's', cameraId: 'c', path: file('s', `${i}.mkv`), startMs: start });
      index.close(id, { endMs: start + 60_000, sizeBytes: 100 });
    }
    expect(index.segmentsBetween('s', 70_000, 190_000).map((s) => s.startMs)).toEqual([60_000, 180_000]);
    expect(index.segmentAtOrAfter('s', 130_000)?.startMs).toBe(180_000);
    expect(index.segmentAtOrAfter('s', 30_000)?.startMs).toBe(0);
    expect(index.segmentAtOrAfter('s', 999_999)).toBeUndefined();
    expect(index.segmentsBetween('other', 0, 1e12)).toEqual([]);
    const first = index.segmentsBetween('s', 0, 1)[0]!;
    expect(path.isAbsolute(first.path)).toBe(true);
    expect(first.path.startsWith(index.archiveRoot)).toBe(true);
  });

  it('lists archives for the API and counts minutes per day', () => {
    const id = index.open({ streamId: 's', cameraId: 'c', path: file('s', 'a.mkv'), startMs: Date.UTC(2025, 0, 1, 12) });
    index.update(id, { endMs: Date.UTC(2025, 0, 1, 12, 30) });
    const queries = new ArchiveQueries(index);
    expect(queries.list({ streamId: 's' })).toEqual([
      { id, streamId: 's', start: Date.UTC(2025, 0, 1, 12), end: Date.UTC(2025, 0, 1, 12, 30), active: true, sizeBytes: 0 },
    ]);
    const perDay = queries.perDay({ ids: 's,unknown' });
    expect(perDay.streamsCount).toBe(2);
    expect(Object.values(perDay.archivesPerDay)).toEqual([30]);
    expect(() => queries.list({})).toThrow(/streamId/);
  });

  it('recovery removes rows whose file is gone and closes active rows at their real length', async () => {
    const gone = index.open({ streamId: 's', cameraId: 'c', path: path.join(index.streamFolder('s'), 'gone.mkv'), startMs: 0 });
    index.close(gone, { endMs: 1000, sizeBytes: 1 });
    const cut = index.open({ streamId: 's', cameraId: 'c', path: file('s', 'cut.mkv'), startMs: 10_000 });
    const empty = index.open({ streamId: 's', cameraId: 'c', path: file('s', 'empty.mkv', 0), startMs: 20_000 });
    const report = await recoverArchives(index, async (f) => (f.endsWith('cut.mkv') ? 42.5 : undefined));
    expect(report).toEqual({ removedRows: 2, closedRows: 1 });
    expect(index.get(gone)).toBeUndefined();
    expect(index.get(empty)).toBeUndefined();
    expect(index.get(cut)).toMatchObject({ active: false, startMs: 10_000, endMs: 52_500, sizeBytes: 100 });
  });

  it('recovery removes a file cut inside its header (bytes, but no packet) and keeps one it could not probe', async () => {
    const leftover = file('s', 'earlier.mkv.remux.tmp', 50);
    const headerOnly = index.open({ streamId: 's', cameraId: 'c', path: file('s', 'header-only.mkv', 300), startMs: 10_000 });
    const unprobed = index.open({ streamId: 's', cameraId: 'c', path: file('s', 'unprobed.mkv', 300), startMs: 20_000 });
    const report = await recoverArchives(index, async (f) => {
      if (f.endsWith('unprobed.mkv')) throw new Error('ffprobe took too long');
      return undefined;
    });
    expect(report).toEqual({ removedRows: 1, closedRows: 1 });
    expect(index.get(headerOnly)).toBeUndefined();
    expect(fs.existsSync(path.join(index.streamFolder('s'), 'header-only.mkv'))).toBe(false);
    expect(index.get(unprobed)).toMatchObject({ active: false, sizeBytes: 300 });
    expect(fs.existsSync(leftover)).toBe(false);
  });
});

describe('segment tracker', () => {
  it('indexes a segment as it opens, follows it and closes it with the list times', async () => {
    let now = 100_000;
    const anchor = new ClockAnchor();
    const written: number[] = [];
    const folder = index.streamFolder('s');
    const tracker = new SegmentTracker({
      index,
      streamId: 's',
      cameraId: 'c',
      folder,
      anchor,
      now: () => now,
      updateEveryMs: 0,
      probe: async () => 3,
      onWritten: (ms) => written.push(ms),
    });
    tracker.onOpened(path.join(folder, 'r_00000.mkv'));
    const [opened] = index.segmentsBetween('s', 0, 1e12);
    expect(opened).toMatchObject({ active: true, startMs: 100_000 });

    // Progress: the replayed burst first, then live packets 40 ms late.
    file('s', 'r_00000.mkv', 500);
    now = 100_100;
    anchor.sample(1.0, now);
    tracker.onProgress(1.0);
    now = 101_040;
    anchor.sample(2.0, now);
    tracker.onProgress(2.0);
    expect(index.get(opened!.id)).toMatchObject({ startMs: 99_040, endMs: 101_040, sizeBytes: 500, active: true });

    tracker.onOpened(path.join(folder, 'r_00001.mkv'));
    tracker.onListed({ file: 'r_00000.mkv', startS: 0, endS: 1.9 });
    expect(index.get(opened!.id)).toMatchObject({ startMs: 99_040, endMs: 100_940, active: false });
    const second = index.segmentsBetween('s', 0, 1e12)[1]!;
    expect(second).toMatchObject({ active: true, startMs: 100_940 });
    // A better (earlier) clock estimate never moves it before the end of the segment it follows.
    now = 101_050;
    anchor.sample(2.1, now);
    tracker.onProgress(2.1);
    expect(index.get(second.id)).toMatchObject({ startMs: 100_940, endMs: 101_050 });

    // The run ends without listing the second segment (ffmpeg killed): it is closed at its probed length.
    file('s', 'r_00001.mkv', 200);
    await tracker.finish();
    expect(index.get(second.id)).toMatchObject({ active: false, endMs: 103_940, sizeBytes: 200 });
    expect(written.at(-1)).toBe(103_940);
  });
});
