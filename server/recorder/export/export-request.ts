/**
 * Checks an export request (spec 5, 7, 8) before any file is touched: the
 * stream id is a plain token (never a path), start and stop are epoch ms,
 * the range is at least 10 s and at most the server's maxExportHours, not
 * reversed and not in the future, and the format is one the recorder writes.
 * Pure: the clock comes in as `nowMs`. Every refusal is a 400 with a reason a
 * person can act on.
 */
import type { ExportFormat } from '../../shared/api';
import { EXPORT_FORMATS } from '../../shared/api/operations';
import { EXPORT_MIN_MS, MESSAGES } from '../../shared/validation';
import { badRequest } from '../../common/api-error';

/** Stream ids are opaque tokens: letters, digits, '-' and '_' (UUIDs, numbers). */
export const STREAM_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** A stop this far past the server clock is accepted (clock skew below the spec's 5 s warning) and clamped to now. */
export const EXPORT_FUTURE_TOLERANCE_MS = 5_000;

export interface ExportRange {
  streamId: string;
  startMs: number;
  stopMs: number;
  format: ExportFormat;
}

export interface RawExportRequest {
  streamId: unknown;
  start: unknown;
  stop: unknown;
  format?: unknown;
}

export function checkStreamId(value: unknown): string {
  if (typeof value !== 'string' || !STREAM_ID_PATTERN.test(value)) {
    throw badRequest('The stream id is not valid: use the id from the camera list.', 'invalid-stream-id');
  }
  return value;
}

/** Epoch ms from a query value: digits only (no signs, exponents or fractions), within the years 1970-2285. */
function parseEpochMs(value: unknown, name: 'start' | 'stop'): number {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || text.length === 0) {
    throw badRequest(`'${name}' is required: a time in epoch milliseconds.`, 'invalid-time');
  }
  if (!/^\d{1,16}$/.test(text)) {
    throw badRequest(`'${name}' must be a time in epoch milliseconds (digits only), got '${text.slice(0, 40)}'.`, 'invalid-time');
  }
  const ms = Number(text);
  if (!Number.isSafeInteger(ms) || ms > 10_000_000_000_000) {
    throw badRequest(`'${name}' is out of range.`, 'invalid-time');
  }
  return ms;
}

export function parseExportFormat(value: unknown): ExportFormat {
  if (value === undefined || value === '') return 'mkv';
  if (typeof value === 'string' && (EXPORT_FORMATS as readonly string[]).includes(value.toLowerCase())) {
    return value.toLowerCase() as ExportFormat;
  }
  throw badRequest(`Unsupported export format '${String(value).slice(0, 40)}'. Use mkv or mov.`, 'invalid-format');
}

/**
 * The checked range. A stop slightly past now (clock skew) is clamped to
 * now; a start at or after now, or a stop well in the future, is refused.
 */
export function checkExportRange(request: RawExportRequest, maxExportHours: number, nowMs: number): ExportRange {
  const streamId = checkStreamId(request.streamId);
  const startMs = parseEpochMs(request.start, 'start');
  let stopMs = parseEpochMs(request.stop, 'stop');
  const format = parseExportFormat(request.format);
  if (stopMs <= startMs) {
    throw badRequest('The export start must be before its end.', 'invalid-range');
  }
  if (startMs >= nowMs) {
    throw badRequest('The export range starts in the future; nothing has been recorded there yet.', 'invalid-range');
  }
  if (stopMs > nowMs + EXPORT_FUTURE_TOLERANCE_MS) {
    throw badRequest('The export range ends in the future; choose an end at or before now.', 'invalid-range');
  }
  stopMs = Math.min(stopMs, nowMs);
  if (stopMs - startMs < EXPORT_MIN_MS) {
    throw badRequest(MESSAGES.exportRangeTooShort, 'export-range-too-short');
  }
  const maxMs = maxExportHours * 3_600_000;
  if (stopMs - startMs > maxMs) {
    throw badRequest(
      `The export range is longer than this server allows (${maxExportHours} hour${maxExportHours === 1 ? '' : 's'}).`,
      'export-range-too-long',
    );
  }
  return { streamId, startMs, stopMs, format };
}
