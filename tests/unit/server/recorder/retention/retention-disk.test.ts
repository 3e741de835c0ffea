import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../../server/recorder/core/db/database';
import { ApiError } from '../../../../../server/common/api-error';
import { cameraTotals } from '../../../../../server/recorder/retention/disk-service';
import { bytesToFree, cleanerHeadroomBytes, diskUtilization } from '../../../../../server/recorder/retention/disk-utilization';
import { bytesPerDay, estimateRetention, roundDays, withinBudget, type CameraRecordingTotals } from '../../../../../server/recorder/retention/retention-estimate';
import { checkRetentionMs, RetentionOverrides } from '../../../../../server/recorder/retention/retention-overrides';
import { humanizeLastArchive, lastArchiveWrittenIssue, StreamRecordingActions } from '../../../../../server/recorder/cameras/stream-recording-health';
import { DAY_MS } from '../../../../../server/shared/validation';

const GB = 1e9;
const now = 1_700_000_000_000;

describe('disk utilization (spec 3)', () => {
  it('splits the volume into archives, other data and free space', () => {
    const d = diskUtilization({ capacityBytes: 1000 * GB, freeBytes: 400 * GB }, 500 * GB, 50 * GB, 90);
    expect(d.storage).toEqual({ capacity: 1000 * GB, free: 400 * GB, unavailable: 100 * GB });
    expect(d.unavailablePercentage).toBe(10);
    expect(d.cleanerThreshold).toBe(0.9);
    expect(d.thresholdPercentage).toBe(90);
    expect(d.maxUsage).toBe(900 * GB);
    expect(d.availableUpToThreshold).toBe(800 * GB);
    expect(d.archivesSize).toBe(500 * GB);
    expect(d.bytesFromDeletedCameras).toBe(50 * GB);
  });

  it('never answers negative space', () => {
    const d = diskUtilization({ capacityBytes: 100, freeBytes: 5 }, 200, 0, 50);
    expect(d.storage.unavailable).toBe(0);
    expect(diskUtilization({ capacityBytes: 100, freeBytes: 0 }, 0, 0, 50).availableUpToThreshold).toBe(0);
  });

  it('frees down to the threshold minus headroom, nothing while under it', () => {
    expect(bytesToFree({ capacityBytes: 1000, freeBytes: 200 }, 90, 10)).toBe(0);
    expect(bytesToFree({ capacityBytes: 1000, freeBytes: 50 }, 90, 10)).toBe(60);
    expect(cleanerHeadroomBytes(1000 * GB)).toBe(1024 ** 3);
    expect(cleanerHeadroomBytes(64 * 1024 * 1024)).toBe(Math.floor(64 * 1024 * 1024 * 0.01));
  });
});

const camera = (over: Partial<CameraRecordingTotals>): CameraRecordingTotals => ({
  cameraId: 'c',
  cameraName: 'C',
  bytesRecorded: 0,
  secondsRecorded: 0,
  oldestStartMs: null,
  isMotionOnly: false,
  overrideMs: 0,
  ...over,
});

