/**
 * A full disk, on a real 48 MiB tmpfs holding the recorder's whole data
 * folder (database, archives, keys): the recorder records a simulated
 * camera in 10 s segments, then a ballast file leaves almost no room. For
 * 15 s the recorder is polled: it must keep answering (no server error),
 * the retention cleaner must remove the oldest segments first, and when
 * the ballast goes, recording must carry on by itself with segments that
 * decode, and the database must be intact.
 *
 * Needs root to mount the tmpfs (CI runs as root); without it the test is
 * skipped with that reason.
 */
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CameraSim } from '../../../server/camera-sim/camera-sim';
import { registerSimCamera } from '../helpers/sim-camera';
import { decodeAll } from '../recorder/helpers/frames';
import { startMediaRecorder, waitFor, type MediaRecorder } from '../recorder/helpers/media-recorder';
import { startSimulator } from '../recorder/helpers/simulator';
import { archivesOf } from './helpers';

const VOLUME_MB = 48;
const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-full-disk-'));
let mounted = false;
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${VOLUME_MB}m`, 'tmpfs', mountPoint], { stdio: 'ignore' });
  mounted = true;
} catch {
  console.warn('disk-full test skipped: mounting a tmpfs needs root');
}

let sim: CameraSim;
let recorder: MediaRecorder;
const dataDir = path.join(mountPoint, 'data');
const ballast = path.join(mountPoint, 'ballast');

beforeAll(async () => {
  if (!mounted) return;
  sim = await startSimulator(1);
  recorder = await startMediaRecorder({ dataDir, extraArgs: ['--segment-seconds', '10', '--cleaner-threshold', '95'] });
}, 120_000);

afterAll(async () => {
  await recorder?.stop();
  await sim?.stop();
  if (mounted) execFileSync('umount', ['-l', mountPoint]);
  fs.rmSync(mountPoint, { recursive: true, force: true });
});

it.skipIf(!mounted)('keeps running on a full disk, cleans oldest first, and records again once there is room', async () => {
  const streamId = (await registerSimCamera(recorder, sim.cameras[0]!, 'Full disk', { mainOnly: true })).streams[0]!.id;
  await waitFor('six closed segments', async () => ((await archivesOf(recorder, streamId)).filter((a) => !a.active).length >= 6 ? true : undefined), 120_000);
  const before = await archivesOf(recorder, streamId);

  // Leave 256 KiB: the next segments cannot be written until the cleaner (or the operator) makes room.
  const { bavail, bsize } = fs.statfsSync(mountPoint);
  fs.writeFileSync(ballast, Buffer.alloc(Math.max(0, bavail * bsize - 256 * 1024)));
  const fullAtMs = Date.now();
  const failures: string[] = [];
  let polls = 0;
  while (Date.now() - fullAtMs < 15_000) {
    polls++;
    for (const url of ['/service/ping', `/service/archives?streamId=${streamId}&take=1000`, `/service/streams/${streamId}/status`]) {
      try {
        const reply = await recorder.call('GET', url);
        if (reply.status >= 500) failures.push(`${url}: ${reply.status}`);
      } catch (error) {
        failures.push(`${url}: ${String(error)}`);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  expect(failures, `the recorder's output:\n${recorder.output().slice(-3_000)}`).toEqual([]);

  // Oldest first: whatever of the earlier segments is left is newer than everything removed.
  const during = await archivesOf(recorder, streamId);
  const kept = new Set(during.map((a) => a.id));
  const removed = before.filter((a) => !kept.has(a.id));
  const survivors = before.filter((a) => kept.has(a.id));
  expect(removed.length, 'the cleaner removed segments to make room').toBeGreaterThan(0);
  if (survivors.length > 0) expect(Math.min(...survivors.map((a) => a.start))).toBeGreaterThan(Math.max(...removed.map((a) => a.start)));

  fs.rmSync(ballast);
  const freedAtMs = Date.now();
  const fresh = await waitFor('a segment recorded after the disk had room again', async () =>
    (await archivesOf(recorder, streamId)).find((a) => a.start >= freedAtMs - 1_000 && a.end - a.start >= 3_000), 90_000);
  console.log(
    `disk full: ${polls} polls without a server error; ${removed.length} of ${before.length} earlier segments removed oldest first; ` +
      `segments of ${(before.reduce((sum, a) => sum + a.sizeBytes, 0) / before.length / 1e6).toFixed(2)} MB; recording again ${((fresh.start - freedAtMs) / 1000).toFixed(1)} s after room was made`,
  );
  await recorder.stop();
  const db = new Database(path.join(dataDir, 'recorder.db'), { readonly: true });
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const files = (db.prepare('SELECT path FROM archives WHERE stream_id = ? AND active = 0 AND start_ms >= ?').all(streamId, freedAtMs - 1_000) as Array<{ path: string }>);
    for (const file of files) expect((await decodeAll(path.join(dataDir, file.path))).frames).toBeGreaterThan(0);
  } finally {
    db.close();
  }
}, 300_000);
