/**
 * The System report's log export card (spec 2, 3, 5): its options (format,
 * range, from, to), their defaults (gzip; today 00:00-23:59) and the one rule
 * (from later than to: 'from cannot be > to', no export). From and to are
 * minutes in local time as a datetime-local input holds them
 * ('YYYY-MM-DDTHH:mm'); `to` covers its whole minute, so 23:59 reaches the
 * end of the day. Pure: the card and its tests share it.
 */
import type { LogExportFormat } from '../../../server/shared/api';

/** The formats in the order offered; the first is the default (spec 9). */
export const LOG_FORMATS: readonly LogExportFormat[] = ['gzip', 'text'];

/** Ranges the card offers; picking one fills from and to, editing either makes it 'custom'. */
export const LOG_RANGES = ['today', 'yesterday', 'last-7-days', 'custom'] as const;
export type LogRange = (typeof LOG_RANGES)[number];

export interface LogExportOptions {
  format: LogExportFormat;
  range: LogRange;
  /** datetime-local text, local time. */
  from: string;
  to: string;
}

export type LogExportError = 'from-after-to' | 'missing-time';

const MINUTE_MS = 60_000;

function two(value: number): string {
  return String(value).padStart(2, '0');
}

/** A local time as datetime-local text, to the minute. */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** Epoch ms of datetime-local text (local time), or null when it is not a whole valid time. */
export function fromLocalInput(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const date = new Date(year, month - 1, day, hour, minute);
  // new Date rolls 31 Feb over into March; such a text is not a time.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return date.getTime();
}

/** From and to of a preset range, as datetime-local text; 'custom' keeps what is there (today's when nothing is). */
export function rangeTimes(range: Exclude<LogRange, 'custom'>, now: Date): { from: string; to: string } {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const daysBack = range === 'today' ? 0 : range === 'yesterday' ? 1 : 6;
  const lastDay = range === 'yesterday' ? 1 : 0;
  const from = new Date(start.getFullYear(), start.getMonth(), start.getDate() - daysBack, 0, 0);
  const to = new Date(start.getFullYear(), start.getMonth(), start.getDate() - lastDay, 23, 59);
  return { from: toLocalInput(from), to: toLocalInput(to) };
}

/** The card's options when it opens: gzip, today 00:00-23:59. */
export function defaultLogExport(now: Date): LogExportOptions {
  return { format: LOG_FORMATS[0]!, range: 'today', ...rangeTimes('today', now) };
}

/** Options after the user picks a range. */
export function withRange(options: LogExportOptions, range: LogRange, now: Date): LogExportOptions {
  return range === 'custom' ? { ...options, range } : { ...options, range, ...rangeTimes(range, now) };
}

/** Why the options cannot be exported, or null. */
export function logExportError(options: Pick<LogExportOptions, 'from' | 'to'>): LogExportError | null {
  const from = fromLocalInput(options.from);
  const to = fromLocalInput(options.to);
  if (from === null || to === null) return 'missing-time';
  return from > to ? 'from-after-to' : null;
}

/** The query of GET /service/log for valid options: epoch ms, `to` at the end of its minute. */
export function logExportQuery(options: LogExportOptions): { format: LogExportFormat; from: number; to: number } {
  const from = fromLocalInput(options.from);
  const to = fromLocalInput(options.to);
  if (from === null || to === null || from > to) throw new Error('log export options are not valid');
  return { format: options.format, from, to: to + MINUTE_MS - 1 };
}
