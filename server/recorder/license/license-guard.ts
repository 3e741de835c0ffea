/**
 * The seam through which a degraded license session stops streams (spec 3:
 * "recording and cleaning stop, all streams disabled"): an IngestControl
 * wrapper that starts nothing while degraded and reports every stream idle
 * (the stream states have no 'disabled'; idle with no ffmpeg is what a
 * disabled stream is). Cameras and their settings stay editable and stored,
 * so a restart with a valid license records them again.
 *
 * Wraps the ingest once in services.ts; the deep ingest code is unchanged.
 */
import type { IngestControl, IngestStatus } from '../core/media-contracts';

const DISABLED: IngestStatus = { streamState: 'idle', retryCount: 0, lastError: 'disabled: the server license is degraded', pid: undefined };

export function licensedIngest<T extends IngestControl & { restart(streamId: string): boolean }>(
  ingest: T,
  degraded: () => boolean,
): IngestControl & { restart(streamId: string): boolean } {
  return {
    ensure: async (spec) => {
      if (!degraded()) await ingest.ensure(spec);
    },
    remove: (streamId) => ingest.remove(streamId),
    status: (streamId) => (degraded() ? DISABLED : ingest.status(streamId)),
    restart: (streamId) => (degraded() ? false : ingest.restart(streamId)),
  };
}
