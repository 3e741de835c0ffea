/**
 * Plays a stream's recording forward from a time at a speed (1/4x to 64x)
 * as a feed of access units: one ffmpeg at a time demuxes the current
 * segment (`-readrate` at the speed, stream copy to Annex-B, no
 * transcoding), speed-plan.ts drops what a browser could not decode at that
 * speed (the tail of each GOP, then whole GOPs), and when it reaches the end the next
 * segment follows (archive-plan.ts decides which and from where). When the
 * reader catches up with the segment still being written and the stream is
 * live, the feed continues from the live hub, so a viewer who started a few
 * seconds back ends up watching live rather than stalling.
 *
 * Delivery is paced by the demuxer, and WebRTC stamps frames as they are
 * sent (rtp-clock.ts), so the picture advances at the speed in capture time.
 *
 * Cost: ~0.4 % of a core per viewer for the demuxer at 1x; at 16x and above
 * the demuxer passes keyframes only (the `noise` bitstream filter), so the
 * pipe carries 16..64 keyframes a second, not 400..1600 frames. One
 * process start per segment (a minute of recording: under a second at
 * 64x). Limits: forward only (reverse is reverse-pictures.ts); a start or a reopened
 * growing segment begins at the keyframe before the position (up to one GOP
 * of pictures is sent at once as a lead-in); timeMs of each access unit is
 * estimated from the playback position, not read from the file.
 */
import { AnnexBParser } from '../../protocols/h264';
import type { ArchiveLookup, LiveSources } from '../core/media-contracts';
import { afterSegment, type ArchiveCursor } from './archive-plan';
import { archiveDemuxArgs } from './ffmpeg-args';
import { FfmpegChild } from '../../processes';
import { FrameDropper, keyframesOnly } from './speed-plan';
import { type FeedSink, liveFeed, type VideoFeed } from './video-feed';

/** Caught up within this much of now with the stream live: continue from live. */
export const JOIN_LIVE_WITHIN_MS = 20_000;
/** While caught up with a stream that is not live, look for new recording this often... */
const CAUGHT_UP_POLL_MS = 500;
/** ...for at most this long. */
const CAUGHT_UP_GIVE_UP_MS = 10_000;

export interface ArchivePlayerDeps {
  archive: ArchiveLookup;
  live: LiveSources;
  now?: () => number;
  log?: (message: string, detail?: object) => void;
}

export class ArchivePlayer implements VideoFeed {
  private child: FfmpegChild | undefined;
  private next: VideoFeed | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly now: () => number;
  private readonly dropper: FrameDropper;

  constructor(
    private readonly deps: ArchivePlayerDeps,
    private readonly streamId: string,
    start: ArchiveCursor,
    private readonly gapToleranceMs: number,
    private readonly sink: FeedSink,
    /** Forward speed, 1/4 to 64 (the signalling and the schemas bound it). */
    private readonly speed = 1,
  ) {
    this.now = deps.now ?? Date.now;
    this.dropper = new FrameDropper(speed);
    this.play(start);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.child?.stop();
    this.next?.stop();
  }

  private play(cursor: ArchiveCursor): void {
    if (this.stopped) return;
    const { segment, offsetMs } = cursor;
    const startedWallMs = this.now();
    const position = () => segment.startMs + offsetMs + (this.now() - startedWallMs) * this.speed;
    let units = 0;
    const parser = new AnnexBParser((au) => {
      if (this.stopped) return;
      units++;
      const timeMs = position();
      if (this.dropper.accept({ keyframe: au.keyframe, timeMs })) this.sink.accessUnit({ ...au, timeMs });
    });
    const child = new FfmpegChild(
      'archive player',
      archiveDemuxArgs(segment.path, offsetMs, { speed: this.speed, keyframesOnly: keyframesOnly(this.speed) }),
    );
    this.child = child;
    child.stdout.on('data', (chunk: Buffer) => parser.push(chunk));
    void child.exited.then((exit) => {
      if (this.stopped || exit.stopped) return;
      parser.flush();
      if (units === 0 && (exit.code !== 0 || !segment.active)) {
        this.deps.log?.('archive segment unreadable', { path: segment.path, exit });
        this.sink.end({ code: 'expectedArchiveIsNotPlayable', reason: 'The recording at this time could not be read.' });
        return;
      }
      this.continueAfter(cursor, position());
    });
  }

  private continueAfter(cursor: ArchiveCursor, reachedMs: number, caughtUpSinceMs?: number): void {
    if (this.stopped) return;
    const step = afterSegment(this.deps.archive, cursor.segment, reachedMs, this.gapToleranceMs);
    if (step.kind === 'play') {
      this.play(step.cursor);
      return;
    }
    if (step.kind === 'gap') {
      const reason =
        step.nextStartMs === undefined
          ? 'The recording ends here.'
          : `No recording until ${new Date(step.nextStartMs).toISOString()}.`;
      this.sink.end({ code: step.nextStartMs === undefined ? 'end-of-archive' : 'archive-gap', reason });
      return;
    }
    const source = this.deps.live.source(this.streamId);
    if (source && this.now() - reachedMs <= JOIN_LIVE_WITHIN_MS) {
      this.next = liveFeed(this.deps.live, this.streamId, source, this.sink);
      return;
    }
    const since = caughtUpSinceMs ?? this.now();
    if (this.now() - since > CAUGHT_UP_GIVE_UP_MS) {
      this.sink.end({ code: 'end-of-archive', reason: 'The recording ends here and the stream is not live.' });
      return;
    }
    this.timer = setTimeout(() => this.continueAfter(cursor, reachedMs, since), CAUGHT_UP_POLL_MS);
  }
}