describe('retention estimate (spec 3, 4, 9)', () => {
  it('a day is 86400 s; nothing is estimated under 60 s recorded', () => {
    expect(bytesPerDay(camera({ bytesRecorded: 1000, secondsRecorded: 59 }), now)).toBe(0);
    expect(bytesPerDay(camera({ bytesRecorded: 6000, secondsRecorded: 60 }), now)).toBe(100 * 86_400);
  });

  it('a motion-only camera is rated per second of calendar span', () => {
    const c = camera({ bytesRecorded: 86_400, secondsRecorded: 3600, isMotionOnly: true, oldestStartMs: now - DAY_MS });
    expect(bytesPerDay(c, now)).toBe(86_400);
  });

  it('shares the budget left by overrides equally in days among automatic cameras', () => {
    const perDay = 100 * 86_400; // 100 B/s
    const cams = [
      camera({ cameraId: 'a', bytesRecorded: 6000, secondsRecorded: 60 }),
      camera({ cameraId: 'b', bytesRecorded: 12_000, secondsRecorded: 60 }),
      camera({ cameraId: 'o', bytesRecorded: 6000, secondsRecorded: 60, overrideMs: 2 * DAY_MS }),
    ];
    const budget = 2 * perDay + 10 * 3 * perDay;
    const r = estimateRetention(cams, budget, now);
    expect(r.cameras.map((c) => [c.cameraId, c.daysEstimated, c.daysDesired, c.override])).toEqual([
      ['a', 10, 10, false],
      ['b', 10, 10, false],
      ['o', 2, 2, true],
    ]);
    expect(r.cameras[1]!.bytesEstimatedPerDay).toBe(2 * perDay);
    expect(r.possible).toBe(true);
  });

  it('flags overrides that do not fit (0.1 % tolerance) and shortens them alike', () => {
    const perDay = 100 * 86_400;
    const cams = [camera({ cameraId: 'o', bytesRecorded: 6000, secondsRecorded: 60, overrideMs: 10 * DAY_MS })];
    expect(estimateRetention(cams, 10 * perDay * 0.9995, now).possible).toBe(true);
    const tight = estimateRetention(cams, 5 * perDay, now);
    expect(tight.possible).toBe(false);
    expect(tight.cameras[0]).toMatchObject({ daysDesired: 10, daysEstimated: 5, bytesEstimated: 10 * perDay });
    expect(withinBudget(1001, 1000)).toBe(true);
    expect(withinBudget(1002, 1000)).toBe(false);
  });

  it('reports recorded days, seconds and calendar days to 0.1', () => {
    const r = estimateRetention([camera({ bytesRecorded: 10, secondsRecorded: 43_200, oldestStartMs: now - 1.26 * DAY_MS })], 0, now);
    expect(r.cameras[0]).toMatchObject({ daysRecorded: 0.5, secondsRecorded: 43_200, calendarDays: 1.3, daysEstimated: 0 });
    expect(roundDays(2.449)).toBe(2.4);
  });

  it('adds a camera’s streams: bytes summed, time of its longest stream, oldest start', () => {
    const totals = cameraTotals(
      { id: 'c', name: 'C', streams: [{ id: 's1', motionOnly: false }, { id: 's2', motionOnly: false }] },
      new Map([
        ['s1', { streamId: 's1', bytes: 100, seconds: 50, oldestStartMs: 5, newestEndMs: 9 }],
        ['s2', { streamId: 's2', bytes: 30, seconds: 70, oldestStartMs: 3, newestEndMs: 9 }],
      ]),
      0,
    );
    expect(totals).toMatchObject({ bytesRecorded: 130, secondsRecorded: 70, oldestStartMs: 3, isMotionOnly: false });
  });
});

describe('retention overrides (spec 5)', () => {
  it('stores ms from 0 to 10000 days; 0 clears', () => {
    const db = new Database(':memory:');
    migrate(db);
    const overrides = new RetentionOverrides(db);
    expect(overrides.get('c')).toBe(0);
    expect(overrides.set('c', 30 * DAY_MS)).toBe(30 * DAY_MS);
    expect(overrides.all().get('c')).toBe(30 * DAY_MS);
    overrides.set('c', 0);
    expect(overrides.get('c')).toBe(0);
    expect(checkRetentionMs(10_000 * DAY_MS)).toBe(10_000 * DAY_MS);
    for (const bad of [-1, 10_000 * DAY_MS + 1, 1.5, '5', null]) {
      expect(() => checkRetentionMs(bad)).toThrow(ApiError);
    }
  });
});

describe('recording health (spec 3, 9)', () => {
  it('a last archive older than 120 s is an issue; proxy-only streams never are', () => {
    expect(lastArchiveWrittenIssue(now - 120_000, now)).toBe(false);
    expect(lastArchiveWrittenIssue(now - 120_001, now)).toBe(true);
    expect(lastArchiveWrittenIssue(null, now)).toBe(true);
    expect(lastArchiveWrittenIssue(null, now, false)).toBe(false);
  });

  it('humanizes the age', () => {
    expect(humanizeLastArchive(null, now)).toBe('never');
    expect(humanizeLastArchive(now - 2000, now)).toBe('just now');
    expect(humanizeLastArchive(now - 45_000, now)).toBe('45 seconds ago');
    expect(humanizeLastArchive(now - 3 * 60_000, now)).toBe('3 minutes ago');
    expect(humanizeLastArchive(now - 3 * 3_600_000, now)).toBe('3 hours ago');
    expect(humanizeLastArchive(now - 3 * DAY_MS, now)).toBe('3 days ago');
  });

  it('restart shows restarting, coalesces repeats within 60 s, and verify reports', async () => {
    let t = now;
    let state: 'running' | 'starting' = 'running';
    let restarts = 0;
    const actions = new StreamRecordingActions(
      { state: () => state, restart: () => void restarts++, lastArchiveMs: () => t - 10_000, recording: () => true },
      () => t,
    );
    expect(await actions.restart('s')).toBe('restarting');
    state = 'starting';
    expect(await actions.restart('s')).toBe('restarting');
    expect(restarts).toBe(1);
    expect(actions.verify('s')).toMatchObject({ success: false });
    t += 5000;
    state = 'running';
    expect(actions.state('s')).toBe('running');
    expect(actions.verify('s')).toMatchObject({ success: true });
    t += 61_000;
    await actions.restart('s');
    expect(restarts).toBe(2);
  });
});
