/**
 * The log level chosen in Advanced settings, kept in the settings table
 * (upper-case, spec 9). The recorder's LogLevel starts at --log-level (the
 * log is open before the database is); once the database is open the stored
 * choice, if any, applies, and later choices are stored. So the flag is the
 * level until an administrator picks one on the screen.
 */
import { LOG_LEVELS, type LogLevelName } from '../../shared/log-levels';
import type { LogLevel } from '../core/log-level';
import type { SettingsStore } from '../core/settings';

const SETTING = 'logLevel';

export type LogLevelSettingStore = Pick<LogLevel, 'current' | 'set'>;

function isLevelName(value: string | undefined): value is LogLevelName {
  return (LOG_LEVELS as readonly string[]).includes(value ?? '');
}

export function keepLogLevelIn(settings: SettingsStore, level: LogLevel): void {
  const stored = settings.get(SETTING);
  if (isLevelName(stored)) level.set(stored);
  level.persistWith((name) => settings.set(SETTING, name));
}
