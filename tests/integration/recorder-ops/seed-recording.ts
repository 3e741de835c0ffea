/**
 * Records a simulated camera into a recorder's data folder the way ingest
 * does (ffmpeg stream copy into Matroska segments with timestamps reset per
 * file, under <dataDir>/orchives/<streamId>/) and writes the camera, stream
 * and archive rows, before the recorder starts. Lets the export and
 * retention tests run on real archives without depending on a particular
 * ingest schedule. Each segment's wall-clock start is read from the time
 * strip of its first frame, so the index holds capture times.
 */
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { migrate } from '../../../server/recorder/db/database';
import { firstFrameTimeMs, probeMedia, run } from './media-probe';

export interface SeededStream {
  cameraId: string;
  streamId: string;
  segments: Array<{ path: string; startMs: number; endMs: number; sizeBytes: number }>;
}

export interface SeedOptions {
  dataDir: string;
  rtspUrl: string;
  onvifUrl: string;
  username: string;
  password: string;
  cameraName?: string;
  seconds: number;
  segmentSeconds: number;
  /** PTZ capability written for the camera. */
  maxPresets?: number;
  quirks?: Record<string, boolean>;
  /** Index the newest segment as the one still being written. */
  lastActive?: boolean;
}

function authed(url: string, username: string, password: string): string {
  const u = new URL(url);
  u.username = encodeURIComponent(username);
  u.password = encodeURIComponent(password);
  return u.toString();
}

export async function recordSegments(options: SeedOptions, folder: string): Promise<Array<{ path: string; startMs: number; endMs: number; sizeBytes: number }>> {
  fs.mkdirSync(folder, { recursive: true });
  const pattern = path.join(folder, 'seed_%05d.mkv');
  const { code, stderr } = await run('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-rtsp_transport', 'tcp', '-i', authed(options.rtspUrl, options.username, options.password),
    '-t', String(options.seconds), '-map', '0:v:0', '-c', 'copy', '-f', 'segment', '-segment_format', 'matroska',
    '-segment_time', String(options.segmentSeconds), '-reset_timestamps', '1', pattern,
  ]);
  if (code !== 0) throw new Error(`recording failed: ${stderr}`);
  const files = fs.readdirSync(folder).filter((f) => f.startsWith('seed_')).sort();
  const segments = [];
  for (const name of files) {
    const file = path.join(folder, name);
    const startMs = await firstFrameTimeMs(file);
    if (startMs === undefined) throw new Error(`no time strip in ${file}`);
    const facts = await probeMedia(file);
    segments.push({ path: file, startMs, endMs: startMs + Math.round(facts.durationS * 1000), sizeBytes: fs.statSync(file).size });
  }
  return segments;
}

/** Writes the camera and its main stream (proxy only, so a running ingest leaves it alone); answers their ids. */
export function seedCamera(options: Omit<SeedOptions, 'seconds' | 'segmentSeconds'>, ids = { cameraId: randomUUID(), streamId: randomUUID() }) {
  const db = new Database(path.join(options.dataDir, 'recorder.db'));
  migrate(db);
  const now = Date.now();
  const ptz = { pan: 'true', tilt: 'true', zoom: 'true', relativeFOV: 'false', maxPresets: options.maxPresets ?? 10 };
  db.prepare(
    `INSERT INTO cameras (id, name, driver, uri, username, password, capabilities_json, quirks_json, primary_stream_id, created_ms, updated_ms)
     VALUES (?, ?, 'ONVIF', ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(ids.cameraId, options.cameraName ?? 'Sim Camera', options.onvifUrl, options.username, options.password,
    JSON.stringify({ camera: { PossibleStreams: 2, PTZ: ptz } }), JSON.stringify(options.quirks ?? {}), ids.streamId, now, now);
  db.prepare(
    `INSERT INTO streams (id, camera_id, name, source_uri, profile_token, configuration_json, recording_configuration_json, capabilities_json, position, created_ms)
     VALUES (?, ?, 'Main', ?, 'profile_main', '{}', ?, '{}', 0, ?)`,
  ).run(ids.streamId, ids.cameraId, options.rtspUrl, JSON.stringify({ mode: 'PROXY_ONLY_MODE', filesplit: { recordState: false } }), now);
  db.close();
  return ids;
}

export async function seedRecording(options: SeedOptions): Promise<SeededStream> {
  const ids = { cameraId: randomUUID(), streamId: randomUUID() };
  const segments = await recordSegments(options, path.join(options.dataDir, 'orchives', ids.streamId));
  seedCamera(options, ids);
  const db = new Database(path.join(options.dataDir, 'recorder.db'));
  const insert = db.prepare(
    'INSERT INTO archives (stream_id, camera_id, start_ms, end_ms, path, size_bytes, active) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  segments.forEach((s, i) => {
    const active = options.lastActive && i === segments.length - 1 ? 1 : 0;
    insert.run(ids.streamId, ids.cameraId, s.startMs, s.endMs, path.relative(options.dataDir, s.path), s.sizeBytes, active);
  });
  db.close();
  return { ...ids, segments };
}
