import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../../../../server/recorder/core/db/database';
import { RetentionOverrides } from '../../../../../server/recorder/retention/retention-overrides';
import { ArchiveIndex } from '../../../../../server/recorder/archive/archive-index';
import { ArchiveRetentionIndex } from '../../../../../server/recorder/retention/archive-retention-index';
import { RetentionCleaner } from '../../../../../server/recorder/retention/cleaner';
import { reconcileArchives } from '../../../../../server/recorder/retention/reconcile';
import { DAY_MS } from '../../../../../server/shared/validation';

const now = 1_700_000_000_000;
const MB = 1024 * 1024;
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A data folder with an archive index, segments of 1 MB each (minute i of each stream), the last of each active. */
function setup(streams: Record<string, number>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-cleaner-'));
  dirs.push(dataDir);
  const db = new Database(':memory:');
  migrate(db);
  const index = new ArchiveIndex(db, dataDir);
  for (const [streamId, count] of Object.entries(streams)) {
    fs.mkdirSync(index.streamFolder(streamId), { recursive: true });
    for (let i = 0; i < count; i++) {
      const file = path.join(index.streamFolder(streamId), `seg_${String(i).padStart(5, '0')}.mkv`);
      fs.writeFileSync(file, Buffer.alloc(MB));
      const startMs = now - (count - i) * 60_000;
      const id = index.open({ streamId, cameraId: `cam-${streamId}`, path: file, startMs });
      if (i < count - 1) index.close(id, { endMs: startMs + 60_000, sizeBytes: MB });
      else index.update(id, { endMs: startMs + 30_000, sizeBytes: MB });
    }
  }
  const retention = new ArchiveRetentionIndex(db, index, (streamId) => `cam-${streamId}`, async () => 60);
  /** A volume of 100 MB whose other data takes `otherMb`; archives are what is on disk. */
  const volume = (otherMb: number) => async () => {
    const used = retention.streamTotals().reduce((sum, t) => sum + t.bytes, 0) + otherMb * MB;
    return { capacityBytes: 100 * MB, freeBytes: 100 * MB - used };
  };
  return { db, index, retention, dataDir, volume };
}

const cameras = (ids: string[]) => ({ cameras: () => ids.map((id) => ({ id: `cam-${id}`, name: id, streams: [{ id, name: id, motionOnly: false }] })) });

