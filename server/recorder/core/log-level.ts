/**
 * The recorder's current log level, one object that the request log (pino),
 * the media log and the console filter all read, so Advanced settings can
 * change it while the recorder runs (spec 2: applied at once).
 *
 * The spec's names (NONE ... TRACE) map onto pino's levels. LOG, the
 * browser console's general level, has no place of its own in the
 * recorder's log: it logs what INFO logs. The log file keeps info and above
 * whatever the console shows (log export needs it), and debug or trace when
 * those are chosen.
 */
import type { LogLevelName } from '../../shared/api/log-level';

export type PinoLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

const TO_PINO: Record<LogLevelName, PinoLevel> = {
  NONE: 'silent',
  ERROR: 'error',
  WARN: 'warn',
  INFO: 'info',
  LOG: 'info',
  DEBUG: 'debug',
  TRACE: 'trace',
};

/** The spec's name for a pino level (--log-level takes pino's names). */
export function specLevelName(level: PinoLevel): LogLevelName {
  if (level === 'silent') return 'NONE';
  if (level === 'fatal') return 'ERROR';
  return level.toUpperCase() as LogLevelName;
}

export function pinoLevel(name: LogLevelName): PinoLevel {
  return TO_PINO[name];
}

export class LogLevel {
  private name: LogLevelName;
  private readonly listeners = new Set<(level: PinoLevel) => void>();
  private persist: ((name: LogLevelName) => void) | undefined;

  constructor(initial: LogLevelName) {
    this.name = initial;
  }

  get current(): LogLevelName {
    return this.name;
  }

  get pino(): PinoLevel {
    return TO_PINO[this.name];
  }

  /** Applies `name` at once (and stores it, once a store is attached). */
  set(name: LogLevelName): void {
    this.persist?.(name);
    this.name = name;
    for (const listener of this.listeners) listener(this.pino);
  }

  /** From now on each set() is also stored through `persist`. */
  persistWith(persist: (name: LogLevelName) => void): void {
    this.persist = persist;
  }

  /** Calls `listener` with each new level (the request logger's own level follows this way). */
  onChange(listener: (level: PinoLevel) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
