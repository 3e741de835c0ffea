/**
 * Motion detection for one stream: decoder → frame differencer (mask,
 * object size) → event tracker (two pictures in a row, 2 s hold) → event
 * store. Also keeps when it was watching (coverage) and what the stream
 * sends (rate), for the archive keeper.
 *
 * Lifecycle: a poll every second starts the decoder once the stream's live
 * source exists, restarts it after an exit with a backoff (1 s doubling to
 * 30 s, reset after a minute of pictures), and closes the open event when
 * pictures stop coming. Settings apply live (object size, mask); switching
 * keyFramesOnly restarts the decoder. stop() closes the open event at its
 * last motion.
 *
 * Cost: the decoder child plus ~0.1 ms of comparison per picture on the
 * main thread. Limits: event times are picture arrival times (see
 * frame-decoder.ts).
 */
import type { MotionSettings } from '../core/motion-settings';
import { DETECTION_FPS, objectAreaFraction } from '../core/motion-settings';
import { watchMapOf } from './motion-mask-image';
import type { LiveSources } from '../core/media-contracts';
import { Coverage } from './coverage';
import type { EventSink } from './event-store';
import { MotionEventTracker, type TrackerMessage } from './event-tracker';
import { MotionDecoder } from './frame-decoder';
import { FrameDifferencer, minAreaPixels } from './frame-differencer';
import { DETECTION_HEIGHT, DETECTION_WIDTH } from './motion-ffmpeg-args';
import { StreamRateMeter } from './stream-rate';

export const POLL_MS = 1_000;
export const COVERAGE_GAP_MS = 3_000;
const BACKOFF_MAX_MS = 30_000;
const HEALTHY_DECODER_MS = 60_000;

export interface MotionLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface StreamMotionDeps {
  live: LiveSources;
  events: EventSink;
  log: MotionLog;
  now?: () => number;
  fps?: number;
}

export class StreamMotion {
  readonly coverage = new Coverage();
  readonly rate = new StreamRateMeter();
  /** Since when the current archive policy (motion-only, adaptive) applies; older segments are not judged by it. */
  policySinceMs: number;
  private settings: MotionSettings;
  private readonly differencer = new FrameDifferencer(DETECTION_WIDTH, DETECTION_HEIGHT);
  private readonly tracker = new MotionEventTracker();
  private minArea: number;
  private openEventId: number | undefined;
  private decoder: MotionDecoder | undefined;
  private decoderStartedMs = 0;
  private lastPictureMs: number | undefined;
  private failures = 0;
  private retryAtMs = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly now: () => number;

  constructor(
    readonly streamId: string,
    settings: MotionSettings,
    mask: Uint8Array | undefined,
    private readonly deps: StreamMotionDeps,
  ) {
    this.now = deps.now ?? Date.now;
    this.settings = settings;
    this.policySinceMs = this.now();
    this.minArea = minAreaPixels(objectAreaFraction(settings.objectSize), DETECTION_WIDTH, DETECTION_HEIGHT);
    this.setMask(mask);
  }

  get current(): MotionSettings {
    return this.settings;
  }

  /** Whether an event is open right now. */
  get inMotion(): boolean {
    return this.tracker.isOpen;
  }

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.poll(), POLL_MS);
    this.timer.unref();
    this.poll();
  }

  update(settings: MotionSettings): void {
    const before = this.settings;
    this.settings = settings;
    this.minArea = minAreaPixels(objectAreaFraction(settings.objectSize), DETECTION_WIDTH, DETECTION_HEIGHT);
    if (before.recordOnlyMotion !== settings.recordOnlyMotion || before.reduceWithoutMotion !== settings.reduceWithoutMotion) {
      this.policySinceMs = this.now();
    }
    if (before.keyFramesOnly !== settings.keyFramesOnly) this.stopDecoder();
  }

  /** The decoded grey mask (dark = ignored), or undefined to watch everything. */
  setMask(gray: Uint8Array | undefined): void {
    this.differencer.setWatchMap(gray && gray.length === DETECTION_WIDTH * DETECTION_HEIGHT ? watchMapOf(gray) : undefined);
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.stopDecoder();
    this.apply(this.tracker.flush());
  }

  private stopDecoder(): void {
    const decoder = this.decoder;
    this.decoder = undefined;
    decoder?.stop();
    this.differencer.reset();
  }

  private poll(): void {
    if (this.stopped) return;
    this.apply(this.tracker.tick(this.now()));
    if (this.decoder || this.now() < this.retryAtMs) return;
    const source = this.deps.live.source(this.streamId);
    if (!source) return;
    const decoder = new MotionDecoder({
      live: this.deps.live,
      streamId: this.streamId,
      source,
      fps: this.deps.fps ?? DETECTION_FPS,
      keyFramesOnly: this.settings.keyFramesOnly,
      onPicture: (pixels, timeMs) => this.picture(pixels, timeMs),
      onAccessUnit: (au) => this.rate.push(au.timeMs, au.keyframe),
      now: this.now,
    });
    this.decoder = decoder;
    this.decoderStartedMs = this.now();
    this.differencer.reset();
    void decoder.exited.then((exit) => {
      if (this.decoder !== decoder) return; // stopped on purpose
      this.decoder = undefined;
      const healthy = this.now() - this.decoderStartedMs >= HEALTHY_DECODER_MS;
      this.failures = healthy ? 1 : this.failures + 1;
      const delayMs = Math.min(BACKOFF_MAX_MS, 1000 * 2 ** (this.failures - 1));
      this.retryAtMs = this.now() + delayMs;
      const last = exit.stderr.split('\n').pop();
      this.deps.log.warn(`stream ${this.streamId}: motion decoder ended (${exit.code ?? exit.signal}${last ? `: ${last}` : ''}); retry in ${delayMs} ms`);
    });
  }

  private picture(pixels: Uint8Array, timeMs: number): void {
    const intervalMs = this.lastPictureMs === undefined ? 0 : timeMs - this.lastPictureMs;
    this.lastPictureMs = timeMs;
    const { largestArea } = this.differencer.compare(pixels, intervalMs);
    const keyframeMs = this.rate.keyframeIntervalMs() ?? 0;
    this.coverage.saw(timeMs, Math.max(COVERAGE_GAP_MS, this.settings.keyFramesOnly ? 2.5 * keyframeMs : 0));
    this.apply(this.tracker.frame(timeMs, largestArea >= this.minArea));
  }

  private apply(messages: TrackerMessage[]): void {
    for (const message of messages) {
      try {
        if (message.type === 'event.opened') this.openEventId = this.deps.events.open(this.streamId, message.startMs, message.stopMs);
        else if (this.openEventId !== undefined && message.type === 'event.extended') this.deps.events.extend(this.openEventId, message.stopMs);
        else if (this.openEventId !== undefined && message.type === 'event.closed') {
          this.deps.events.close(this.openEventId, message.stopMs);
          this.openEventId = undefined;
        }
      } catch (error) {
        this.deps.log.warn(`stream ${this.streamId}: storing a motion event failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}