describe('retention cleaner', () => {
  it('over the threshold removes the oldest closed segments of any stream first, never the active one', async () => {
    const { db, retention, dataDir, volume } = setup({ a: 20, b: 20 });
    const cleaner = new RetentionCleaner({
      index: retention,
      cameras: cameras(['a', 'b']),
      overrides: new RetentionOverrides(db),
      dataDir,
      thresholdPercent: 80,
      statVolume: volume(60), // 60 + 40 = 100 MB used: 20 MB + 1 MB headroom over 80 %
      db,
      now: () => now,
    });
    const report = await cleaner.runOnce();
    expect(report.removedForSpace).toBe(21);
    const left = retention.oldestClosedSegments({ limit: 100 });
    const removedStarts = now - 20 * 60_000 + 10 * 60_000; // 10 or 11 minutes of each stream went
    expect(Math.min(...left.map((s) => s.startMs))).toBeGreaterThanOrEqual(removedStarts);
    expect(retention.allSegments().filter((s) => s.active)).toHaveLength(2);
    for (const segment of retention.allSegments()) expect(fs.existsSync(segment.path)).toBe(true);
    expect(db.prepare("SELECT segments_removed FROM retention_cleanings WHERE reason = 'disk'").get()).toEqual({ segments_removed: 21 });
  });

  it('keeps the archives under the licensed retention cap, oldest first, with the disk far from full', async () => {
    const { db, retention, dataDir, volume } = setup({ a: 10, b: 10 });
    const cleaner = new RetentionCleaner({
      index: retention,
      cameras: cameras(['a', 'b']),
      overrides: new RetentionOverrides(db),
      dataDir,
      thresholdPercent: 90,
      statVolume: volume(0), // 20 MB of 100: no disk pressure
      archiveCapBytes: () => 15 * MB,
      now: () => now,
    });
    const report = await cleaner.runOnce();
    expect(report.removedForSpace).toBe(5);
    expect(retention.streamTotals().reduce((sum, t) => sum + t.bytes, 0)).toBe(15 * MB);
    const withoutCap = new RetentionCleaner({ index: retention, cameras: cameras(['a', 'b']), overrides: new RetentionOverrides(db), dataDir, thresholdPercent: 90, statVolume: volume(0), archiveCapBytes: () => null, now: () => now });
    expect((await withoutCap.runOnce()).removedForSpace).toBe(0);
  });

  it('with nothing closed left it stops and keeps the active segments', async () => {
    const { db, retention, dataDir, volume } = setup({ a: 3 });
    const cleaner = new RetentionCleaner({ index: retention, cameras: cameras(['a']), overrides: new RetentionOverrides(db), dataDir, thresholdPercent: 10, statVolume: volume(95), now: () => now });
    const report = await cleaner.runOnce();
    expect(report).toMatchObject({ removedForSpace: 2, stillOverThreshold: true });
    expect(retention.allSegments()).toHaveLength(1);
  });

  it('removes segments older than a camera’s retention override, only that camera’s', async () => {
    const { db, retention, dataDir, volume } = setup({ a: 10, b: 10 });
    const overrides = new RetentionOverrides(db);
    overrides.set('cam-a', 5 * 60_000 + 1); // segments that ended more than 5 min + 1 ms ago go
    const cleaner = new RetentionCleaner({ index: retention, cameras: cameras(['a', 'b']), overrides, dataDir, thresholdPercent: 90, statVolume: volume(0), now: () => now });
    const report = await cleaner.runOnce();
    expect(report.removedForAge).toBe(4);
    const totals = new Map(retention.streamTotals().map((t) => [t.streamId, t]));
    expect(totals.get('a')!.oldestStartMs).toBe(now - 6 * 60_000);
    expect(totals.get('b')!.oldestStartMs).toBe(now - 10 * 60_000);
    expect(overrides.get('cam-a')).toBeLessThan(DAY_MS);
  });

  it('tells what each pass removed, and a crossing of the threshold once until the volume is back under it', async () => {
    const { db, retention, dataDir, volume } = setup({ a: 10 });
    const removed: Array<{ reason: string; segments: number; bytes: number }> = [];
    const crossings: Array<{ thresholdPercent: number; nothingLeftToRemove: boolean }> = [];
    let otherMb = 85;
    const cleaner = new RetentionCleaner({
      index: retention,
      cameras: cameras(['a']),
      overrides: new RetentionOverrides(db),
      dataDir,
      thresholdPercent: 90,
      statVolume: () => volume(otherMb)(),
      now: () => now,
      onRemoved: (run) => removed.push(run),
      onOverThreshold: (over) => crossings.push(over),
    });
    await cleaner.runOnce(); // 95 MB used: 5 MB + 1 MB headroom go
    expect(removed).toEqual([{ reason: 'disk', segments: 6, bytes: 6 * MB }]);
    expect(crossings).toEqual([{ thresholdPercent: 90, nothingLeftToRemove: false }]);
    await cleaner.runOnce(); // under the threshold now: nothing removed, nothing told
    expect(removed).toHaveLength(1);
    otherMb = 99; // over again, and only the active segment and 3 closed ones are left
    await cleaner.runOnce();
    expect(removed[1]).toEqual({ reason: 'disk', segments: 3, bytes: 3 * MB });
    expect(crossings).toHaveLength(2);
    await cleaner.runOnce(); // still over, nothing left: no new crossing
    expect(crossings).toHaveLength(2);
    expect(removed).toHaveLength(2);
  });

  it('reconcile drops rows of missing files and adopts unindexed files', async () => {
    const { retention, index } = setup({ a: 4 });
    const [first] = retention.oldestClosedSegments({ limit: 1 });
    fs.rmSync(first!.path);
    const orphan = path.join(index.streamFolder('a'), 'seg_99999.mkv');
    fs.writeFileSync(orphan, Buffer.alloc(1000));
    const report = await reconcileArchives(retention);
    expect(report).toEqual({ missingFilesRemoved: 1, orphanFilesFound: 1, orphanFilesAdopted: 1 });
    const adopted = retention.allSegments().find((s) => s.path === orphan);
    expect(adopted).toMatchObject({ active: false });
    expect(await reconcileArchives(retention)).toEqual({ missingFilesRemoved: 0, orphanFilesFound: 0, orphanFilesAdopted: 0 });
  });
});
