/**
 * Per-camera retention overrides against a real recorder (spec 3
 * camera.retention, spec 5 "Retention override"): two simulated ONVIF
 * cameras are registered and recorded continuously into a few closed
 * segments each (a system-status Restart closes the segment being written,
 * so no wait for segment boundaries). The recorder runs its cleaner every
 * 2 s (--cleaner-interval-seconds) so a pass is seen without waiting a
 * minute.
 *
 * - PATCH /service/cameras/{id} { retention } is what GET
 *   /service/cameras/disk-usage then reports (override flag, desired days,
 *   the bytes those days need), and 0 gives the camera back to automatic.
 * - The cleaner removes the archives (rows and files) of a camera older than
 *   its override, keeps the segment being written, and leaves a camera whose
 *   override its archives are younger than alone.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CameraSim } from '../../../server/camera-sim/camera-sim';
import type { Camera, CamerasDiskUsageResponse, CameraDiskUsage, StreamStatus } from '../../../server/shared/api';
import { DAY_MS } from '../../../server/shared/validation';
import { call, startRecorder, type RecorderProcess } from '../helpers/recorder-process';
import { waitFor } from '../recorder/helpers/media-recorder';
import { startSimulator } from '../recorder/helpers/simulator';
import { roleTokens } from '../helpers/ops-recorder';
import { archiveFiles, listArchives, registerRecordedCamera, type RecordedCamera } from '../helpers/recorded-camera';

/** Closed segments to record per camera before the overrides are set. */
const CLOSED_SEGMENTS = 2;
const SEGMENT_MS = 4_000;

let sim: CameraSim;
let recorder: RecorderProcess;
let short: RecordedCamera;
let long: RecordedCamera;
let tokens: { admin: string; manager: string; viewer: string };

const archives = (camera: RecordedCamera) => listArchives(recorder.baseUrl, tokens.admin, camera.streamId);

async function usageRow(camera: RecordedCamera): Promise<CameraDiskUsage> {
  const usage = await call<CamerasDiskUsageResponse>(recorder.baseUrl, 'GET', '/service/cameras/disk-usage', { token: tokens.admin });
  expect(usage.status).toBe(200);
  const row = usage.body.cameras.find((c) => c.cameraId === camera.cameraId);
  if (!row) throw new Error(`no disk-usage row for ${camera.cameraId}`);
  return row;
}

const patchRetention = (camera: RecordedCamera, retention: unknown, token = tokens.admin) =>
  call<Camera & { reason?: string }>(recorder.baseUrl, 'PATCH', `/service/cameras/${camera.cameraId}`, { token, json: { retention } });

/** Closes `count` segments of the camera's main stream and waits until it records again. */
async function recordClosedSegments(camera: RecordedCamera, count: number): Promise<void> {
  const seen = new Set<number>();
  for (let i = 0; i < count; i++) {
    const active = await waitFor('a new active segment', async () => (await archives(camera)).find((a) => a.active && !seen.has(a.id) && a.end - a.start >= SEGMENT_MS));
    seen.add(active.id);
    const restarted = await call<StreamStatus>(recorder.baseUrl, 'POST', `/service/streams/${camera.streamId}/restart`, { token: tokens.admin });
    expect(restarted.status).toBe(200);
  }
  await waitFor(`${count} closed segments and recording again`, async () => {
    const list = await archives(camera);
    return list.filter((a) => !a.active).length >= count && list.some((a) => a.active && !seen.has(a.id)) ? true : undefined;
  });
}

beforeAll(async () => {
  [recorder, sim] = await Promise.all([
    startRecorder({ extraArgs: ['--cleaner-interval-seconds', '2', '--log-level', 'warn'] }),
    startSimulator(2, { motion: true }),
  ]);
  tokens = await roleTokens(recorder.baseUrl);
  short = await registerRecordedCamera(recorder.baseUrl, tokens.admin, sim, 'Short', 0);
  long = await registerRecordedCamera(recorder.baseUrl, tokens.admin, sim, 'Long', 1);
  await Promise.all([recordClosedSegments(short, CLOSED_SEGMENTS), recordClosedSegments(long, CLOSED_SEGMENTS)]);
}, 150_000);

afterAll(async () => {
  await recorder?.stop();
  await sim?.stop();
  if (recorder) fs.rmSync(recorder.dataDir, { recursive: true, force: true });
});

