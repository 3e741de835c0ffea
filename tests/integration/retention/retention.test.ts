/**
 * Retention end to end on a small volume (a 32 MB tmpfs, so the disk
 * threshold is reached for real): a simulated camera registered by ONVIF is
 * recorded continuously into several segments (each system-status Restart
 * closes one, so this needs no wait for minute boundaries); a ballast file
 * then pushes the volume over the cleaner threshold. The cleaner removes the
 * oldest segments first (index rows and files), keeps the one being written,
 * recording goes on, and the disk and per-camera usage APIs agree with the
 * index. Also who may read them. Mounting needs root; without it these tests
 * are skipped.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CameraSim } from '../../../server/camera-sim/camera-sim';
import type { Archive, CamerasDiskUsageResponse, DiskUtilization, StreamStatus } from '../../../server/shared/api';
import { call, startRecorder, type RecorderProcess } from '../helpers/recorder-process';
import { waitFor } from '../recorder/helpers/media-recorder';
import { startSimulator } from '../recorder/helpers/simulator';
import { roleTokens } from '../helpers/ops-recorder';
import { archiveFiles, listArchives, registerRecordedCamera, type RecordedCamera } from '../helpers/recorded-camera';

const THRESHOLD = 50;
const VOLUME_MB = 32;
/** Closed segments to record before the volume is filled. */
const CLOSED_SEGMENTS = 4;
const SEGMENT_MS = 6_000;

let mountPoint = '';
let mounted = false;
let sim: CameraSim;
let recorder: RecorderProcess;
let camera: RecordedCamera;
let tokens: { admin: string; manager: string; viewer: string };

const archives = () => listArchives(recorder.baseUrl, tokens.admin, camera.streamId);
const sumBytes = (list: Archive[]) => list.reduce((sum, a) => sum + a.sizeBytes, 0);

