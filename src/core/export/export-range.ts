/**
 * The export dialog's time range (spec 2, 5, 9): where it starts (the
 * timeline's fine window in playback, else the last minute before now),
 * whether it may be exported (at least 10 s, at most the server's
 * maxExportHours), and the duration shown beside it (only when stop is
 * after start, as h:mm:ss).
 *
 * Pure: the clock and the server's limit come in as arguments. Errors are
 * codes, so the dialog words them through the i18n catalogue; the recorder
 * checks the same rules again (server/recorder/export/export-request.ts).
 */
import { EXPORT_MIN_MS } from '../../../server/shared/validation';

export interface ExportRange {
  startMs: number;
  stopMs: number;
}

/** Without a fine window (live) the dialog offers the minute before now. */
export const DEFAULT_EXPORT_SPAN_MS = 60_000;

export type ExportRangeError =
  | { code: 'incomplete' }
  | { code: 'too-short' }
  | { code: 'too-long'; maxHours: number };

const wholeSecond = (ms: number) => Math.floor(ms / 1000) * 1000;

/**
 * The range the dialog opens with: the fine window when the timeline has
 * one, else the last minute before now. Whole seconds, because the pickers
 * show seconds and what they show must be what is exported.
 */
export function initialExportRange(fine: ExportRange | null, nowMs: number): ExportRange {
  if (fine) return { startMs: wholeSecond(fine.startMs), stopMs: wholeSecond(Math.min(fine.stopMs, nowMs)) };
  const stopMs = wholeSecond(nowMs);
  return { startMs: stopMs - DEFAULT_EXPORT_SPAN_MS, stopMs };
}

/** Why the range cannot be exported, or null when it can. A missing end (null) is incomplete. */
export function exportRangeError(startMs: number | null, stopMs: number | null, maxExportHours: number): ExportRangeError | null {
  if (startMs === null || stopMs === null || !Number.isFinite(startMs) || !Number.isFinite(stopMs)) return { code: 'incomplete' };
  if (stopMs - startMs < EXPORT_MIN_MS) return { code: 'too-short' };
  if (stopMs - startMs > maxExportHours * 3_600_000) return { code: 'too-long', maxHours: maxExportHours };
  return null;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** 'h:mm:ss' from start to stop; null unless stop is after start (the duration is not shown then). */
export function exportDurationText(startMs: number | null, stopMs: number | null): string | null {
  if (startMs === null || stopMs === null || !(stopMs > startMs)) return null;
  const seconds = Math.floor((stopMs - startMs) / 1000);
  return `${Math.floor(seconds / 3600)}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}
