/**
 * The retention form's state (spec 4 "Retention form", spec 5 "Retention
 * override"), pure: one row per camera, automatic or manual with a number of
 * days as typed. Save is enabled only when something changed, every manual
 * box is valid and nothing is being saved; it sends, per changed camera,
 * retention = days x 86 400 x 1000 ms, or 0 for a camera back to automatic.
 * Cancel goes back to the rows as loaded.
 */
import type { CameraDiskUsage } from '../../../server/shared/api';
import { DAY_MS, RETENTION_MAX_DAYS } from '../../../server/shared/validation';

export type RetentionMode = 'automatic' | 'manual';

export interface RetentionRow {
  cameraId: string;
  mode: RetentionMode;
  /** The manual box as typed (kept while automatic, so switching back shows it again). */
  daysText: string;
}

export type RetentionDaysError = 'required' | 'notNumber' | 'range';

export interface RetentionSaveItem {
  cameraId: string;
  /** ms; 0 = no override. */
  retention: number;
}

/** The rows as the recorder reports them: an override shows its days, an automatic camera offers its estimate as a start. */
export function rowsFromUsage(cameras: readonly CameraDiskUsage[]): RetentionRow[] {
  return cameras.map((c) => ({
    cameraId: c.cameraId,
    mode: c.override ? 'manual' : 'automatic',
    daysText: String(c.override ? c.daysDesired : Math.round(c.daysEstimated * 10) / 10),
  }));
}

export function daysError(text: string): RetentionDaysError | undefined {
  if (text.trim() === '') return 'required';
  const days = Number(text);
  if (!Number.isFinite(days)) return 'notNumber';
  if (days < 0 || days > RETENTION_MAX_DAYS) return 'range';
  return undefined;
}

export function rowError(row: RetentionRow): RetentionDaysError | undefined {
  return row.mode === 'manual' ? daysError(row.daysText) : undefined;
}

/** Days of a manual row (NaN when its box is invalid); null for an automatic one. */
export function manualDays(row: RetentionRow): number | null {
  return row.mode === 'manual' ? (daysError(row.daysText) ? Number.NaN : Number(row.daysText)) : null;
}

function rowChanged(row: RetentionRow, initial: RetentionRow | undefined): boolean {
  if (!initial || row.mode !== initial.mode) return true;
  if (row.mode === 'automatic') return false;
  // "7" and "7.0" are the same retention; an invalid box counts as a change.
  return daysError(row.daysText) !== undefined || Number(row.daysText) !== Number(initial.daysText);
}

export function isDirty(rows: readonly RetentionRow[], initial: readonly RetentionRow[]): boolean {
  const byId = new Map(initial.map((r) => [r.cameraId, r]));
  return rows.some((row) => rowChanged(row, byId.get(row.cameraId)));
}

export function isValid(rows: readonly RetentionRow[]): boolean {
  return rows.every((row) => rowError(row) === undefined);
}

export function canSave(rows: readonly RetentionRow[], initial: readonly RetentionRow[], processing: boolean): boolean {
  return !processing && isValid(rows) && isDirty(rows, initial);
}

/** Days to ms: days x 86 400 x 1000, whole ms (the recorder takes whole numbers). */
export function retentionMs(days: number): number {
  return Math.round(days * DAY_MS);
}

/** One PATCH per changed camera: its override in ms, or 0 when it is automatic. */
export function savePayload(rows: readonly RetentionRow[], initial: readonly RetentionRow[]): RetentionSaveItem[] {
  const byId = new Map(initial.map((r) => [r.cameraId, r]));
  return rows
    .filter((row) => rowChanged(row, byId.get(row.cameraId)))
    .map((row) => ({ cameraId: row.cameraId, retention: row.mode === 'manual' ? retentionMs(Number(row.daysText)) : 0 }));
}

export function setMode(rows: readonly RetentionRow[], cameraId: string, mode: RetentionMode): RetentionRow[] {
  return rows.map((r) => (r.cameraId === cameraId ? { ...r, mode } : r));
}

export function setDays(rows: readonly RetentionRow[], cameraId: string, daysText: string): RetentionRow[] {
  return rows.map((r) => (r.cameraId === cameraId ? { ...r, daysText } : r));
}