beforeAll(async () => {
  mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-retention-'));
  mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${VOLUME_MB}m`, 'tmpfs', mountPoint]).status === 0;
  if (!mounted) return;
  [recorder, sim] = await Promise.all([
    startRecorder({ dataDir: mountPoint, extraArgs: ['--cleaner-threshold', String(THRESHOLD), '--log-level', 'warn'] }),
    startSimulator(1, { motion: true }),
  ]);
  tokens = await roleTokens(recorder.baseUrl);
  camera = await registerRecordedCamera(recorder.baseUrl, tokens.admin, sim, 'Retained');
  // Restart closes the segment being written and opens the next one at once.
  const seen = new Set<number>();
  for (let i = 0; i < CLOSED_SEGMENTS; i++) {
    const active = await waitFor('a new active segment of 6 s', async () => (await archives()).find((a) => a.active && !seen.has(a.id) && a.end - a.start >= SEGMENT_MS));
    seen.add(active.id);
    const restarted = await call<StreamStatus>(recorder.baseUrl, 'POST', `/service/streams/${camera.streamId}/restart`, { token: tokens.admin });
    expect(restarted.status).toBe(200);
  }
  await waitFor(`${CLOSED_SEGMENTS} closed segments and recording again`, async () => {
    const list = await archives();
    return list.filter((a) => !a.active).length >= CLOSED_SEGMENTS && list.some((a) => a.active && !seen.has(a.id) && a.end - a.start >= 2000) ? true : undefined;
  });
}, 150_000);

afterAll(async () => {
  await recorder?.stop();
  await sim?.stop();
  if (mounted) await unmount(mountPoint);
  if (mountPoint) fs.rmSync(mountPoint, { recursive: true, force: true });
});

/** The recorder's last children may still be closing files for a moment after it exits; a lazy unmount is the last resort. */
async function unmount(folder: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (spawnSync('umount', [folder]).status !== 0) {
    if (Date.now() > deadline) {
      spawnSync('umount', ['-l', folder]);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('retention on a full disk', () => {
  // Mounting a tmpfs needs root; elsewhere these tests are skipped, saying why.
  beforeEach((context) => {
    if (!mounted) context.skip('cannot mount a small tmpfs here (needs root)');
  });

  it('removes the oldest segments first (rows and files), keeps the active one, and recording goes on', async () => {
    const before = await archives();
    const files = archiveFiles(mountPoint);
    const closed = before.filter((a) => !a.active);
    const active = before.find((a) => a.active)!;
    expect(closed.length).toBeGreaterThanOrEqual(CLOSED_SEGMENTS);
    expect(before.every((a) => fs.existsSync(files.get(a.id)!))).toBe(true);

    // Fill the volume to just over the threshold: half the oldest segment too much.
    const volume = fs.statfsSync(mountPoint);
    const capacity = volume.blocks * volume.bsize;
    const used = (volume.blocks - volume.bfree) * volume.bsize;
    const ballastBytes = Math.floor((capacity * THRESHOLD) / 100) - used + Math.ceil(closed[0]!.sizeBytes / 2);
    expect(ballastBytes).toBeGreaterThan(0);
    const ballast = path.join(mountPoint, 'ballast.bin');
    fs.writeFileSync(ballast, Buffer.alloc(ballastBytes, 1));
    try {
      await waitFor('the cleaner to remove the oldest segment', () => (fs.existsSync(files.get(closed[0]!.id)!) ? undefined : true), 30_000);
    } finally {
      // Space given back, so the cleaner stops here and what it did can be looked at.
      fs.rmSync(ballast, { force: true });
    }

    const after = await archives();
    const keptIds = new Set(after.map((a) => a.id));
    const removed = before.filter((a) => !keptIds.has(a.id));
    expect(removed.length).toBeGreaterThanOrEqual(1);
    // Oldest first: what went is exactly the oldest segments, all of them closed.
    expect(removed.map((a) => a.id)).toEqual(before.slice(0, removed.length).map((a) => a.id));
    expect(removed.every((a) => !a.active)).toBe(true);
    expect(removed.every((a) => !fs.existsSync(files.get(a.id)!))).toBe(true);
    const kept = before.slice(removed.length);
    expect(kept.some((a) => !a.active)).toBe(true);
    expect(kept.every((a) => keptIds.has(a.id) && fs.existsSync(files.get(a.id)!))).toBe(true);
    // The segment being written stays.
    expect(keptIds.has(active.id)).toBe(true);

    // Recording goes on: the newest video moves past what was there after the clean.
    const newestEnd = Math.max(...after.map((a) => a.end));
    await waitFor('recording to go on after the clean', async () => ((await archives()).some((a) => a.end > newestEnd + 2000) ? true : undefined));
    const status = await call<StreamStatus>(recorder.baseUrl, 'GET', `/service/streams/${camera.streamId}/status`, { token: tokens.admin });
    expect(status.body.streamState).toBe('running');
  });

  it('disk and per-camera usage agree with the volume and the index', async () => {
    const first = await archives();
    const disk = await call<DiskUtilization>(recorder.baseUrl, 'GET', '/service/server/utilization/disk', { token: tokens.manager });
    const usage = await call<CamerasDiskUsageResponse>(recorder.baseUrl, 'GET', '/service/cameras/disk-usage', { token: tokens.admin });
    const last = await archives();
    expect([disk.status, usage.status]).toEqual([200, 200]);
    // The segment being written grows between the calls: figures lie between two readings of the index.
    const [low, high] = [sumBytes(first), sumBytes(last)];

    const { capacity, free, unavailable } = disk.body.storage;
    expect(capacity).toBeGreaterThan(VOLUME_MB * 1024 * 1024 * 0.95);
    expect(capacity).toBeLessThanOrEqual(VOLUME_MB * 1024 * 1024);
    expect(disk.body.thresholdPercentage).toBe(THRESHOLD);
    expect(disk.body.cleanerThreshold).toBeCloseTo(THRESHOLD / 100);
    expect(disk.body.maxUsage).toBe(Math.floor((capacity * THRESHOLD) / 100));
    expect(capacity - free).toBeLessThanOrEqual(disk.body.maxUsage);
    expect(disk.body.archivesSize).toBeGreaterThanOrEqual(low);
    expect(disk.body.archivesSize).toBeLessThanOrEqual(high);
    // Besides archives only the database is on the volume (the ballast is gone).
    expect(unavailable).toBe(Math.max(0, capacity - free - disk.body.archivesSize));
    expect(unavailable).toBeLessThan(4 * 1024 * 1024);
    expect(disk.body.availableUpToThreshold).toBe(Math.max(0, disk.body.maxUsage - unavailable));
    expect(disk.body.bytesFromDeletedCameras).toBe(0);

    const row = usage.body.cameras.find((c) => c.cameraId === camera.cameraId)!;
    expect(Object.keys(row).sort()).toEqual(
      ['bytesEstimated', 'bytesEstimatedPerDay', 'bytesRecorded', 'calendarDays', 'cameraId', 'cameraName', 'daysDesired', 'daysEstimated', 'daysRecorded', 'isMotionOnly', 'override', 'secondsRecorded'].sort(),
    );
    expect(row).toMatchObject({ cameraName: 'Retained', override: false, isMotionOnly: false });
    expect(row.bytesRecorded).toBeGreaterThanOrEqual(low);
    expect(row.bytesRecorded).toBeLessThanOrEqual(high);
    const seconds = (list: Archive[]) => list.reduce((sum, a) => sum + (a.end - a.start), 0) / 1000;
    expect(row.secondsRecorded).toBeGreaterThanOrEqual(Math.floor(seconds(first)) - 1);
    expect(row.secondsRecorded).toBeLessThanOrEqual(Math.ceil(seconds(last)) + 1);
    // Both answers measure the same volume a moment apart.
    expect(Math.abs(usage.body.availableUpToThreshold - disk.body.availableUpToThreshold)).toBeLessThan(1024 * 1024);
  });

  it('who may read: Manager the disk, Administrator the per-camera usage, Viewer neither', async () => {
    expect((await call(recorder.baseUrl, 'GET', '/service/server/utilization/disk', { token: tokens.viewer })).status).toBe(403);
    expect((await call(recorder.baseUrl, 'GET', '/service/cameras/disk-usage', { token: tokens.manager })).status).toBe(403);
    expect((await call(recorder.baseUrl, 'GET', '/service/cameras/disk-usage', { token: tokens.viewer })).status).toBe(403);
    expect((await call(recorder.baseUrl, 'GET', '/service/server/utilization/disk')).status).toBe(401);
  });
});
