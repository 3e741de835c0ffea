/**
 * Active stream status for system status (spec 3, 4, 9): each stream's
 * state (shown 'restarting' from a Restart until it runs again), retry
 * count and recording health (last archive, its age in words, whether it is
 * an issue), plus the Restart and Verify actions. Roles are checked by the
 * routes; an unknown stream is a 404.
 *
 * Cost: per stream one indexed MAX over its archives (the newest end) and
 * in-memory ingest state; listing all streams is one query per stream.
 */
import type { StreamStatus, StreamVerifyResult } from '../../shared/api';
import { notFound } from '../../common/api-error';
import type { CameraRecord, StreamRecord } from './cameras-store';
import type { StreamRecordingActions } from './stream-recording-health';

export interface StreamStatusDeps {
  store: {
    stream(id: string): StreamRecord | undefined;
    streams(): StreamRecord[];
    cameras(): CameraRecord[];
  };
  /** How often the stream's ingest has restarted. */
  retryCount(streamId: string): number;
  actions: Pick<StreamRecordingActions, 'state' | 'restart' | 'health' | 'verify'>;
}

export class StreamStatusService {
  constructor(private readonly deps: StreamStatusDeps) {}

  private streamOrThrow(streamId: string): StreamRecord {
    const stream = this.deps.store.stream(streamId);
    if (!stream) throw notFound('Stream does not exist.', 'stream-not-found');
    return stream;
  }

  private statusOf(stream: StreamRecord): StreamStatus {
    return {
      id: stream.id,
      cameraId: stream.cameraId,
      name: stream.name,
      streamState: this.deps.actions.state(stream.id) ?? 'unknown',
      retryCount: this.deps.retryCount(stream.id),
      ...this.deps.actions.health(stream.id),
    };
  }

  status(streamId: string): StreamStatus {
    return this.statusOf(this.streamOrThrow(streamId));
  }

  /** Every stream; with `liveOnly`, those of cameras that are not defunct. */
  statuses(liveOnly: boolean): StreamStatus[] {
    const defunct = new Set(this.deps.store.cameras().filter((c) => c.defunct).map((c) => c.id));
    return this.deps.store
      .streams()
      .filter((s) => !liveOnly || !defunct.has(s.cameraId))
      .map((s) => this.statusOf(s));
  }

  /** Restarts the stream's ingest (a repeat while one is under way is not sent again); answers its status, 'restarting'. */
  async restart(streamId: string): Promise<StreamStatus> {
    const stream = this.streamOrThrow(streamId);
    await this.deps.actions.restart(stream.id);
    return this.statusOf(stream);
  }

  verify(streamId: string): StreamVerifyResult {
    const stream = this.streamOrThrow(streamId);
    const result = this.deps.actions.verify(stream.id);
    if (!result) throw notFound('Stream does not exist.', 'stream-not-found');
    return result;
  }
}
