/**
 * Motion detection for every stream whose recording style asks for it
 * (core/motion-settings.ts): one StreamMotion per such stream, started,
 * reconfigured and stopped as the ingest is told about streams
 * (stream-listener.ts). Also the ingest's segment length for motion-only
 * streams, and the list of watched streams the archive keeper works on.
 *
 * Cost: per watched stream one decoder child (see frame-decoder.ts).
 */
import type { RecordingConfiguration } from '../../shared/api';
import { motionSettingsOf } from '../core/motion-settings';
import type { LiveSources } from '../core/media-contracts';
import type { IngestSpec } from '../core/media-contracts';
import type { EventSink } from './event-store';
import type { StreamLifecycleListener } from './stream-listener';
import { StreamMotion, type MotionLog } from './stream-motion';

export interface MotionServiceDeps {
  live: LiveSources;
  recordingConfiguration: (streamId: string) => RecordingConfiguration | undefined;
  maskOf: (streamId: string) => Uint8Array | undefined;
  events: EventSink;
  log: MotionLog;
  now?: () => number;
  /** Pictures analysed per second (tests and benchmarks). */
  fps?: number;
}

export class MotionService implements StreamLifecycleListener {
  private readonly streams = new Map<string, StreamMotion>();
  private closed = false;

  constructor(private readonly deps: MotionServiceDeps) {}

  adjust(spec: IngestSpec): IngestSpec {
    const { segmentSeconds } = motionSettingsOf(this.deps.recordingConfiguration(spec.streamId));
    if (!spec.record || segmentSeconds === undefined) return spec;
    return { ...spec, segmentSeconds };
  }

  started(spec: IngestSpec): void {
    if (this.closed) return;
    const settings = motionSettingsOf(this.deps.recordingConfiguration(spec.streamId));
    const existing = this.streams.get(spec.streamId);
    if (!settings.detect) {
      if (existing) this.removed(spec.streamId);
      return;
    }
    if (existing) {
      existing.update(settings);
      return;
    }
    const { live, events, log, now, fps } = this.deps;
    const motion = new StreamMotion(spec.streamId, settings, this.deps.maskOf(spec.streamId), { live, events, log, ...(now ? { now } : {}), ...(fps ? { fps } : {}) });
    this.streams.set(spec.streamId, motion);
    motion.start();
  }

  removed(streamId: string): void {
    const motion = this.streams.get(streamId);
    this.streams.delete(streamId);
    motion?.stop();
  }

  maskChanged(streamId: string): void {
    this.streams.get(streamId)?.setMask(this.deps.maskOf(streamId));
  }

  /** The streams being watched now. */
  watched(): StreamMotion[] {
    return [...this.streams.values()];
  }

  /** Stops every detector and closes open events. */
  stop(): void {
    this.closed = true;
    for (const motion of this.streams.values()) motion.stop();
    this.streams.clear();
  }
}
