/**
 * The date search picker's days with recordings (spec 2 "Date search
 * picker", spec 7 GET /service/archives/per-day, spec 9): minutes of video
 * per local day over the followed streams, each day capped at 1440 minutes
 * per stream (a day has no more, whatever the recorder sums), and no day
 * after today (the picker's date is capped at now). Newest first, with how
 * full the day is (0..1) for a bar. Pure.
 */
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
