/**
 * Export speed: one hour of archive (60 one-minute Matroska segments of
 * 1280x720 25 fps H.264 at 1.5 Mbit/s, a 1 s GOP, like the simulated
 * camera's main stream) exported as mkv and as mov through a real recorder,
 * read to the end by an HTTP client. Reports seconds, x realtime and MB/s,
 * with the files in the page cache (warm) and, when this process may drop
 * the cache (root), from disk (cold). The minute is encoded once from a
 * lavfi test source and copied 60 times, so building the hour takes
 * seconds, not an hour.
 */
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate } from '../server/recorder/core/db/database';
import { signIn, startRecorder } from '../tests/integration/helpers/recorder-process';
import { seedCamera } from '../tests/integration/helpers/seed-recording';
import { higher, lower, type Figures } from './lib/figures';
import { printTable, writeResults } from './lib/report';

const MINUTES = 60;
const SEGMENT_MS = 60_000;

function buildHour(dataDir: string): { streamId: string; startMs: number; bytes: number } {
  const ids = seedCamera({ dataDir, rtspUrl: 'rtsp://127.0.0.1:1/none', onvifUrl: 'http://127.0.0.1:1/onvif/device_service', username: '', password: '' });
  const folder = path.join(dataDir, 'orchives', ids.streamId);
  fs.mkdirSync(folder, { recursive: true });
  const minute = path.join(dataDir, 'minute.mkv');
  const encoded = spawnSync('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25', '-t', '60',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-b:v', '1500k', '-maxrate', '1500k', '-bufsize', '3000k',
    '-g', '25', '-bf', '0', '-pix_fmt', 'yuv420p', '-f', 'matroska', minute,
  ]);
  if (encoded.status !== 0) throw new Error(`encoding failed: ${encoded.stderr.toString()}`);
  const startMs = Date.now() - 2 * 3_600_000;
  const db = new Database(path.join(dataDir, 'recorder.db'));
  migrate(db);
  const insert = db.prepare('INSERT INTO archives (stream_id, camera_id, start_ms, end_ms, path, size_bytes, active) VALUES (?, ?, ?, ?, ?, ?, 0)');
  let bytes = 0;
  for (let i = 0; i < MINUTES; i++) {
    const file = path.join(folder, `bench_${String(i).padStart(5, '0')}.mkv`);
    fs.copyFileSync(minute, file);
    const size = fs.statSync(file).size;
    bytes += size;
    insert.run(ids.streamId, ids.cameraId, startMs + i * SEGMENT_MS, startMs + (i + 1) * SEGMENT_MS, path.relative(dataDir, file), size);
  }
  db.close();
  fs.rmSync(minute);
  return { streamId: ids.streamId, startMs, bytes };
}

function dropCaches(): boolean {
  spawnSync('sync');
  try {
    fs.writeFileSync('/proc/sys/vm/drop_caches', '3');
    return true;
  } catch {
    return false; // not root: only the warm figures
  }
}

async function exportOnce(url: string, token: string): Promise<{ seconds: number; bytes: number; firstByteMs: number }> {
  const t0 = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200 || !response.body) throw new Error(`export answered ${response.status}: ${await response.text()}`);
  let firstByteMs = 0;
  let bytes = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (bytes === 0) firstByteMs = performance.now() - t0;
    bytes += value.length;
  }
  return { seconds: (performance.now() - t0) / 1000, bytes, firstByteMs };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-export-bench-'));
  const built = performance.now();
  const hour = buildHour(dataDir);
  const buildSeconds = (performance.now() - built) / 1000;
  const recorder = await startRecorder({ dataDir });
  try {
    const token = await signIn(recorder.baseUrl, 'admin', 'secret');
    const base = `${recorder.baseUrl}/service/streams/${hour.streamId}/export?start=${hour.startMs}&stop=${hour.startMs + MINUTES * SEGMENT_MS}`;
    const rows: Array<Record<string, string | number>> = [];
    for (const format of ['mkv', 'mov'] as const) {
      const cases: Array<'warm' | 'cold'> = ['warm'];
      if (dropCaches()) cases.push('cold');
      for (const cache of cases) {
        if (cache === 'cold') dropCaches();
        else await exportOnce(`${base}&format=${format}`, token); // fill the page cache
        const run = await exportOnce(`${base}&format=${format}`, token);
        rows.push({
          format,
          cache,
          archiveMinutes: MINUTES,
          seconds: Number(run.seconds.toFixed(2)),
          xRealtime: Math.round((MINUTES * 60) / run.seconds),
          MBps: Number((run.bytes / 1e6 / run.seconds).toFixed(1)),
          outputMB: Number((run.bytes / 1e6).toFixed(1)),
          firstByteMs: Math.round(run.firstByteMs),
        });
      }
    }
    printTable(`Export of one hour of archive (${(hour.bytes / 1e6).toFixed(0)} MB, built in ${buildSeconds.toFixed(1)} s)`, rows);
    const figures: Figures = {};
    for (const row of rows) {
      figures[`${row.format}, ${row.cache}: x realtime`] = higher(Number(row.xRealtime));
      figures[`${row.format}, ${row.cache}: first byte ms`] = lower(Number(row.firstByteMs));
    }
    console.log(`written: ${writeResults('export', { archiveBytes: hour.bytes, buildSeconds: Number(buildSeconds.toFixed(1)), runs: rows }, figures)}`);
  } finally {
    await recorder.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
