/**
 * Per-camera retention overrides (spec 3 camera.retention, spec 5): how long
 * a camera's archives are kept, in ms, 0 = automatic (only the disk
 * threshold limits it). The cameras API reads and writes them here
 * (PATCH /service/cameras/{id} { retention }); the cleaner and the retention
 * estimate read them. Stored in camera_retention (migration 004).
 */
import { DAY_MS, validateRetentionDays } from '../../shared/validation';
import type { Db } from '../core/db/database';
import { badRequest } from '../../common/api-error';

/** Checks a retention value from a request: ms, a whole number, 0 to 10 000 days. */
export function checkRetentionMs(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw badRequest('Retention must be a whole number of milliseconds (0 for automatic).', 'invalid-retention');
  }
  const problem = validateRetentionDays(value / DAY_MS);
  if (problem) throw badRequest(problem, 'invalid-retention');
  return value;
}

export class RetentionOverrides {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** The override of a camera in ms; 0 when automatic. */
  get(cameraId: string): number {
    const row = this.db.prepare('SELECT retention_ms FROM camera_retention WHERE camera_id = ?').get(cameraId) as
      | { retention_ms: number }
      | undefined;
    return row?.retention_ms ?? 0;
  }

  all(): Map<string, number> {
    const rows = this.db.prepare('SELECT camera_id, retention_ms FROM camera_retention').all() as Array<{
      camera_id: string;
      retention_ms: number;
    }>;
    return new Map(rows.map((r) => [r.camera_id, r.retention_ms]));
  }

  /** Sets (checked) or clears (0) a camera's override; answers the stored value. */
  set(cameraId: string, retentionMs: unknown): number {
    const ms = checkRetentionMs(retentionMs);
    if (ms === 0) {
      this.forget(cameraId);
      return 0;
    }
    this.db
      .prepare(
        `INSERT INTO camera_retention (camera_id, retention_ms, updated_ms) VALUES (?, ?, ?)
         ON CONFLICT(camera_id) DO UPDATE SET retention_ms = excluded.retention_ms, updated_ms = excluded.updated_ms`,
      )
      .run(cameraId, ms, this.now());
    return ms;
  }

  /** A deleted camera's override. */
  forget(cameraId: string): void {
    this.db.prepare('DELETE FROM camera_retention WHERE camera_id = ?').run(cameraId);
  }
}
