/**
 * The System report's two server costs (issue: server administration):
 *
 * 1. GET /service/server/report over 30 days on 16 streams: each stream with
 *    a 10-minute segment for every 10 minutes of the month (69,120 archive
 *    rows, each with its file, so the recorder's start-up reconcile keeps
 *    them), 40 motion events a day, a stream event every 20 minutes, and a
 *    sign-in every 10 minutes. Measured over HTTP against a real recorder on
 *    that folder (response time and size), beside its baseline: the bare SQL
 *    of the same answer (the events of the range and one SUM per stream over
 *    the same better-sqlite3 file), so the ratio is what the service, JSON
 *    and HTTP add.
 * 2. GET /service/log?format=gzip of 1 GiB of log lines, as MB of log read
 *    per second, beside bare node:zlib gzip of the same files to nothing:
 *    the ratio is what the export's range filter and HTTP add.
 *
 * Prints the figures and writes bench/results/report.json.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { migrate } from '../server/recorder/core/db/database';
import { signIn, startRecorder } from '../tests/integration/helpers/recorder-process';
import { seedCamera } from '../tests/integration/helpers/seed-recording';
import { higher, lower, type Figures } from './lib/figures';
import { percentile, printTable, writeResults } from './lib/report';

const STREAMS = 16;
const DAYS = 30;
const DAY_MS = 86_400_000;
const SEGMENT_MS = 600_000;
const MOTION_PER_DAY = 40;
const STREAM_EVENT_EVERY_MS = 20 * 60_000;
const SIGN_IN_EVERY_MS = 10 * 60_000;
const REPORT_RUNS = 15;
const LOG_BYTES = 1024 ** 3;
const LOG_FILES = 8;

function seedMonth(dataDir: string, endMs: number): { streamIds: string[]; archives: number; events: number } {
  const startMs = endMs - DAYS * DAY_MS;
  const cameras = Array.from({ length: STREAMS }, (_, i) =>
    seedCamera({ dataDir, cameraName: `Bench ${String(i + 1).padStart(2, '0')}`, rtspUrl: 'rtsp://127.0.0.1:1/none', onvifUrl: 'http://127.0.0.1:1/onvif/device_service', username: '', password: '' }),
  );
  const db = new Database(path.join(dataDir, 'recorder.db'));
  db.pragma('journal_mode = WAL');
  migrate(db);
  const archive = db.prepare('INSERT INTO archives (stream_id, camera_id, start_ms, end_ms, path, size_bytes, active) VALUES (?, ?, ?, ?, ?, ?, 0)');
  const motion = db.prepare('INSERT INTO motion_events (stream_id, start_ms, stop_ms, active) VALUES (?, ?, ?, 0)');
  const event = db.prepare('INSERT INTO system_events (kind, type, message, stream_id, when_ms) VALUES (?, ?, ?, ?, ?)');
  let archives = 0;
  let events = 0;
  db.transaction(() => {
    for (const { cameraId, streamId } of cameras) {
      const folder = path.join(dataDir, 'orchives', streamId);
      fs.mkdirSync(folder, { recursive: true });
      for (let at = startMs; at < endMs; at += SEGMENT_MS) {
        const relative = path.join('orchives', streamId, `${at}.mkv`);
        fs.writeFileSync(path.join(dataDir, relative), '');
        archive.run(streamId, cameraId, at, at + SEGMENT_MS, relative, 30 * 1024 ** 2);
        archives++;
      }
      for (let day = 0; day < DAYS; day++) {
        for (let i = 0; i < MOTION_PER_DAY; i++) {
          const at = startMs + day * DAY_MS + Math.floor((i * DAY_MS) / MOTION_PER_DAY);
          motion.run(streamId, at, at + 15_000);
        }
      }
      for (let at = startMs; at < endMs; at += STREAM_EVENT_EVERY_MS) {
        event.run('stream', at % (2 * STREAM_EVENT_EVERY_MS) === 0 ? 'stream-down' : 'stream-up', `Stream 'Main' of camera 'Bench' changed.`, streamId, at);
        events++;
      }
    }
    for (let at = startMs; at < endMs; at += SIGN_IN_EVERY_MS) {
      event.run('orchid', 'sign-in', "Sign-in of 'admin' from 127.0.0.1.", null, at);
      events++;
    }
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return { streamIds: cameras.map((c) => c.streamId), archives, events };
}

/** The baseline: the rows and sums the report is made of, read with bare SQL. */
function bareReport(dataDir: string, streamIds: string[], start: number, stop: number): number {
  const db = new Database(path.join(dataDir, 'recorder.db'), { readonly: true });
  try {
    const events = db.prepare('SELECT kind, type, message, stream_id, when_ms FROM system_events WHERE when_ms >= ? AND when_ms < ? ORDER BY when_ms');
    const sums = db.prepare('SELECT SUM(size_bytes) AS bytes, SUM(MIN(end_ms, ?) - MAX(start_ms, ?)) AS ms FROM archives WHERE stream_id = ? AND end_ms > ? AND start_ms < ?');
    const motion = db.prepare('SELECT SUM(MIN(stop_ms, ?) - MAX(start_ms, ?)) AS ms FROM motion_events WHERE stream_id = ? AND stop_ms > ? AND start_ms < ?');
    const t0 = performance.now();
    const rows = events.all(start, stop);
    const perStream = streamIds.map((id) => [sums.get(stop, start, id, start, stop), motion.get(stop, start, id, start, stop)]);
    JSON.stringify({ rows, perStream });
    return performance.now() - t0;
  } finally {
    db.close();
  }
}

