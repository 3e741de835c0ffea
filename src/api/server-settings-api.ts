/**
 * The server's own settings that Advanced settings edits (spec 2): a
 * recorder's log level, and the aggregator's client config (Force Orchid
 * Proxy, aggregator mode only).
 */
import type { ClientConfig, ClientConfigPatch, LogLevelName, LogLevelSetting } from '../../server/shared/api';
import { http } from './http';

export const serverSettingsApi = {
  clientConfig: async () => (await http.get<{ config: ClientConfig }>('/service/about/config', { queue: 'user' })).config,
  setClientConfig: async (patch: ClientConfigPatch) => (await http.patch<{ config: ClientConfig }>('/service/about/config', patch)).config,
  logLevel: () => http.get<LogLevelSetting>('/service/server/log-level', { queue: 'user' }),
  setLogLevel: (level: LogLevelName) => http.put<LogLevelSetting>('/service/server/log-level', { level }),
};