describe('retention overrides', () => {
  it('PATCH retention is what the disk usage reports; 0 gives the camera back to automatic', async () => {
    expect(await usageRow(long)).toMatchObject({ override: false });

    const set = await patchRetention(long, 7 * DAY_MS);
    expect(set.status).toBe(200);
    expect(set.body.retention).toBe(7 * DAY_MS);
    const row = await usageRow(long);
    expect(row).toMatchObject({ cameraName: 'Long', override: true, daysDesired: 7 });
    // What 7 days need at the camera's rate (both rounded by the server).
    expect(Math.abs(row.bytesEstimated - 7 * row.bytesEstimatedPerDay)).toBeLessThanOrEqual(7);
    expect(row.bytesRecorded).toBeGreaterThan(0);
    expect(await usageRow(short)).toMatchObject({ override: false });

    const cleared = await patchRetention(long, 0);
    expect(cleared.status).toBe(200);
    expect(cleared.body.retention).toBe(0);
    expect(await usageRow(long)).toMatchObject({ override: false });
  });

  it('refuses retention outside 0-10000 days or not a number, and from a Manager', async () => {
    const tooLong = await patchRetention(long, 10_001 * DAY_MS);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.reason).toBe('Retention must be between 0 and 10000 days.');
    expect((await patchRetention(long, -DAY_MS)).status).toBe(400);
    expect((await patchRetention(long, '7')).status).toBe(400);
    expect((await patchRetention(long, 7 * DAY_MS, tokens.manager)).status).toBe(403);
    expect(await usageRow(long)).toMatchObject({ override: false });
  });

  it('the cleaner removes a camera’s archives older than its override, keeps the one being written and other cameras’ archives', async () => {
    const shortBefore = await archives(short);
    const longBefore = await archives(long);
    const shortClosed = shortBefore.filter((a) => !a.active);
    const longClosed = longBefore.filter((a) => !a.active);
    expect(shortClosed.length).toBeGreaterThanOrEqual(CLOSED_SEGMENTS);
    expect(longClosed.length).toBeGreaterThanOrEqual(CLOSED_SEGMENTS);
    const files = archiveFiles(recorder.dataDir);
    expect([...shortClosed, ...longClosed].every((a) => fs.existsSync(files.get(a.id)!))).toBe(true);
    const shortBytesBefore = (await usageRow(short)).bytesRecorded;

    // Short keeps one second; Long keeps a day, longer than anything it has recorded.
    expect((await patchRetention(short, 1000)).status).toBe(200);
    expect((await patchRetention(long, DAY_MS)).status).toBe(200);

    const shortIds = new Set(shortClosed.map((a) => a.id));
    await waitFor('the cleaner to remove Short’s closed segments', async () => ((await archives(short)).some((a) => shortIds.has(a.id)) ? undefined : true), 30_000);

    // Rows and files of Short's old segments are gone (the cleaner removes the rows first, then the files); recording goes on.
    await waitFor('the cleaner to delete Short’s closed segment files', () => (shortClosed.every((a) => !fs.existsSync(files.get(a.id)!)) ? true : undefined), 10_000);
    expect((await archives(short)).some((a) => a.active)).toBe(true);

    // Long's segments are all younger than a day: every one is kept, rows and files.
    const longIds = new Set((await archives(long)).map((a) => a.id));
    expect(longClosed.every((a) => longIds.has(a.id) && fs.existsSync(files.get(a.id)!))).toBe(true);

    // The disk usage follows the index: Short's removed segments no longer count (the active one grows between the readings).
    const sum = (list: Array<{ sizeBytes: number }>) => list.reduce((total, a) => total + a.sizeBytes, 0);
    const low = sum(await archives(short));
    const shortRow = await usageRow(short);
    const high = sum(await archives(short));
    expect(shortRow).toMatchObject({ override: true });
    expect(shortRow.bytesRecorded).toBeGreaterThanOrEqual(low);
    expect(shortRow.bytesRecorded).toBeLessThanOrEqual(high);
    expect(shortRow.bytesRecorded).toBeLessThan(shortBytesBefore);
    expect(await usageRow(long)).toMatchObject({ override: true, daysDesired: 1 });
  });
});