function writeLogs(dataDir: string): number {
  const dir = path.join(dataDir, 'logs');
  fs.mkdirSync(dir, { recursive: true });
  const t = Date.now() - 3_600_000;
  let written = 0;
  for (let index = LOG_FILES - 1; index >= 0; index--) {
    const file = path.join(dir, index === 0 ? 'recorder.log' : `recorder.log.${index}`);
    const fd = fs.openSync(file, 'w');
    let size = 0;
    let chunk = '';
    let line = 0;
    while (size < LOG_BYTES / LOG_FILES) {
      chunk += `${JSON.stringify({ level: 30, time: t + written + size, msg: `media: stream ${line % 16} wrote segment ${line} of the bench log, a line about as long as a real one` })}\n`;
      line++;
      if (chunk.length > 1 << 20) {
        fs.writeSync(fd, chunk);
        size += chunk.length;
        chunk = '';
      }
    }
    fs.closeSync(fd);
    written += size;
  }
  return written;
}

async function bareGzipMBps(dataDir: string, bytes: number): Promise<number> {
  const dir = path.join(dataDir, 'logs');
  const t0 = performance.now();
  for (const name of fs.readdirSync(dir)) {
    await pipeline(fs.createReadStream(path.join(dir, name)), createGzip(), new Writable({ write: (_c, _e, done) => done() }));
  }
  return bytes / 2 ** 20 / ((performance.now() - t0) / 1000);
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-report-bench-'));
  try {
    const endMs = Date.now() - 60_000;
    const startMs = endMs - DAYS * DAY_MS;
    const seeded = seedMonth(dataDir, endMs);
    const logBytes = writeLogs(dataDir);
    console.log(`seeded ${seeded.archives} segments and ${seeded.events} events on ${STREAMS} streams; ${(logBytes / 2 ** 30).toFixed(2)} GiB of log`);

    const recorder = await startRecorder({ dataDir });
    const httpMs: number[] = [];
    const bareMs: number[] = [];
    let answerBytes = 0;
    let exportMBps = 0;
    let gzipMBps = 0;
    try {
      const token = await signIn(recorder.baseUrl, 'admin', 'secret');
      for (let i = 0; i < REPORT_RUNS; i++) {
        bareMs.push(bareReport(dataDir, seeded.streamIds, startMs, endMs));
        const t0 = performance.now();
        const response = await fetch(`${recorder.baseUrl}/service/server/report?start=${startMs}&stop=${endMs}`, { headers: { authorization: `Bearer ${token}` } });
        const body = await response.arrayBuffer();
        httpMs.push(performance.now() - t0);
        if (response.status !== 200) throw new Error(`report: HTTP ${response.status}`);
        answerBytes = body.byteLength;
      }
      gzipMBps = await bareGzipMBps(dataDir, logBytes);
      const t0 = performance.now();
      const response = await fetch(`${recorder.baseUrl}/service/log?format=gzip`, { headers: { authorization: `Bearer ${token}` } });
      let gzBytes = 0;
      const reader = response.body!.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) gzBytes += read.value.byteLength;
      if (response.status !== 200 || gzBytes === 0) throw new Error(`log export: HTTP ${response.status}`);
      exportMBps = logBytes / 2 ** 20 / ((performance.now() - t0) / 1000);
    } finally {
      await recorder.stop();
    }
    const reportP50 = percentile(httpMs, 50);
    const bareP50 = percentile(bareMs, 50);
    printTable('System report, 30 days on 16 streams', [
      { what: 'GET /service/server/report (HTTP)', p50Ms: reportP50.toFixed(1), p95Ms: percentile(httpMs, 95).toFixed(1), answerKB: (answerBytes / 1024).toFixed(0) },
      { what: 'bare SQL of the same rows and sums', p50Ms: bareP50.toFixed(1), p95Ms: percentile(bareMs, 95).toFixed(1), answerKB: '' },
    ]);
    printTable('Log export of 1 GiB', [
      { what: 'GET /service/log?format=gzip (HTTP)', MBps: exportMBps.toFixed(0) },
      { what: 'bare node:zlib gzip of the same files', MBps: gzipMBps.toFixed(0) },
    ]);
    const figures: Figures = {
      'report 30 days x 16 streams: HTTP p50 / bare SQL p50 (x baseline)': lower(Number((reportP50 / bareP50).toFixed(2)), 'ratio'),
      'report 30 days x 16 streams: answer KB': lower(Math.round(answerBytes / 1024)),
      'log export gzip 1 GiB: MB/s / bare gzip MB/s (x baseline)': higher(Number((exportMBps / gzipMBps).toFixed(2)), 'ratio'),
    };
    const file = writeResults(
      'report',
      { streams: STREAMS, days: DAYS, segments: seeded.archives, events: seeded.events, reportHttpMs: httpMs, bareSqlMs: bareMs, answerBytes, logBytes, exportMBps, gzipMBps },
      figures,
    );
    console.log(`written ${file}`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
