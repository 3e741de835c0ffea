/**
 * The media log: one line per event on stderr, filtered by the recorder's
 * --log-level (warnings unless the level is error, fatal or silent; info
 * only at info and below). Media runs before and beside the HTTP app, so it
 * does not use the request logger. Texts are redacted by their writers.
 */
import type { RecorderConfig } from './config';
import type { IngestLog } from '../ingest/stream-ingest';

export function createIngestLog(level: RecorderConfig['logLevel']): IngestLog {
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
