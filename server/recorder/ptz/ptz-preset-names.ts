/**
 * Preset names kept by the recorder (table ptz_preset_names): a rename is
 * stored here instead of on the camera, because ONVIF's only way to rename is
 * SetPreset, which also re-stores the camera's current position.
 */
import type { Db } from '../core/db/database';

export class PtzPresetNames {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** The camera's presets with recorder names applied; forgets names of presets that are gone. */
  apply(cameraId: string, presets: ReadonlyArray<{ token: string; name: string }>): Array<{ token: string; name: string }> {
    const rows = this.db.prepare('SELECT token, name FROM ptz_preset_names WHERE camera_id = ?').all(cameraId) as Array<{
      token: string;
      name: string;
    }>;
    const names = new Map(rows.map((r) => [r.token, r.name]));
    const present = new Set(presets.map((p) => p.token));
    for (const row of rows) if (!present.has(row.token)) this.remove(cameraId, row.token);
    return presets.map((p) => ({ token: p.token, name: names.get(p.token) ?? p.name }));
  }

  set(cameraId: string, token: string, name: string): void {
    this.db
      .prepare(
        `INSERT INTO ptz_preset_names (camera_id, token, name, updated_ms) VALUES (?, ?, ?, ?)
         ON CONFLICT(camera_id, token) DO UPDATE SET name = excluded.name, updated_ms = excluded.updated_ms`,
      )
      .run(cameraId, token, name, this.now());
  }

  remove(cameraId: string, token: string): void {
    this.db.prepare('DELETE FROM ptz_preset_names WHERE camera_id = ? AND token = ?').run(cameraId, token);
  }

  /** A deleted camera's names. */
  forgetCamera(cameraId: string): void {
    this.db.prepare('DELETE FROM ptz_preset_names WHERE camera_id = ?').run(cameraId);
  }
}
