/**
 * The System report's figures as text (spec 9): bytes in MB (divided by 1024
 * twice, one decimal), durations h:mm:ss (hours not wrapped at a day), event
 * times yyyy-MM-dd HH:mm:ss in local time. Display only; the rows keep the
 * raw numbers.
 */
import { format } from 'date-fns';

export function formatMegabytes(bytes: number): string {
  return (Math.max(0, bytes) / 1024 / 1024).toFixed(1);
}

/** Whole seconds (rounded) as h:mm:ss: 3725.4 s is '1:02:05', 90061 s is '25:01:01'. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
}

export function formatEventTime(whenMs: number): string {
  return format(whenMs, 'yyyy-MM-dd HH:mm:ss');
}
