/**
 * A read-only view of the cameras and streams tables (migration 002) with
 * exactly what export, PTZ and retention need: stream and camera names for
 * export file names; the ONVIF connection, PTZ axes and quirks of a camera;
 * and each camera's streams with whether they record only on motion. Reads
 * the tables directly (one indexed query per call) so these features do not
 * depend on the cameras service's internals; credentials read here are
 * opened (core/secrets/camera-passwords.ts) and go only to the camera itself.
 */
import type { CameraCapabilities, RecordingConfiguration } from '../../shared/api';
import type { Db } from '../core/db/database';
import type { CameraPasswords } from '../core/secrets/camera-passwords';
import type { RetentionCamera, RetentionCameraDirectory } from './retention-contracts';
import type { ExportStreamDirectory } from '../export/export-service';
import type { PtzCameraDirectory, PtzCameraInfo } from '../ptz/ptz-service';
import { tryStyleOf } from '../core/recording-style';

function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** Quirks as stored: an object of flags ({ 'zoom-override': true }) or a list of names. */
export function quirkNames(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((q): q is string => typeof q === 'string');
  if (value && typeof value === 'object') return Object.entries(value).filter(([, on]) => on === true).map(([name]) => name);
  return [];
}

export class RetentionCameraCatalog implements RetentionCameraDirectory, ExportStreamDirectory, PtzCameraDirectory {
  constructor(
    private readonly db: Db,
    private readonly passwords: CameraPasswords,
  ) {}

  describeStream(streamId: string): { cameraName: string; streamName: string } | undefined {
    const row = this.db
      .prepare('SELECT s.name AS stream, c.name AS camera FROM streams s JOIN cameras c ON c.id = s.camera_id WHERE s.id = ?')
      .get(streamId) as { stream: string; camera: string } | undefined;
    return row && { cameraName: row.camera, streamName: row.stream };
  }

  ptzCamera(cameraId: string): PtzCameraInfo | undefined {
    const row = this.db
      .prepare('SELECT id, driver, uri, username, password, capabilities_json, quirks_json FROM cameras WHERE id = ?')
      .get(cameraId) as
      | { id: string; driver: string; uri: string; username: string; password: string; capabilities_json: string; quirks_json: string }
      | undefined;
    if (!row) return undefined;
    const ptz = parseJson<Partial<CameraCapabilities>>(row.capabilities_json, {}).camera?.PTZ;
    const yes = (v: unknown) => v === 'true' || v === true;
    const moves = ptz && (yes(ptz.pan) || yes(ptz.tilt) || yes(ptz.zoom));
    return {
      id: row.id,
      driver: row.driver,
      connection: { uri: row.uri, username: row.username, password: this.passwords.open(row.id, row.password) },
      quirks: quirkNames(parseJson<unknown>(row.quirks_json, {})),
      ptz: moves
        ? { pan: yes(ptz.pan), tilt: yes(ptz.tilt), zoom: yes(ptz.zoom), relativeFOV: yes(ptz.relativeFOV), maxPresets: ptz.maxPresets || undefined }
        : undefined,
    };
  }

  cameras(): RetentionCamera[] {
    const cameras = this.db.prepare('SELECT id, name FROM cameras ORDER BY name, id').all() as Array<{ id: string; name: string }>;
    const streams = this.db
      .prepare('SELECT id, camera_id, name, recording_configuration_json FROM streams ORDER BY position')
      .all() as Array<{ id: string; camera_id: string; name: string; recording_configuration_json: string }>;
    const byCamera = new Map<string, RetentionCamera['streams']>();
    for (const s of streams) {
      const style = tryStyleOf(parseJson<RecordingConfiguration>(s.recording_configuration_json, { mode: 'ALL_FEATURES_MODE' }));
      const list = byCamera.get(s.camera_id) ?? [];
      list.push({ id: s.id, name: s.name, motionOnly: style === 'motion-only' });
      byCamera.set(s.camera_id, list);
    }
    return cameras.map((c) => ({ id: c.id, name: c.name, streams: byCamera.get(c.id) ?? [] }));
  }
}
