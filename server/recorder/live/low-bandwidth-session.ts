/**
 * One low-bandwidth stream (spec 7): decodes a stream, live or from a time,
 * at the requested size and rate into JPEGs and hands them out one per
 * request. The pull model is the point: the socket sends 'requestFrame', the
 * session answers with the newest picture it has not yet given that socket
 * (or the next one when none is new), so a slow client simply gets fewer
 * pictures and never a backlog. Only the latest JPEG is kept.
 *
 * When no socket has been attached for a few seconds after the first
 * picture, nothing is decoded (a session costs CPU only while someone
 * watches); decoding resumes at the next keyframe when a socket attaches.
 *
 * Pipeline: feed (live hub or archive player) → Annex-B on ffmpeg's stdin →
 * `select,scale` → MJPEG on stdout → JpegSplitter. Status is 'starting' until
 * the first picture, then 'ready'; 'failed' with a description when the
 * feed or the decoder gives up. Cost: one ffmpeg per session, ~11 % of a
 * core at 640x360 and 10 fps from 1080p25 (FIELD-NOTES), mostly decoding.
 * A reverse playback brings its own pictures (`openPictures`,
 * reverse-pictures.ts): no session decoder then, the pictures go straight
 * to the pull.
 * Limits: a decoder that falls behind (a starved CPU, a camera too large
 * for it) must not turn into latency: when input waits more than
 * MAX_INPUT_LAG_MS to enter ffmpeg's pipe, the feed is cut to the next
 * keyframe and then, for a while, only keyframes are decoded (one picture
 * per GOP, a fraction of the CPU) before full rate is tried again.
 */
import type { LowBandwidthStatus } from '../../shared/api';
import type { AccessUnit } from '../../protocols/h264';
import { toClosedAnnexB } from './access-units';
import { type Box, jpegSessionArgs } from './ffmpeg-args';
import { FfmpegChild } from '../../processes';
import { JpegSplitter } from './jpeg-splitter';
import type { PictureSink } from './reverse-pictures';
import type { FeedProblem, FeedSink, VideoFeed } from './video-feed';

/** Video waiting to enter ffmpeg's pipe for longer than this means the decoder is falling behind. */
export const MAX_INPUT_LAG_MS = 500;
/** After falling behind, only keyframes are decoded for this long. */
export const KEYFRAMES_ONLY_MS = 30_000;
/** No picture this long after the start: the session fails. */
export const FIRST_FRAME_TIMEOUT_MS = 30_000;

/** What the session needs from one attached socket. */
export interface FrameReceiver {
  send(base64Jpeg: string): void;
  /** The session ended (deleted, idle, or failed with `reason`). */
  close(failed: boolean, reason: string): void;
}

interface Attached {
  receiver: FrameReceiver;
  /** Sequence number of the last picture sent to it. */
  lastSent: number;
  /** Requests not yet answered. */
  pending: number;
}

/** Unwatched for this long (no socket), the session stops decoding until one attaches. */
export const PAUSE_UNWATCHED_MS = 5_000;
/** At most this many unanswered requests per socket are remembered. */
const MAX_PENDING_REQUESTS = 4;

export interface LowBandwidthSessionOptions {
  id: string;
  ownerId: string;
  streamId: string;
  box: Box;
  fps: number;
  /** The video to decode: the live hub or a forward archive player. */
  openFeed?: (sink: FeedSink) => VideoFeed;
  /**
   * Pictures made elsewhere (a reverse playback), used instead of a feed and
   * the decoder. `watched` tells the maker whether anyone still looks, so
   * an unwatched session costs nothing there either.
   */
  openPictures?: (sink: PictureSink, watched: () => boolean) => VideoFeed;
  now?: () => number;
}

export class LowBandwidthSession {
  readonly id: string;
  readonly ownerId: string;
  readonly streamId: string;
  status: LowBandwidthStatus = 'starting';
  description = 'Starting the stream.';
  /** Last requestFrame, attach or creation (epoch ms): the idle sweep reads it. */
  lastActivityMs: number;
  private readonly receivers = new Set<Attached>();
  private latest: { sequence: number; base64: string } | undefined;
  private decoder: FfmpegChild | undefined;
  private feed: VideoFeed | undefined;
  private dropUntilKeyframe = false;
  private keyframesOnlyUntilMs = 0;
  private paused = false;
  /** Since when no socket is attached (epoch ms). */
  private unwatchedSinceMs: number;
  /** When each access unit not yet taken by the pipe was written (epoch ms), oldest first. */
  private readonly unflushed: number[] = [];
  private firstFrameTimer: NodeJS.Timeout | undefined;
  private ended = false;
  private readonly now: () => number;

  constructor(private readonly options: LowBandwidthSessionOptions) {
    this.id = options.id;
    this.ownerId = options.ownerId;
    this.streamId = options.streamId;
    this.now = options.now ?? Date.now;
    this.lastActivityMs = this.now();
    this.unwatchedSinceMs = this.lastActivityMs;
  }

  get attachedCount(): number {
    return this.receivers.size;
  }

