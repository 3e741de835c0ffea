/**
 * The StreamIngestControl that system status's Restart and Verify work on
 * (retention-recording-health.ts), built from the recorder's real parts:
 * the stored stream (does it exist, does its recording style record), the
 * ingest (its state, and a restart that ends its ffmpeg so it respawns) and
 * the archive index (end of the newest archive). Pure wiring over injected
 * functions, so it is tested without ffmpeg or SQLite.
 *
 * Limits: a stream whose configuration matches no recording style counts
 * as the default style (as the ingest does), so it is expected to record.
 */
import type { RecordingConfiguration, StreamState } from '../../shared/api';
import { DEFAULT_RECORDING_STYLE, recordsVideo, tryStyleOf } from '../../shared/recording-style';
import type { StreamIngestControl } from './stream-recording-health';

export interface StreamIngestControlDeps {
  /** The stored stream's recording configuration; undefined when there is no such stream. */
  recordingConfiguration(streamId: string): RecordingConfiguration | undefined;
  ingest: {
    status(streamId: string): { streamState: StreamState };
    restart(streamId: string): boolean;
  };
  lastWritten(streamIds: readonly string[]): Map<string, number>;
}

/** Whether a stream with this configuration writes archives (false for proxy-only). */
export function recordsArchives(config: RecordingConfiguration): boolean {
  return recordsVideo(tryStyleOf(config) ?? DEFAULT_RECORDING_STYLE);
}

export function streamIngestControl(deps: StreamIngestControlDeps): StreamIngestControl {
  return {
    state: (streamId) => (deps.recordingConfiguration(streamId) === undefined ? undefined : deps.ingest.status(streamId).streamState),
    restart: (streamId) => {
      deps.ingest.restart(streamId);
    },
    lastArchiveMs: (streamId) => deps.lastWritten([streamId]).get(streamId) ?? null,
    recording: (streamId) => {
      const config = deps.recordingConfiguration(streamId);
      return config !== undefined && recordsArchives(config);
    },
  };
}
