/**
 * How motion learns of stream starts, changes and removals without the
 * cameras service knowing about it: the cameras service drives the ingest
 * through IngestControl, and this wraps that control so every ensure and
 * remove is also told to a listener. The listener may also adjust a spec
 * before the ingest applies it (motion-only streams cut shorter segments).
 *
 * The cameras service stores a stream before it calls ensure, so the
 * listener reads the stream's current configuration at that moment.
 */
import type { IngestControl, IngestSpec } from '../core/media-contracts';

export interface StreamLifecycleListener {
  adjust(spec: IngestSpec): IngestSpec;
  started(spec: IngestSpec): void;
  removed(streamId: string): void;
}

export function withStreamListener(ingest: IngestControl, listener: StreamLifecycleListener): IngestControl {
  return {
    ensure: async (spec) => {
      const adjusted = listener.adjust(spec);
      await ingest.ensure(adjusted);
      listener.started(adjusted);
    },
    remove: async (streamId) => {
      await ingest.remove(streamId);
      listener.removed(streamId);
    },
    status: (streamId) => ingest.status(streamId),
  };
}
