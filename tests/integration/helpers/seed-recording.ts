/**
 * Writes an ONVIF camera and its main stream into a recorder's database
 * before the recorder starts, with the stream proxy-only so ingest records
 * nothing. For the PTZ tests and the benchmarks, which need a camera with
 * given PTZ capabilities and quirks and no recording load; the export and
 * retention tests register and record their cameras through the API
 * instead (recorded-camera.ts).
 */
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SimCamera } from '../../../server/camera-sim/camera-sim';
import { migrate } from '../../../server/recorder/core/db/database';

export interface SeedCameraOptions {
  dataDir: string;
  rtspUrl: string;
  onvifUrl: string;
  username: string;
  password: string;
  cameraName?: string;
  /** PTZ capability written for the camera. */
  maxPresets?: number;
  quirks?: Record<string, boolean>;
}

/** Writes the camera and its main stream; answers their ids. */
export function seedCamera(options: SeedCameraOptions, ids = { cameraId: randomUUID(), streamId: randomUUID() }) {
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

/**
 * A new data folder with one camera per name, each the simulated camera at
 * the same place in `cameras` with its sub stream, proxy-only: once running
 * they change nothing (no archive), for tests that need a list holding still.
 */
export function seedSimulatedCameras(cameras: readonly SimCamera[], names: readonly string[], prefix: string): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  for (const [i, name] of names.entries()) {
    const camera = cameras[i]!;
    seedCamera({ dataDir, cameraName: name, rtspUrl: camera.rtspUrls.sub, onvifUrl: camera.onvifUrl, username: camera.username, password: camera.password });
  }
  return dataDir;
}
