/**
 * GET /service/log (spec 2, 7): the recorder's log, for the System report's
 * log export card. `format` gzip (default) or text; `from` and `to` are epoch
 * ms bounds of the lines kept (either may be left out); from later than to
 * is refused with 'from cannot be > to'. Opened in a new window, so it
 * carries a 'log' ticket (POST /service/tickets) rather than a session.
 */
import { Type, type Static } from 'typebox';

/** The export's formats; the first is the default. */
export const LOG_EXPORT_FORMATS = ['gzip', 'text'] as const;
export type LogExportFormat = (typeof LOG_EXPORT_FORMATS)[number];

/** The spec's wording for a range that ends before it starts. */
export const LOG_RANGE_ERROR = 'from cannot be > to';

export const LogExportQuery = Type.Object({
  format: Type.Optional(Type.Enum(LOG_EXPORT_FORMATS, { type: 'string' })),
  from: Type.Optional(Type.Integer({ minimum: 0, maximum: 8_640_000_000_000_000 })),
  to: Type.Optional(Type.Integer({ minimum: 0, maximum: 8_640_000_000_000_000 })),
  ticket: Type.Optional(Type.String({ maxLength: 128 })),
});
export type LogExportQuery = Static<typeof LogExportQuery>;
