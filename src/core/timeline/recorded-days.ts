/**
 * The date search picker's days with recordings (spec 2 "Date search
 * picker", spec 7 GET /service/archives/per-day, spec 9): minutes of video
 * per local day over the followed streams, each day capped at 1440 minutes
 * per stream (a day has no more, whatever the recorder sums), and no day
 * after today (the picker's date is capped at now). Newest first, with how
 * full the day is (0..1) for a bar.
 *
 * Each server counts by the days of its own clock and time zone; the
 * timeline shows video at page time in this browser's zone (spec 7 times
 * "adjusted by server time offset"), so each server's days are moved onto
 * this page's before they are added up. Pure (the page's zone is the
 * runtime's, as everywhere the page shows a date).
 *
 * Limits: a server answers whole days, so each of its days lands whole on
 * the page day holding most of it (its middle); with clocks and zones a few
 * hours apart, video near midnight may be counted a day off. The server's
 * zone offset is the one it has now (a daylight saving change within the
 * month moves the older days by an hour, which rarely moves a middle).
 */
import { toPageTime } from '../clock/server-clock-offsets';
import { pickerFields } from './picked-time';

export const MAX_ARCHIVE_MINUTES_PER_STREAM_DAY = 1440;
/** How far back the picker asks for recorded days. */
export const RECORDED_DAYS_BACK = 31;

export interface RecordedDay {
  /** 'YYYY-MM-DD', local. */
  date: string;
  minutes: number;
  /** minutes over 1440 times the streams asked about. */
  fullness: number;
}

export function recordedDays(archivesPerDay: Readonly<Record<string, number>>, streamsCount: number, today: string): RecordedDay[] {
  const cap = MAX_ARCHIVE_MINUTES_PER_STREAM_DAY * Math.max(1, streamsCount);
  return Object.entries(archivesPerDay)
    .filter(([date, minutes]) => /^\d{4}-\d{2}-\d{2}$/.test(date) && date <= today && Number.isFinite(minutes) && minutes > 0)
    .map(([date, minutes]) => {
      const capped = Math.min(cap, Math.round(minutes));
      return { date, minutes: capped, fullness: capped / cap };
    })
    .sort((a, b) => (a.date < b.date ? 1 : -1));
}

const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** One server's per-day answer on this page's days (see the limits above). */
export interface ServerDays {
  archivesPerDay: Readonly<Record<string, number>>;
  /** The server's clock minus this page's, ms. */
  serverMinusPageMs: number;
  /** The server's time zone, minutes east of UTC (GET /service/orchids/time tzOffset); null: taken to be this page's. */
  serverZoneMinutes: number | null;
}

/** Minutes of video per page-local day, added up over the servers' answers. */
export function onPageDays(servers: readonly ServerDays[]): Record<string, number> {
  const total: Record<string, number> = {};
  for (const { archivesPerDay, serverMinusPageMs, serverZoneMinutes } of servers) {
    for (const [day, minutes] of Object.entries(archivesPerDay)) {
      const date = DAY_KEY.exec(day);
      if (!date) continue;
      const [year, month, dayOfMonth] = [Number(date[1]), Number(date[2]) - 1, Number(date[3])];
      // The server's midnight starting that day, as its own clock reads it.
      const midnightMs =
        serverZoneMinutes === null ? new Date(year, month, dayOfMonth).getTime() : Date.UTC(year, month, dayOfMonth) - serverZoneMinutes * 60_000;
      const pageDay = pickerFields(toPageTime(midnightMs + 43_200_000, serverMinusPageMs), false).date;
      total[pageDay] = (total[pageDay] ?? 0) + minutes;
    }
  }
  return total;
}
