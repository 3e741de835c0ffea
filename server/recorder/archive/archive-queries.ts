/**
 * The archive reads of the API (spec 7): a stream's segments from a time on
 * (GET /service/archives) and minutes of video per day over some streams
 * (GET /service/archives/per-day, for the date picker). Input checks and the
 * reply shapes live here so the routes stay one call.
 */
import type { Archive, ArchivesPerDayResponse, ArchivesQuery, PerDayQuery } from '../../shared/api';
import { MAX_PER_DAY_STREAMS } from '../../shared/api/cameras';
import { badRequest } from '../../common/api-error';
import type { ArchiveIndex } from './archive-index';

export const DEFAULT_TAKE = 100;
export const MAX_TAKE = 1000;

export class ArchiveQueries {
  constructor(private readonly index: Pick<ArchiveIndex, 'list' | 'minutesPerDay'>) {}

  list(query: ArchivesQuery): Archive[] {
    if (!query.streamId) throw badRequest('streamId is required.');
    const take = Math.min(MAX_TAKE, Math.max(1, Math.floor(query.take ?? DEFAULT_TAKE)));
    const start = Math.max(0, Math.floor(query.start ?? 0));
    return this.index.list(query.streamId, start, take).map((s) => ({
      id: s.id,
      streamId: s.streamId,
      start: s.startMs,
      end: s.endMs,
      active: s.active,
      sizeBytes: s.sizeBytes,
    }));
  }

  perDay(query: PerDayQuery): ArchivesPerDayResponse {
    const raw = Array.isArray(query.ids) ? query.ids.join(',') : (query.ids ?? '');
    const ids = [...new Set(raw.split(',').map((id) => id.trim()).filter(Boolean))];
    if (ids.length === 0) throw badRequest('ids is required (comma-separated stream ids).');
    if (ids.length > MAX_PER_DAY_STREAMS) throw badRequest(`At most ${MAX_PER_DAY_STREAMS} streams at once.`);
    return {
      archivesPerDay: this.index.minutesPerDay(ids, query.start ?? 0, query.stop ?? Number.MAX_SAFE_INTEGER),
      streamsCount: ids.length,
    };
  }
}
