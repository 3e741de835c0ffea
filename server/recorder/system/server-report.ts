/**
 * The System report of a range (spec 2, 3, 7; GET /service/server/report):
 * every camera, sorted by name, with what each of its streams recorded in
 * [start, stop) (report-stats.ts), and the server and stream events of the
 * range, oldest first (system-events.ts; each kind capped at the newest
 * REPORT_EVENTS_LIMIT of the range, so a year of a flapping recorder still
 * answers in one reply). Input checks live here so the route stays one call.
 *
 * Cost: per stream a few indexed range sums (report-stats.ts), plus one
 * index range scan per kind of event.
 */
import { REPORT_MAX_SPAN_MS, type ServerReport, type ServerReportQuery } from '../../shared/api/report';
import { badRequest } from '../../common/api-error';
import type { ReportStats } from './report-stats';
import type { SystemEvents } from './system-events';

export interface ServerReportDeps {
  cameras: () => Array<{ id: string; name: string }>;
  /** The camera's streams in their order. */
  streams: (cameraId: string) => Array<{ id: string; name: string }>;
  stats: Pick<ReportStats, 'recorded'>;
  events: Pick<SystemEvents, 'range'>;
}

export function serverReport(deps: ServerReportDeps, query: ServerReportQuery): ServerReport {
  const { start, stop } = query;
  if (stop <= start) throw badRequest('stop must be after start.');
  if (stop - start > REPORT_MAX_SPAN_MS) throw badRequest(`A report covers at most ${Math.round(REPORT_MAX_SPAN_MS / 86_400_000)} days.`);
  const cameras = [...deps.cameras()]
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id))
    .map((camera) => ({
      id: camera.id,
      name: camera.name,
      streams: deps.streams(camera.id).map((stream) => ({ id: stream.id, name: stream.name, ...deps.stats.recorded(stream.id, start, stop) })),
    }));
  return { cameras, ...deps.events.range(start, stop) };
}
