/**
 * Tick labels of the timeline: 'HH:mm' (or 'HH:mm:ss' for steps under a
 * minute) on local time, and the day ('Mon 12') on ticks at local midnight.
 * Written by hand rather than with Intl or date-fns: the worker formats a
 * few dozen labels per scale change, and a Date per label would be garbage
 * on every frame. Limits: English day names; 24-hour clock.
 */
const DAYS = ['Thu', 'Fri', 'Sat', 'Sun', 'Mon', 'Tue', 'Wed']; // 1970-01-01 was a Thursday
const DAY_MS = 86_400_000;

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/** Day of the month of a day number since the epoch (civil calendar, proleptic Gregorian). */
function dayOfMonth(days: number): number {
  // Howard Hinnant's days_from_civil inverse, kept to the day of the month.
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  return doy - Math.floor((153 * mp + 2) / 5) + 1;
}

/** The label of a tick at `timeMs` (UTC ms) for a step of `stepMs`, in the zone `tzOffsetMs` from UTC. */
export function tickLabel(timeMs: number, stepMs: number, tzOffsetMs: number): string {
  const local = timeMs + tzOffsetMs;
  const msOfDay = ((local % DAY_MS) + DAY_MS) % DAY_MS;
  const days = Math.floor(local / DAY_MS);
  if (msOfDay === 0 && stepMs >= 3_600_000) return `${DAYS[((days % 7) + 7) % 7]} ${dayOfMonth(days)}`;
  const hours = Math.floor(msOfDay / 3_600_000);
  const minutes = Math.floor(msOfDay / 60_000) % 60;
  if (stepMs >= 60_000) return `${two(hours)}:${two(minutes)}`;
  return `${two(hours)}:${two(minutes)}:${two(Math.floor(msOfDay / 1000) % 60)}`;
}

