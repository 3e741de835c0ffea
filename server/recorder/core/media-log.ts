/**
 * The media log: one line per event on stderr, filtered by the recorder's
 * current log level (warnings unless the level is error, fatal or silent;
 * info only at info and below), read at each line so a change in Advanced
 * settings applies at once. Media runs before and beside the HTTP app, so it
 * does not use the request logger. Texts are redacted by their writers.
 * Given the log file, every warning and info line goes there too (the file
 * keeps info at any console level, as the request log does).
 */
import type { LogLevel } from './log-level';
import type { RotatingLogFile } from './log-file';

/** Where media code (ingest, motion, demo cameras, the cameras prober) writes what happens to it. */
export interface MediaLog {
  info(message: string): void;
  warn(message: string): void;
}

export function createMediaLog(level: LogLevel, file?: RotatingLogFile): MediaLog {
  const warn = () => !['error', 'fatal', 'silent'].includes(level.pino);
  const info = () => ['info', 'debug', 'trace'].includes(level.pino);
  const stamp = () => new Date().toISOString();
  return {
    info: (message) => {
      file?.writeEntry('info', `media: ${message}`);
      if (info()) console.error(`${stamp()} INFO media: ${message}`);
    },
    warn: (message) => {
      file?.writeEntry('warn', `media: ${message}`);
      if (warn()) console.error(`${stamp()} WARN media: ${message}`);
    },
  };
}
