/**
 * The System report's rows (spec 3 "Report"): a ServerReport from GET
 * /service/server/report turned into the events the chart and the selected
 * events table show (what, where, when) and the stream statistics rows
 * (camera, stream, bytes, seconds of video, seconds of motion).
 *
 * Pure: wording comes in as functions, so the view passes the catalogue and
 * the tests can pass it too. Cost is one pass over the report plus a sort
 * (a year of events is a few thousand rows).
 */
import type { ServerReport } from '../../../server/shared/api';

/** Which series of the chart an event belongs to. */
export type ReportEventSource = 'orchid' | 'stream';

export interface ReportEventRow {
  source: ReportEventSource;
  type: string;
  what: string;
  descriptiveWhere: string;
  /** Epoch ms. */
  when: number;
}

export interface StreamStatRow {
  streamId: string;
  cameraName: string;
  name: string;
  bytesRecorded: number;
  secondsRecorded: number;
  secondsOfMotion: number;
}

export interface EventWording {
  /** The readable text of an event type, or null when there is none (the server's message is shown then). */
  what: (type: string) => string | null;
  /** Where server-wide events happened ('Server'). */
  server: string;
}

const byName = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * Every event of the report, oldest first. A stream event's place is
 * '<camera name> / <stream name>' found through report.cameras, or its
 * stream id when the stream is not among them (a deleted camera's).
 * At the same instant the server's events come before the streams'.
 */
export function reportEventRows(report: ServerReport, wording: EventWording): ReportEventRow[] {
  const places = new Map<string, string>();
  for (const camera of report.cameras) {
    for (const stream of camera.streams) places.set(stream.id, `${camera.name} / ${stream.name}`);
  }
  const rows: ReportEventRow[] = [
    ...report.orchidEvents.map((event) => ({
      source: 'orchid' as const,
      type: event.type,
      what: wording.what(event.type) ?? event.message,
      descriptiveWhere: wording.server,
      when: event.when,
    })),
    ...report.streamEvents.map((event) => ({
      source: 'stream' as const,
      type: event.type,
      what: wording.what(event.type) ?? event.message,
      descriptiveWhere: places.get(event.streamId) ?? event.streamId,
      when: event.when,
    })),
  ];
  // Stable sort: within one source and instant the server's order stays.
  return rows.sort((a, b) => a.when - b.when || (a.source === b.source ? 0 : a.source === 'orchid' ? -1 : 1));
}

/** One row per camera stream, by camera name then stream name (numbers in names sort as numbers). */
export function streamStatRows(report: ServerReport): StreamStatRow[] {
  const rows = report.cameras.flatMap((camera) =>
    camera.streams.map((stream) => ({
      streamId: stream.id,
      cameraName: camera.name,
      name: stream.name,
      bytesRecorded: stream.bytesRecorded,
      secondsRecorded: stream.secondsRecorded,
      secondsOfMotion: stream.secondsOfMotion,
    })),
  );
  return rows.sort((a, b) => byName.compare(a.cameraName, b.cameraName) || byName.compare(a.name, b.name));
}

/** The events at or after startMs and before stopMs (rows stay in their order). */
export function eventsBetween(rows: readonly ReportEventRow[], startMs: number, stopMs: number): ReportEventRow[] {
  return rows.filter((row) => row.when >= startMs && row.when < stopMs);
}
