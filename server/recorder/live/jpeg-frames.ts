/**
 * Single pictures of a stream as JPEG (GET {stream href}/frame): the live
 * picture, decoded from the hub's latest GOP (keyframe and the frames after
 * it, one ffmpeg run, only the last one encoded), or the picture at a past
 * time, decoded from the archive segment with an accurate seek. Sized to
 * fit the requested box (aspect kept, bounded to 1920x1080), or with `crop`
 * to cover it exactly, cut in the centre.
 *
 * `fallback` (spec 7 frame URLs): when nothing is recorded at the time, the
 * first recorded picture after it, else the live one, rather than a 404.
 *
 * Stepping (`step` -1 or 1 with a past time, frame-step.ts): the picture of
 * the recorded frame before or after the one at the time, with that
 * frame's exact time, across segment boundaries; one ffprobe listing of a
 * few seconds of packets (no decoding) and one accurate-seek decode.
 *
 * Cost: one short ffmpeg per request (tens of ms for a sub stream, a few
 * hundred for a 1080p GOP); at most MAX_CONCURRENT run at once, a few more
 * wait, the rest get 503 so a wall of previews cannot pile up processes.
 */
import type { Ability } from '../../shared/roles';
import type { AccessUnit } from '../../protocols/h264';
import type { H264Source } from '../../protocols/h264-source';
import { ApiError, notFound } from '../../common/api-error';
import type { ArchiveLookup, LiveSources } from '../core/media-contracts';
import { startCursor } from './archive-plan';
import { toAnnexB, withParameterSets } from './access-units';
import { archiveFrameArgs, type Box, clampBox, lastFrameOfGopArgs, packetTimesArgs } from './ffmpeg-args';
import { FFPROBE_PATH, runFfmpeg, runToCompletion } from '../../processes';
import type { ArchiveSegment } from '../core/media-contracts';
import { neighbourFrame, parsePacketTimes, STEP_WINDOW_MS, type StepDirection } from './frame-step';
import { isPlaybackTime } from './feed-opener';
import { JpegSplitter } from './jpeg-splitter';

const MAX_CONCURRENT = 3;
const MAX_WAITING = 24;
const RUN_TIMEOUT_MS = 15_000;
const MAX_JPEG_BYTES = 8 * 1024 * 1024;
/** With no GOP cached yet, wait this long for the next keyframe. */
const KEYFRAME_WAIT_MS = 5_000;
/** How close to the write head of a segment a seek may go (the file lags the index a little). */
const ACTIVE_TAIL_MARGIN_MS = 1_500;
/** How far the index's end of the segment being written may lag now (ingest progress reports). */
const INDEX_LAG_MS = 10_000;

export interface FrameRequest {
  streamId: string;
  /** Epoch ms; 0 or absent for live. */
  timeMs: number;
  box: Partial<Box>;
  fallback: boolean;
  /** Cover the box and cut it out of the middle, rather than fit inside it. */
  crop?: boolean;
}

