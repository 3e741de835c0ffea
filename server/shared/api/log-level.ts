/**
 * The recorder's log level as Advanced settings shows it (spec 2, 9): GET and
 * PUT /service/server/log-level. The names are the spec's, stored upper-case;
 * a change applies to the recorder's log at once and is kept across restarts.
 */
import { Type, type Static } from 'typebox';
import { LOG_LEVELS, type LogLevelName } from '../log-levels';

export type { LogLevelName };

export interface LogLevelSetting {
  level: LogLevelName;
}

export const LogLevelBody = Type.Object(
  { level: Type.Enum(LOG_LEVELS, { type: 'string' }) },
  { additionalProperties: false },
);
export type LogLevelRequest = Static<typeof LogLevelBody>;
