/**
 * Owns every stream's ingest (one supervised ffmpeg each) and implements
 * LiveSources over their hubs (video, and sound for cameras that send it). The cameras service tells it which streams
 * exist and how to pull them; system status can restart one stream's
 * ffmpeg; shutdown stops every ffmpeg (SIGTERM, then SIGKILL after a grace
 * time) so none is left behind.
 *
 * Cost: per stream one ffmpeg and one hub; status reads are in memory.
 */
import type { AudioSource } from '../../protocols/audio-source';
import type { H264Source } from '../../protocols/h264-source';
import type { ArchiveIndex } from '../archive';
import type { LiveSources } from '../core/media-contracts';
import type { CredentialRelay } from './rtsp-credential-relay';
import type { IngestSpec, IngestStatus } from '../core/media-contracts';
import type { MediaLog } from '../core/media-log';
import { StreamIngest, type StreamIngestOptions } from './stream-ingest';

export interface IngestSupervisorOptions {
  index: ArchiveIndex;
  log: MediaLog;
  relay: CredentialRelay;
  /** Passed to every StreamIngest (tests shorten times or watch pids). */
  ingest?: Partial<Omit<StreamIngestOptions, 'index' | 'log' | 'relay'>>;
}

const IDLE: IngestStatus = { streamState: 'idle', retryCount: 0, lastError: undefined, pid: undefined };

export class IngestSupervisor implements LiveSources {
  private readonly streams = new Map<string, StreamIngest>();
  private closed = false;

  constructor(private readonly options: IngestSupervisorOptions) {}

  /** Starts the stream's ingest, or applies a changed spec to it (restarting its ffmpeg). */
  async ensure(spec: IngestSpec): Promise<void> {
    if (this.closed) return;
    const existing = this.streams.get(spec.streamId);
    if (existing) {
      await existing.update(spec);
      return;
    }
    const ingest = new StreamIngest(spec, { ...this.options.ingest, index: this.options.index, log: this.options.log, relay: this.options.relay });
    this.streams.set(spec.streamId, ingest);
    ingest.start();
  }

  /** Stops and forgets a stream's ingest (its archives stay). */
  async remove(streamId: string): Promise<void> {
    const ingest = this.streams.get(streamId);
    if (!ingest) return;
    this.streams.delete(streamId);
    await ingest.stop();
  }

  /** Restarts the stream's ffmpeg (see StreamIngest.restart); false when no such ingest runs. */
  restart(streamId: string): boolean {
    return this.streams.get(streamId)?.restart() ?? false;
  }

  status(streamId: string): IngestStatus {
    return this.streams.get(streamId)?.status() ?? IDLE;
  }

  source(streamId: string): H264Source | undefined {
    const ingest = this.streams.get(streamId);
    return ingest?.running ? ingest.hub : undefined;
  }

  audio(streamId: string): AudioSource | undefined {
    return this.streams.get(streamId)?.liveAudio;
  }

  exists(streamId: string): boolean {
    return this.streams.has(streamId);
  }

  /** Every ffmpeg child's pid (diagnostics, measurements, tests). */
  pids(): number[] {
    return [...this.streams.values()].flatMap((s) => (s.status().pid === undefined ? [] : [s.status().pid!]));
  }

  async stopAll(): Promise<void> {
    this.closed = true;
    const all = [...this.streams.values()];
    this.streams.clear();
    await Promise.all(all.map((s) => s.stop()));
  }
}