export class JpegFrames {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly deps: { live: LiveSources; archive: ArchiveLookup; now?: () => number }) {}

  async frame(request: FrameRequest, can: (ability: Ability) => boolean): Promise<Buffer> {
    const now = this.deps.now?.() ?? Date.now();
    const past = isPlaybackTime(request.timeMs, now);
    if (!can(past ? 'playback' : 'live')) throw new ApiError(403, 'forbidden', `You do not have permission for ${past ? 'playback' : 'live video'}.`);
    if (!this.deps.live.exists(request.streamId)) throw notFound(`Stream '${request.streamId}' does not exist.`, 'stream-not-found');
    const box = clampBox(request.box);
    return this.limited(async () => {
      if (past) {
        const tolerance = request.fallback ? Number.POSITIVE_INFINITY : 0;
        const cursor = startCursor(this.deps.archive, request.streamId, request.timeMs, tolerance);
        if (cursor) {
          const { segment } = cursor;
          const available = segment.active ? Math.max(0, segment.endMs - segment.startMs - ACTIVE_TAIL_MARGIN_MS) : Infinity;
          const jpeg = await this.decodeOne(archiveFrameArgs(segment.path, Math.min(cursor.offsetMs, available), box, request.crop));
          if (jpeg) return jpeg;
        }
        if (!request.fallback) {
          throw notFound(`No recorded picture at ${new Date(request.timeMs).toISOString()}.`, 'no-archive');
        }
      }
      const source = this.deps.live.source(request.streamId);
      if (!source) throw notFound('The stream is not running, so there is no live picture.', 'stream-not-running');
      const gop = await latestGop(source);
      if (gop.length === 0) throw notFound('The stream has sent no picture yet.', 'no-video');
      const input = gop.map((au) => toAnnexB(withParameterSets(au, source.codec())));
      const jpeg =
        (await this.decodeOne(lastFrameOfGopArgs(gop.length, box, request.crop), input)) ??
        (await this.decodeOne(lastFrameOfGopArgs(1, box, request.crop), input.slice(0, 1)));
      if (!jpeg) throw notFound('The live picture could not be decoded.', 'no-video');
      return jpeg;
    });
  }

  /** The picture one recorded frame before or after the one at `request.timeMs`, and that frame's capture time. */
  async stepped(request: FrameRequest & { step: StepDirection }, can: (ability: Ability) => boolean): Promise<{ jpeg: Buffer; timeMs: number }> {
    if (!can('playback')) throw new ApiError(403, 'forbidden', 'You do not have permission for playback.');
    if (!this.deps.live.exists(request.streamId)) throw notFound(`Stream '${request.streamId}' does not exist.`, 'stream-not-found');
    const box = clampBox(request.box);
    return this.limited(async () => {
      const cursor = startCursor(this.deps.archive, request.streamId, request.timeMs, 0) ?? (request.step === -1 ? this.justBefore(request) : undefined);
      if (!cursor) throw notFound(`No recorded picture at ${new Date(request.timeMs).toISOString()}.`, 'no-archive');
      const found = await this.neighbour(cursor.segment, cursor.offsetMs, request.step);
      if (!found) throw notFound(`No recorded frame ${request.step < 0 ? 'before' : 'after'} this one.`, 'no-frame');
      const jpeg = await this.decodeOne(archiveFrameArgs(found.segment.path, found.offsetMs, box, request.crop));
      if (!jpeg) throw notFound('The recorded frame could not be decoded.', 'no-video');
      return { jpeg, timeMs: found.segment.startMs + found.offsetMs };
    });
  }

  /**
   * A time just past the end of the recording (paused at live: the index and
   * the file lag now by a few seconds, the index's progress reports): stepping
   * back starts from the last segment ending within INDEX_LAG_MS before it.
   */
  private justBefore(request: FrameRequest): { segment: ArchiveSegment; offsetMs: number } | undefined {
    const segment = this.deps.archive
      .segmentsBetween(request.streamId, request.timeMs - INDEX_LAG_MS, request.timeMs)
      .filter((s) => s.startMs <= request.timeMs)
      .at(-1);
    return segment && { segment, offsetMs: request.timeMs - segment.startMs };
  }

  /** The neighbouring frame inside the segment, else the nearest one of the segment before or after. */
  private async neighbour(segment: ArchiveSegment, offsetMs: number, step: StepDirection): Promise<{ segment: ArchiveSegment; offsetMs: number } | undefined> {
    // A time past what the file holds (paused at live, the index ahead of the file) steps from its last frames.
    const listFromMs = Math.min(offsetMs, segment.endMs - segment.startMs) - STEP_WINDOW_MS;
    const inside = neighbourFrame(await this.frameOffsets(segment, listFromMs, offsetMs + STEP_WINDOW_MS), offsetMs, step);
    if (inside !== undefined) return { segment, offsetMs: inside };
    const other =
      step === 1
        ? this.deps.archive.segmentsBetween(segment.streamId, segment.endMs, segment.endMs + STEP_WINDOW_MS).find((s) => s.startMs > segment.startMs)
        : this.deps.archive.segmentsBetween(segment.streamId, segment.startMs - STEP_WINDOW_MS, segment.startMs).filter((s) => s.startMs < segment.startMs).at(-1);
    if (!other) return undefined;
    const lengthMs = other.endMs - other.startMs;
    const offsets = step === 1 ? await this.frameOffsets(other, 0, STEP_WINDOW_MS) : await this.frameOffsets(other, lengthMs - STEP_WINDOW_MS, lengthMs + STEP_WINDOW_MS);
    if (offsets.length === 0) return undefined;
    return { segment: other, offsetMs: step === 1 ? Math.min(...offsets) : Math.max(...offsets) };
  }

  private async frameOffsets(segment: ArchiveSegment, fromMs: number, toMs: number): Promise<number[]> {
    const result = await runToCompletion({
      name: 'frame step listing',
      command: FFPROBE_PATH,
      args: packetTimesArgs(segment.path, Math.max(0, fromMs), Math.max(0, toMs)),
      timeoutMs: RUN_TIMEOUT_MS,
    });
    return parsePacketTimes(result.stdout);
  }

  private async decodeOne(args: string[], input?: Buffer[]): Promise<Buffer | undefined> {
    const { output } = await runFfmpeg('jpeg frame', args, { input, maxOutputBytes: MAX_JPEG_BYTES, timeoutMs: RUN_TIMEOUT_MS });
    return new JpegSplitter().push(output)[0];
  }

  private async limited<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= MAX_CONCURRENT) {
      if (this.waiting.length >= MAX_WAITING) throw new ApiError(503, 'busy', 'Too many pictures are being prepared; try again shortly.');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}

/**
 * The hub's cached GOP (delivered synchronously on subscribe), or, when it
 * has none yet, the next keyframe alone.
 */
function latestGop(source: H264Source): Promise<AccessUnit[]> {
  const gop: AccessUnit[] = [];
  let replaying = true;
  return new Promise((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve(gop);
    };
    // The listener calls done() only after subscribe() has returned (replayed units never do).
    const unsubscribe = source.subscribe((au) => {
      if (replaying) {
        if (gop.length > 0 || au.keyframe) gop.push(au);
      } else if (au.keyframe && gop.length === 0) {
        gop.push(au);
        done();
      }
    });
    replaying = false;
    if (gop.length > 0) done();
    else timer = setTimeout(done, KEYFRAME_WAIT_MS);
  });
}
