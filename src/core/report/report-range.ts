/**
 * The System report's range card (spec 2, 5): From and To as datetime-local
 * text (local time, to the minute, as the log export card holds them), the
 * default range, the rules, and the query of GET /service/server/report.
 *
 * The default is the last 24 hours (now minus a day to now), not today from
 * 00:00: early in the morning "today" would show almost nothing, while the
 * last 24 hours always holds a full day of events, overnight included.
 * `To` covers its whole minute, so a range ending now includes this minute's
 * events. Pure.
 */
import { REPORT_MAX_SPAN_MS } from '../../../server/shared/report-constants';
import { fromLocalInput, toLocalInput } from '../system/log-export';

export interface ReportRange {
  /** datetime-local text, local time. */
  from: string;
  to: string;
}

export type ReportRangeError = 'missing-time' | 'from-after-to' | 'too-long';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
export { REPORT_MAX_SPAN_MS };

/** The range the screen opens with: the last 24 hours. */
export function defaultReportRange(now: Date): ReportRange {
  return { from: toLocalInput(new Date(now.getTime() - DAY_MS)), to: toLocalInput(now) };
}

/** Why the range cannot be asked for, or null. */
export function reportRangeError(range: ReportRange): ReportRangeError | null {
  const from = fromLocalInput(range.from);
  const to = fromLocalInput(range.to);
  if (from === null || to === null) return 'missing-time';
  if (from > to) return 'from-after-to';
  return to + MINUTE_MS - from > REPORT_MAX_SPAN_MS ? 'too-long' : null;
}

/** GET /service/server/report's query for a valid range: epoch ms, stop exclusive at the end of To's minute. */
export function reportQuery(range: ReportRange): { start: number; stop: number } {
  const from = fromLocalInput(range.from);
  const to = fromLocalInput(range.to);
  if (from === null || to === null || reportRangeError(range) !== null) throw new Error('report range is not valid');
  return { start: from, stop: to + MINUTE_MS };
}
