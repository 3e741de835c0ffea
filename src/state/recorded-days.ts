/**
 * Loads the date search picker's days with recordings for some streams
 * (GET /service/archives/per-day over the last RECORDED_DAYS_BACK days).
 * A failed call answers no days: the picker still works without them.
 */
import type { StreamRef } from '../api/server-scope';
import { timelineApi } from '../api/timeline-api';
import { RECORDED_DAYS_BACK, pickerFields, recordedDays, type RecordedDay } from '../core/timeline';

export type { RecordedDay } from '../core/timeline';

export async function loadRecordedDays(streams: readonly StreamRef[], nowMs = Date.now()): Promise<RecordedDay[]> {
  if (streams.length === 0) return [];
  try {
    const reply = await timelineApi.perDay(streams, nowMs - RECORDED_DAYS_BACK * 86_400_000, nowMs);
    return recordedDays(reply.archivesPerDay, reply.streamsCount, pickerFields(nowMs, false).date);
  } catch {
    return []; // the days are a help, not the picker: without them the date is typed
  }
}
