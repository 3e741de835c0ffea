/** The recorder's own settings that Advanced settings edits (spec 2): its log level. */
import type { LogLevelName, LogLevelSetting } from '../../server/shared/api';
import { http } from './http';

export const serverSettingsApi = {
  logLevel: () => http.get<LogLevelSetting>('/service/server/log-level', { queue: 'user' }),
  setLogLevel: (level: LogLevelName) => http.put<LogLevelSetting>('/service/server/log-level', { level }),
};
