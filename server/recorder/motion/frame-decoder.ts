/**
 * The detector's decoder for one stream: the stream's live hub (the
 * recorder's own feed, through liveFeed, which follows hub replacements)
 * is written as Annex-B into one ffmpeg that answers small grey pictures
 * (motion-ffmpeg-args.ts); each complete picture is handed over with its
 * arrival time.
 *
 * With keyFramesOnly only keyframes are written at all, so the pipe and
 * the parser carry a fraction of the stream too. A decoder that falls
 * behind (CPU starved) must not turn into growing latency: when video has
 * waited in the pipe for more than MAX_INPUT_LAG_MS, input is cut to the
 * next keyframe (the pictures in between are lost, the coverage shows it).
 *
 * Cost: the ffmpeg child (FIELD-NOTES: ~8 % of a core at 1080p25 decoding
 * every frame, ~1 % keyframes only) and one copy of each access unit.
 * Limits: a picture's time is when it left ffmpeg, some tens of ms after
 * its capture.
 */
import type { AccessUnit } from '../../protocols/h264';
import type { H264Source } from '../../protocols/h264-source';
import type { LiveSources } from '../core/media-contracts';
import { FfmpegChild, type FfmpegExit } from '../../processes';
import { liveFeed, toAnnexB, type VideoFeed } from '../live';
import { DETECTION_HEIGHT, DETECTION_WIDTH, motionDecoderArgs } from './motion-ffmpeg-args';

export const MAX_INPUT_LAG_MS = 1_000;

export interface MotionDecoderOptions {
  live: LiveSources;
  streamId: string;
  source: H264Source;
  fps: number;
  keyFramesOnly: boolean;
  /** A grey DETECTION_WIDTH x DETECTION_HEIGHT picture; the buffer is reused after the call returns. */
  onPicture: (pixels: Uint8Array, timeMs: number) => void;
  /** Every access unit of the live feed (before any is dropped), for rate measurements. */
  onAccessUnit?: (au: AccessUnit) => void;
  now?: () => number;
}

export class MotionDecoder {
  readonly exited: Promise<FfmpegExit>;
  private readonly child: FfmpegChild;
  private readonly feed: VideoFeed;
  private readonly picture = new Uint8Array(DETECTION_WIDTH * DETECTION_HEIGHT);
  private filled = 0;
  private readonly unflushed: number[] = [];
  private dropUntilKeyframe = false;
  private stopped = false;
  private readonly now: () => number;

  constructor(private readonly options: MotionDecoderOptions) {
    this.now = options.now ?? Date.now;
    this.child = new FfmpegChild('motion decoder', motionDecoderArgs({ fps: options.fps, keyFramesOnly: options.keyFramesOnly }));
    this.exited = this.child.exited;
    this.child.stdout.on('data', (chunk: Buffer) => this.read(chunk));
    this.feed = liveFeed(options.live, options.streamId, options.source, {
      accessUnit: (au) => this.write(au),
      end: () => undefined, // a live feed waits for its stream; it never ends by itself
    });
    void this.exited.then(() => this.feed.stop());
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.feed.stop();
    this.child.stop();
  }

  private read(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length) {
      const take = Math.min(chunk.length - at, this.picture.length - this.filled);
      this.picture.set(chunk.subarray(at, at + take), this.filled);
      this.filled += take;
      at += take;
      if (this.filled === this.picture.length) {
        this.filled = 0;
        if (!this.stopped) this.options.onPicture(this.picture, this.now());
      }
    }
  }

  private write(au: AccessUnit): void {
    if (this.stopped || !this.child.running) return;
    this.options.onAccessUnit?.(au);
    if (this.options.keyFramesOnly && !au.keyframe) return;
    const oldest = this.unflushed[0];
    if (oldest !== undefined && this.now() - oldest > MAX_INPUT_LAG_MS) this.dropUntilKeyframe = true;
    if (this.dropUntilKeyframe) {
      // Cut to a keyframe only once what waits has drained, so the decoder's references stay whole.
      if (!au.keyframe || this.unflushed.length > 0) return;
      this.dropUntilKeyframe = false;
    }
    this.unflushed.push(this.now());
    this.child.stdin.write(toAnnexB(au), () => this.unflushed.shift());
  }
}
