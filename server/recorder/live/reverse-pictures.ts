/**
 * A recording shown backwards as JPEG pictures, for a low-bandwidth session
 * at a negative speed (spec 4: "negative speed or ripping switches to
 * low-bandwidth image mode"). Chunks of whole GOPs are decoded forward by
 * one ffmpeg each (reverse-plan.ts decides which and how many pictures)
 * and their pictures go out last first, one every `intervalMs`, so the
 * capture time shown runs back at the speed. The next chunk is decoded
 * while the current one is shown; the first chunk is a single GOP so the
 * first picture comes quickly after a seek.
 *
 * Cost: one short ffmpeg per CHUNK_WALL_MS of playing (not per picture);
 * at -4x about 100 decoded 720p frames a second, from -8x keyframes only.
 * At most two chunks of JPEGs are held (~1 MB at 640x360).
 * Unwatched (no socket for a while), it holds where it is and decodes
 * nothing until a socket attaches again.
 * Limits: capture times of pictures are estimates from the step (the
 * pictures themselves show their time); a gap longer than the tolerance,
 * or the start of the recording, ends the playback ('end-of-archive').
 */
import type { ArchiveLookup } from '../core/media-contracts';
import { FfmpegChild } from '../../processes';
import { type Box, reverseChunkArgs } from './ffmpeg-args';
import { JpegSplitter } from './jpeg-splitter';
import { CHUNK_WALL_MS, chunkBefore, chunkIntervalMs, GOP_MS, reversedTimes, reverseStep, type ReverseStep } from './reverse-plan';
import type { FeedProblem, VideoFeed } from './video-feed';

/** While nobody watches, whether someone does again is checked this often. */
const UNWATCHED_CHECK_MS = 500;

export interface PictureSink {
  picture(jpeg: Buffer, timeMs: number): void;
  end(problem: FeedProblem): void;
}

export interface ReversePicturesOptions {
  archive: ArchiveLookup;
  streamId: string;
  /** Capture time of the first picture, epoch ms. */
  startMs: number;
  /** Negative (or positive: its absolute value is used) speed. */
  speed: number;
  /** Most pictures a second. */
  rate: number;
  box: Box;
  gapToleranceMs: number;
  /** Whether anyone looks: while not, the playback holds where it is and decodes nothing. */
  watched?: () => boolean;
  log?: (message: string, detail?: object) => void;
}

export class ReversePictures implements VideoFeed {
  private readonly step: ReverseStep;
  /** Pictures decoded and not yet shown, next first. */
  private readonly queue: Array<{ jpeg: Buffer; timeMs: number; intervalMs: number }> = [];
  /** The next chunk ends (exclusive) here. */
  private nextBeforeMs: number;
  private child: FfmpegChild | undefined;
  private timer: NodeJS.Timeout | undefined;
  private reachedStart = false;
  private stopped = false;
  private firstChunk = true;

  constructor(
    private readonly options: ReversePicturesOptions,
    private readonly sink: PictureSink,
  ) {
    this.step = reverseStep(options.speed, options.rate);
    // Include a frame at exactly startMs.
    this.nextBeforeMs = options.startMs + 1;
    this.fetch();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.child?.stop();
  }

  /** Pictures of one chunk of playing: keep about this many queued. */
  private get lowWater(): number {
    return Math.ceil(CHUNK_WALL_MS / this.step.intervalMs);
  }

  private fetch(): void {
    if (this.stopped || this.child || this.reachedStart) return;
    const chunkMs = this.firstChunk ? GOP_MS : this.step.chunkMs;
    this.firstChunk = false;
    const next = chunkBefore(this.options.archive, this.options.streamId, this.nextBeforeMs, chunkMs, this.options.gapToleranceMs);
    if (next.kind === 'start') {
      this.reachedStart = true;
      if (this.queue.length === 0) this.finish();
      return;
    }
    const { segment, fromOffsetMs, toOffsetMs } = next.chunk;
    const child = new FfmpegChild(
      'reverse pictures',
      reverseChunkArgs(segment.path, { fromOffsetMs, toOffsetMs, stepMs: this.step.captureStepMs, keyframesOnly: this.step.keyframesOnly }, this.options.box),
    );
    this.child = child;
    const splitter = new JpegSplitter();
    const pictures: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => pictures.push(...splitter.push(chunk)));
    void child.exited.then((exit) => {
      if (this.stopped || exit.stopped) return;
      this.child = undefined;
      const fromMs = segment.startMs + fromOffsetMs;
      this.nextBeforeMs = fromMs;
      if (pictures.length === 0 && exit.code !== 0) {
        this.options.log?.('reverse chunk unreadable', { path: segment.path, exit });
        this.sink.end({ code: 'expectedArchiveIsNotPlayable', reason: 'The recording at this time could not be read.' });
        this.stop();
        return;
      }
      const toMs = segment.startMs + toOffsetMs;
      const times = reversedTimes(fromMs, toMs, pictures.length);
      const intervalMs = chunkIntervalMs(fromMs, toMs, pictures.length, this.options.speed);
      pictures.reverse().forEach((jpeg, i) => this.queue.push({ jpeg, timeMs: times[i]!, intervalMs }));
      if (this.timer === undefined) this.show();
      if (this.queue.length <= this.lowWater) this.fetch();
    });
  }

  /** Shows the next picture and schedules the one after. */
  private show(): void {
    this.timer = undefined;
    if (this.stopped) return;
    if (this.options.watched && !this.options.watched()) {
      this.timer = setTimeout(() => this.show(), UNWATCHED_CHECK_MS);
      return;
    }
    const next = this.queue.shift();
    if (!next) {
      // The decoder is behind: the next chunk shows as soon as it is ready.
      if (this.reachedStart) this.finish();
      return;
    }
    this.sink.picture(next.jpeg, next.timeMs);
    if (this.queue.length <= this.lowWater) this.fetch();
    this.timer = setTimeout(() => this.show(), next.intervalMs);
  }

  private finish(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.sink.end({ code: 'end-of-archive', reason: 'The recording starts here.' });
  }
}
