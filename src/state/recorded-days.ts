/**
 * Loads the date search picker's days with recordings for some streams
 * (GET /service/archives/per-day over the last RECORDED_DAYS_BACK days):
 * one call to each server, over those days as its clock reads them, and
 * its answer moved onto this page's days (src/core/timeline/recorded-days.ts),
 * as the timeline places each camera's video by its own server's clock.
 * A failed call answers no days for that server: the picker still works
 * without them.
 */
import { streamsByServer, type StreamRef } from '../api/server-scope';
import { timelineApi } from '../api/timeline-api';
import { toServerTime } from '../core/clock/server-clock-offsets';
import { RECORDED_DAYS_BACK, onPageDays, pickerFields, recordedDays, type RecordedDay, type ServerDays } from '../core/timeline';
import { clockState } from './clock.store';
import { serverOffsetMs } from './server-offsets';

export type { RecordedDay } from '../core/timeline';

/** What the days are placed by: each server's clock and zone (tests pass their own). */
export interface ServerClocks {
  /** The server's clock minus this page's, ms. */
  offsetMs(server: string | undefined): number;
  /** The server's zone, minutes east of UTC, or null when not known (taken to be this page's). */
  zoneMinutes(server: string | undefined): number | null;
}

const pageClocks: ServerClocks = {
  offsetMs: serverOffsetMs,
  zoneMinutes: (server) => (server ? (clockState.servers[server]?.tzOffset ?? null) : null),
};

export async function loadRecordedDays(
  streams: readonly StreamRef[],
  nowMs = Date.now(),
  clocks: ServerClocks = pageClocks,
  api: Pick<typeof timelineApi, 'perDay'> = timelineApi,
): Promise<RecordedDay[]> {
  if (streams.length === 0) return [];
  const fromMs = nowMs - RECORDED_DAYS_BACK * 86_400_000;
  const answers = await Promise.all(
    [...streamsByServer(streams)].map(async ([server, ids]): Promise<ServerDays & { streamsCount: number }> => {
      const serverMinusPageMs = clocks.offsetMs(server);
      // The days are a help, not the picker: a server that does not answer has none, and the date is typed.
      const reply = await api
        .perDay(server, ids, toServerTime(fromMs, serverMinusPageMs), toServerTime(nowMs, serverMinusPageMs))
        .catch(() => ({ archivesPerDay: {}, streamsCount: ids.length }));
      return { archivesPerDay: reply.archivesPerDay, streamsCount: reply.streamsCount, serverMinusPageMs, serverZoneMinutes: clocks.zoneMinutes(server) };
    }),
  );
  const streamsCount = answers.reduce((sum, answer) => sum + answer.streamsCount, 0);
  return recordedDays(onPageDays(answers), streamsCount, pickerFields(nowMs, false).date);
}
