/**
 * Retention and disk through a real recorder on a small volume (a 16 MB
 * tmpfs, so the disk threshold is reached for real): with the threshold
 * below what the archives take, the cleaner removes the oldest segments
 * first, keeps the one being written, and the disk figures show the volume
 * back under the threshold. Also the disk and disk-usage APIs and who may
 * read them. Mounting needs root; without it these tests are skipped.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCameraSim, type CameraSim } from '../../../server/camera-sim/camera-sim';
import type { CamerasDiskUsageResponse, DiskUtilization } from '../../../server/shared/api';
import { freePort } from '../helpers/free-port';
import { call } from '../helpers/recorder-process';
import { roleTokens, startOpsRecorder, type OpsRecorder } from './ops-recorder';
import { seedRecording, type SeededStream } from './seed-recording';

const THRESHOLD = 30;
let mountPoint = '';
let mounted = false;

let sim: CameraSim;
let recorder: OpsRecorder;
let seeded: SeededStream;
let tokens: { admin: string; manager: string; viewer: string };

beforeAll(async () => {
  mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-retention-'));
  mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', mountPoint]).status === 0;
  if (!mounted) return;
  sim = await startCameraSim({ count: 1, basePort: (await freePort()) + 100, motion: true });
  const camera = sim.cameras[0]!;
  seeded = await seedRecording({
    dataDir: mountPoint,
    rtspUrl: camera.rtspUrls.main,
    onvifUrl: camera.onvifUrl,
    username: camera.username,
    password: camera.password,
    seconds: 40,
    segmentSeconds: 4,
    lastActive: true,
  });
  await sim.stop();
  recorder = await startOpsRecorder(mountPoint, ['--cleaner-threshold', String(THRESHOLD)]);
  tokens = await roleTokens(recorder.baseUrl);
}, 180_000);

afterAll(async () => {
  await recorder?.stop();
  await sim?.stop();
  if (mounted) spawnSync('umount', [mountPoint]);
  if (mountPoint) fs.rmSync(mountPoint, { recursive: true, force: true });
});

describe('retention on a full disk', () => {
  // Mounting a tmpfs needs root; elsewhere these tests are skipped, saying why.
  beforeEach((context) => {
    if (!mounted) context.skip('cannot mount a small tmpfs here (needs root)');
  });

  it('removes the oldest segments first, keeps the active one, and gets under the threshold', async () => {
    const exists = () => seeded.segments.map((s) => fs.existsSync(s.path));
    const deadline = Date.now() + 30_000;
    while (exists()[0] && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 500));
    const present = exists();
    const firstKept = present.indexOf(true);
    expect(firstKept).toBeGreaterThan(0);
    // Oldest first: everything before the first kept segment is gone, everything after it is still there.
    expect(present.slice(firstKept).every(Boolean)).toBe(true);
    expect(present.at(-1)).toBe(true);

    const disk = await call<DiskUtilization>(recorder.baseUrl, 'GET', '/service/server/utilization/disk', { token: tokens.manager });
    expect(disk.status).toBe(200);
    const { capacity, free } = disk.body.storage;
    expect(capacity).toBeGreaterThan(15 * 1024 * 1024);
    expect(capacity - free).toBeLessThanOrEqual(disk.body.maxUsage);
    expect(disk.body.thresholdPercentage).toBe(THRESHOLD);
    expect(disk.body.cleanerThreshold).toBeCloseTo(THRESHOLD / 100);
    const kept = seeded.segments.filter((s) => fs.existsSync(s.path)).reduce((sum, s) => sum + s.sizeBytes, 0);
    expect(disk.body.archivesSize).toBe(kept);
    expect(disk.body.bytesFromDeletedCameras).toBe(0);
    expect(recorder.running()).toBe(true);
  });

  it('reports per-camera usage to an Administrator with the spec’s fields', async () => {
    const usage = await call<CamerasDiskUsageResponse>(recorder.baseUrl, 'GET', '/service/cameras/disk-usage', { token: tokens.admin });
    expect(usage.status).toBe(200);
    const row = usage.body.cameras.find((c) => c.cameraId === seeded.cameraId)!;
    expect(Object.keys(row).sort()).toEqual(
      ['bytesEstimated', 'bytesEstimatedPerDay', 'bytesRecorded', 'calendarDays', 'cameraId', 'cameraName', 'daysDesired', 'daysEstimated', 'daysRecorded', 'isMotionOnly', 'override', 'secondsRecorded'].sort(),
    );
    expect(row.override).toBe(false);
    expect(row.bytesRecorded).toBeGreaterThan(0);
    expect(row.secondsRecorded).toBeLessThan(60);
    expect(row.bytesEstimatedPerDay).toBe(0); // under 60 s recorded: no estimate
    expect(usage.body.possible).toBe(true);
  });

  it('who may read: Manager the disk, Administrator the per-camera usage, Viewer neither', async () => {
    expect((await call(recorder.baseUrl, 'GET', '/service/server/utilization/disk', { token: tokens.viewer })).status).toBe(403);
    expect((await call(recorder.baseUrl, 'GET', '/service/cameras/disk-usage', { token: tokens.manager })).status).toBe(403);
    expect((await call(recorder.baseUrl, 'GET', '/service/cameras/disk-usage', { token: tokens.viewer })).status).toBe(403);
    expect((await call(recorder.baseUrl, 'GET', '/service/server/utilization/disk')).status).toBe(401);
  });
});
