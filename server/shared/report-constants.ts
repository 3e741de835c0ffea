/**
 * The system report's limits, shared by the recorder and the client. A plain
 * module: server/shared/api/report.ts builds TypeBox schemas at load, which
 * the client's bundle does not need.
 */
/** A report covers at most a year (the events are not kept longer). */
export const REPORT_MAX_SPAN_MS = 366 * 24 * 3600 * 1000;
/** How long recorded events are kept before the recorder drops them. */
export const REPORT_EVENTS_KEPT_DAYS = 366;
