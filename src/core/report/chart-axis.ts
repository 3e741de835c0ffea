/**
 * The events chart's time axis (spec 9: dates %m/%d, times %H:%M, so MM/dd
 * and HH:mm in local time). Ticks sit on round local times (whole minutes,
 * hours, midnights) at least MIN_TICK_SPACING_PX apart. A tick at midnight
 * is labelled with its date, any other with its time. A span of several
 * days on a narrow chart, or of weeks, gets day ticks only, so every label
 * is a date; a day or two on a wide chart keeps hour ticks with the dates at
 * the midnights (only dates would leave one or two labels). Pure; a chart a
 * year wide makes at most a few hundred candidate ticks.
 */
import { format } from 'date-fns';
import type { TimeSpan } from './event-buckets';

/** Room for a label like '11/25' or '14:30' with a gap. */
export const MIN_TICK_SPACING_PX = 64;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** Tick steps under a day, in minutes: each divides a day, so ticks meet at midnight. */
const MINUTE_STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720];
/** Tick steps of whole days. */
const DAY_STEPS = [1, 2, 7, 14, 28, 56, 91];

export interface AxisTick {
  atMs: number;
  /** From the chart's left edge. */
  x: number;
  label: string;
  kind: 'date' | 'time';
}

function isMidnight(date: Date): boolean {
  return date.getHours() === 0 && date.getMinutes() === 0 && date.getSeconds() === 0 && date.getMilliseconds() === 0;
}

/** The ticks of a chart showing `span` across `widthPx`. */
export function axisTicks(span: TimeSpan, widthPx: number): AxisTick[] {
  const lengthMs = span.stopMs - span.startMs;
  if (lengthMs <= 0 || widthPx <= 0) return [];
  // The shortest step that keeps ticks MIN_TICK_SPACING_PX apart.
  const leastStepMs = (lengthMs * MIN_TICK_SPACING_PX) / widthPx;
  const minutes = MINUTE_STEPS.find((step) => step * MINUTE_MS >= leastStepMs);
  const days = minutes === undefined ? (DAY_STEPS.find((step) => step * DAY_MS >= leastStepMs) ?? DAY_STEPS.at(-1)!) : 0;

  const first = new Date(span.startMs);
  const ticks: AxisTick[] = [];
  // Built from local calendar fields, so ticks stay on round local times across a DST change.
  for (let index = 0; ; index++) {
    const at =
      minutes !== undefined
        ? new Date(first.getFullYear(), first.getMonth(), first.getDate(), 0, index * minutes)
        : new Date(first.getFullYear(), first.getMonth(), first.getDate() + index * days);
    const atMs = at.getTime();
    if (atMs >= span.stopMs) break;
    if (atMs < span.startMs) continue;
    const kind = isMidnight(at) ? 'date' : 'time';
    ticks.push({ atMs, x: ((atMs - span.startMs) / lengthMs) * widthPx, label: format(at, kind === 'date' ? 'MM/dd' : 'HH:mm'), kind });
  }
  return ticks;
}