  start(): void {
    this.firstFrameTimer = setTimeout(() => this.fail('No video arrived in time.'), FIRST_FRAME_TIMEOUT_MS);
    if (this.options.openPictures) {
      let sequence = 0;
      this.feed = this.options.openPictures(
        {
          picture: (jpeg) => this.onPicture({ sequence: ++sequence, base64: jpeg.toString('base64') }),
          end: (problem) => this.fail(problem.reason),
        },
        () => this.status === 'starting' || this.receivers.size > 0 || this.now() - this.unwatchedSinceMs <= PAUSE_UNWATCHED_MS,
      );
      return;
    }
    if (!this.options.openFeed) throw new Error('a low-bandwidth session needs a feed or pictures');
    const decoder = new FfmpegChild('low-bandwidth decoder', jpegSessionArgs(this.options.box, this.options.fps));
    this.decoder = decoder;
    const splitter = new JpegSplitter();
    let sequence = 0;
    decoder.stdout.on('data', (chunk: Buffer) => {
      for (const jpeg of splitter.push(chunk)) this.onPicture({ sequence: ++sequence, base64: jpeg.toString('base64') });
    });
    void decoder.exited.then((exit) => {
      if (this.ended) return;
      this.fail(`The decoder stopped${exit.stderr ? `: ${exit.stderr.split('\n').pop()}` : '.'}`);
    });
    this.feed = this.options.openFeed({
      accessUnit: (au) => this.decode(au),
      end: (problem: FeedProblem) => this.fail(problem.reason),
    });
  }

  /** A socket joins; it gets pictures only when it asks. Answers the detach function. */
  attach(receiver: FrameReceiver): { requestFrame(): void; detach(): void } {
    const entry: Attached = { receiver, lastSent: 0, pending: 0 };
    if (this.ended) {
      receiver.close(this.status === 'failed', this.description);
      return { requestFrame: () => undefined, detach: () => undefined };
    }
    this.receivers.add(entry);
    this.lastActivityMs = this.now();
    return {
      requestFrame: () => {
        this.lastActivityMs = this.now();
        entry.pending = Math.min(MAX_PENDING_REQUESTS, entry.pending + 1);
        this.serve(entry);
      },
      detach: () => {
        this.receivers.delete(entry);
        this.lastActivityMs = this.now();
        if (this.receivers.size === 0) this.unwatchedSinceMs = this.lastActivityMs;
      },
    };
  }

  /** Stops the feed and the decoder and closes attached sockets; safe to call more than once. */
  end(reason = 'The low-bandwidth stream was closed.', failed = false): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.firstFrameTimer);
    this.feed?.stop();
    this.decoder?.stop();
    for (const entry of this.receivers) entry.receiver.close(failed, reason);
    this.receivers.clear();
  }

  private decode(au: AccessUnit): void {
    const decoder = this.decoder;
    if (!decoder || this.ended) return;
    if (this.status === 'ready' && this.receivers.size === 0 && this.now() - this.unwatchedSinceMs > PAUSE_UNWATCHED_MS) {
      // Nobody has been watching for a while: decode nothing until a socket attaches.
      this.paused = true;
      return;
    }
    if (this.paused) {
      // Resume at a keyframe; the picture from before the pause is stale.
      this.paused = false;
      this.dropUntilKeyframe = true;
      this.latest = undefined;
    }
    const oldest = this.unflushed[0];
    const lagMs = oldest === undefined ? 0 : this.now() - oldest;
    // Until the first picture the decoder is still starting (process, probing) with the cached GOP queued.
    if (lagMs > MAX_INPUT_LAG_MS && this.status === 'ready') {
      this.dropUntilKeyframe = true;
      this.keyframesOnlyUntilMs = this.now() + KEYFRAMES_ONLY_MS;
    }
    if (this.dropUntilKeyframe || this.now() < this.keyframesOnlyUntilMs) {
      // Skipping to a keyframe keeps the decoder's references intact; what waits must drain first.
      if (!au.keyframe || lagMs > MAX_INPUT_LAG_MS / 2) return;
      this.dropUntilKeyframe = false;
    }
    this.unflushed.push(this.now());
    decoder.stdin.write(toClosedAnnexB(au), () => this.unflushed.shift());
  }

  private onPicture(picture: { sequence: number; base64: string }): void {
    if (this.ended) return;
    this.latest = picture;
    if (this.status === 'starting') {
      clearTimeout(this.firstFrameTimer);
      if (this.receivers.size === 0) this.unwatchedSinceMs = this.now();
      this.status = 'ready';
      this.description = 'The stream is ready.';
    }
    for (const entry of this.receivers) this.serve(entry);
  }

  private serve(entry: Attached): void {
    const latest = this.latest;
    if (entry.pending === 0 || !latest || latest.sequence <= entry.lastSent) return;
    entry.pending--;
    entry.lastSent = latest.sequence;
    entry.receiver.send(latest.base64);
  }

  private fail(description: string): void {
    if (this.ended) return;
    this.status = 'failed';
    this.description = description;
    this.end(description, true);
  }
}
