/**
 * The media log: one line per event on stderr, filtered by the recorder's
 * --log-level (warnings unless the level is error, fatal or silent; info
 * only at info and below). Media runs before and beside the HTTP app, so it
 * does not use the request logger. Texts are redacted by their writers.
 */
import type { RecorderConfig } from './config';

/** Where media code (ingest, motion, demo cameras, the cameras prober) writes what happens to it. */
export interface MediaLog {
  info(message: string): void;
  warn(message: string): void;
}

export function createMediaLog(level: RecorderConfig['logLevel']): MediaLog {
  const warn = !['error', 'fatal', 'silent'].includes(level);
  const info = ['info', 'debug', 'trace'].includes(level);
  const stamp = () => new Date().toISOString();
  return {
    info: (message) => {
      if (info) console.error(`${stamp()} INFO media: ${message}`);
    },
    warn: (message) => {
      if (warn) console.error(`${stamp()} WARN media: ${message}`);
    },
  };
}
