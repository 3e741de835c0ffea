/**
 * ffmpeg argument lists for live and recorded video delivery. Pure builders
 * (argument arrays, never a shell string), so each command is unit-tested
 * and a path or number can never become an option.
 *
 * Costs on a 1080p25 camera (FIELD-NOTES): demuxing a segment with stream
 * copy is ~0.4 % of a core; decoding plus scaling plus JPEG at 640x360 and
 * 10 fps ~11 %.
 */
import { jpegToStdoutArgs } from '../../processes/jpeg-output-args';
import { MAX_JPEG_HEIGHT, MAX_JPEG_WIDTH } from '../../shared/validation';

const QUIET = ['-hide_banner', '-nostats', '-loglevel', 'error'];

const seconds = (ms: number) => (Math.max(0, ms) / 1000).toFixed(3);

export interface Box {
  width: number;
  height: number;
}

/** A box clamped to the JPEG bounds, each side even and at least 2. */
export function clampBox(box: Partial<Box>): Box {
  const even = (v: number, max: number) => Math.max(2, Math.min(max, Math.floor(v / 2) * 2));
  return {
    width: even(box.width && box.width > 0 ? box.width : MAX_JPEG_WIDTH, MAX_JPEG_WIDTH),
    height: even(box.height && box.height > 0 ? box.height : MAX_JPEG_HEIGHT, MAX_JPEG_HEIGHT),
  };
}

/**
 * Scales to fit inside the box, keeping the aspect ratio, with even sides;
 * never enlarges beyond the box (a small source may be scaled up to fit it,
 * as a player tile would).
 */
export function fitFilter(box: Box): string {
  return `scale=w=${box.width}:h=${box.height}:force_original_aspect_ratio=decrease:force_divisible_by=2`;
}

/**
 * Scales to cover the box, keeping the aspect ratio, then cuts the box out
 * of the middle (crop centres by default): a picture of exactly the box,
 * the way a tile filled edge to edge shows it.
 */
export function coverFilter(box: Box): string {
  return `scale=w=${box.width}:h=${box.height}:force_original_aspect_ratio=increase,crop=w=${box.width}:h=${box.height}`;
}

/** The scaling of a single picture: fitted into the box, or covering it and cut to it (`crop`). */
export function pictureFilter(box: Box, crop: boolean): string {
  return crop ? coverFilter(box) : fitFilter(box);
}

/**
 * Reads one archive segment from `offsetMs` at `speed` times real-time pace
 * (`-readrate`; 1 is `-re`) and writes its video as Annex-B H.264 (SPS/PPS
 * before keyframes by mp4toannexb; access unit delimiters inserted so each
 * frame ends visibly). Input seeking with stream copy starts at the keyframe
 * before the offset. `keyframesOnly` drops every other packet in the
 * demuxer (after mp4toannexb, which must see the keyframes' parameter sets
 * first; dropping before it loses them).
 */
export function archiveDemuxArgs(
  segmentPath: string,
  offsetMs: number,
  options: { speed?: number; keyframesOnly?: boolean } = {},
): string[] {
  const speed = options.speed ?? 1;
  const filters = ['h264_mp4toannexb', ...(options.keyframesOnly ? ['noise=drop=not(key)'] : []), 'h264_metadata=aud=insert'];
  return [
    ...QUIET,
    '-nostdin',
    '-readrate',
    String(Number(speed.toFixed(4))),
    '-ss',
    seconds(offsetMs),
    '-i',
    segmentPath,
    '-map',
    '0:v:0',
    '-c',
    'copy',
    '-bsf:v',
    filters.join(','),
    '-flush_packets',
    '1',
    '-f',
    'h264',
    'pipe:1',
  ];
}

/**
 * Keeps at most `fps` pictures a second, decided per picture, so nothing
 * waits in the filter (the `fps` filter holds a picture until the next slot
 * is known, which adds up to a slot of latency and duplicates pictures
 * across gaps).
 *
 * A picture is kept when it comes at least half a period after the time
 * the last kept one was due; the due time then steps on by one period, but
 * never falls more than half a period behind the picture kept. So a source
 * at the asked rate keeps every picture through up to half a period of
 * jitter, a faster one is held to the asked rate on average, and a slower
 * one keeps all it sends. Why not "the first picture of each 1/fps time
 * slot": the pictures here carry their arrival times, and a source at the
 * asked rate whose arrivals straddle the slot edges lands two in one slot
 * and loses one; measured with ffmpeg 5.1, 25 fps asked of a 25 fps source
 * with +-5 ms of jitter kept 77 % of the pictures that way, and all of them
 * this way. The due time is kept in the expression's variable 0 (variable 1
 * says whether a picture was kept yet); ffmpeg keeps them across pictures.
 */
export function rateSelectFilter(fps: number): string {
  const period = Number((1 / fps).toFixed(6));
  const half = Number((0.5 / fps).toFixed(6));
  const first = 'st(1\\,1)*st(0\\,t)*0+1';
  const next = `if(gte(t-ld(0)\\,${half})\\,st(0\\,max(ld(0)+${period}\\,t-${half}))*0+1\\,0)`;
  return `select='if(eq(ld(1)\\,0)\\,${first}\\,${next})'`;
}

/**
 * The input half of every decoder fed the recorder's own live feed: Annex-B
 * H.264 on stdin, stamped with arrival times (so a rate filter is right
 * whatever rate the camera sends), decoded with low delay: no probing beyond
 * the first bytes, one thread (frame threads would hold pictures back).
 * Not '-fflags nobuffer': it discards what probing read, which is the
 * keyframe a feed starts with. `keyFramesOnly` skips every other frame.
 */
export function annexBStdinInputArgs(options: { keyFramesOnly?: boolean } = {}): string[] {
  return [
    '-flags',
    'low_delay',
    '-probesize',
    '32',
    '-analyzeduration',
    '0',
    '-use_wallclock_as_timestamps',
    '1',
    '-threads',
    '1',
    ...(options.keyFramesOnly ? ['-skip_frame', 'nokey'] : []),
    '-f',
    'h264',
    '-i',
    'pipe:0',
  ];
}

/**
 * Decodes Annex-B H.264 from stdin into JPEGs on stdout at up to `fps`,
 * sized to fit `box`. Timestamps are the arrival times, so the rate is
 * right whatever rate the camera sends, and a burst (the latest GOP a
 * session starts with) yields a single picture rather than seconds of them;
 * pictures pass through as they come.
 *
 * The pictures are then renumbered (`setpts=N` in a 1 ms time base, the
 * encoder's too): arrival times, rounded to the encoder's default time base
 * of 1/25 s, gave two pictures of neighbouring 1/fps slots the same stamp
 * at 25 fps, and ffmpeg ends the whole session on 'Invalid pts <= last'.
 * A pipe of JPEGs carries no timestamps, so nothing is lost.
 */
export function jpegSessionArgs(box: Box, fps: number): string[] {
  return [
    ...QUIET,
    ...annexBStdinInputArgs(),
    '-vf',
    `${rateSelectFilter(fps)},${fitFilter(box)},settb=1/1000,setpts=N`,
    '-fps_mode',
    'passthrough',
    '-enc_time_base',
    '1/1000',
    ...jpegToStdoutArgs({ quality: 5, flushEachPicture: true }),
  ];
}

/**
 * Decodes a GOP given on stdin (`frameCount` access units, keyframe first)
 * and writes only its last picture as one JPEG: the newest live frame.
 */
export function lastFrameOfGopArgs(frameCount: number, box: Box, crop = false): string[] {
  const last = Math.max(0, frameCount - 1);
  return [
    ...QUIET,
    '-f',
    'h264',
    '-i',
    'pipe:0',
    '-vf',
    `select=gte(n\\,${last}),${pictureFilter(box, crop)}`,
    ...jpegToStdoutArgs({ quality: 3, singlePicture: true }),
  ];
}

/** One JPEG of the picture at `offsetMs` in a segment (accurate seek: decodes from the keyframe before). */
export function archiveFrameArgs(segmentPath: string, offsetMs: number, box: Box, crop = false): string[] {
  return [
    ...QUIET,
    '-nostdin',
    '-ss',
    seconds(offsetMs),
    '-i',
    segmentPath,
    '-map',
    '0:v:0',
    '-vf',
    pictureFilter(box, crop),
    ...jpegToStdoutArgs({ quality: 3, singlePicture: true }),
  ];
}

/**
 * Decodes [fromOffsetMs, toOffsetMs) of a segment (accurate input seek, the
 * length bounded before the input) and writes pictures at least `stepMs`
 * of capture time apart as JPEGs, oldest first: one chunk of a reverse
 * playback (reverse-plan.ts). `keyframesOnly` decodes keyframes alone
 * (`-skip_frame nokey`), a fraction of the cost, for fast speeds.
 *
 * With `-skip_frame nokey` ffmpeg 5.1 leaves the video's start time unset,
 * so the input's start is the sound's first packet, and `-ss` counts from
 * there: in the first segment of a run, whose sound begins up to 0.7 s
 * after its picture, a chunk read one GOP late. `-seek_timestamp 1` makes
 * `-ss` a time in the file, as it already was for a file without sound
 * (no start at all) and as the segment's own timestamps are.
 */
export function reverseChunkArgs(
  segmentPath: string,
  chunk: { fromOffsetMs: number; toOffsetMs: number; stepMs: number; keyframesOnly: boolean },
  box: Box,
): string[] {
  const stepSeconds = Number((chunk.stepMs / 1000).toFixed(3));
  return [
    ...QUIET,
    '-nostdin',
    '-threads',
    '1',
    ...(chunk.keyframesOnly ? ['-skip_frame', 'nokey', '-seek_timestamp', '1'] : []),
    '-ss',
    seconds(chunk.fromOffsetMs),
    '-t',
    seconds(chunk.toOffsetMs - chunk.fromOffsetMs),
    '-i',
    segmentPath,
    '-map',
    '0:v:0',
    '-vf',
    // A picture one frame early still counts as a step (frames are 40 ms apart, steps rarely exact multiples).
    `select='isnan(prev_selected_t)+gte(t-prev_selected_t+0.02\\,${stepSeconds})',${fitFilter(box)}`,
    '-fps_mode',
    'passthrough',
    ...jpegToStdoutArgs({ quality: 5 }),
  ];
}

/**
 * ffprobe arguments listing the presentation times of the video packets of
 * a segment between two offsets (from the keyframe before the first; no
 * decoding), one per line, for frame stepping.
 */
export function packetTimesArgs(segmentPath: string, fromOffsetMs: number, toOffsetMs: number): string[] {
  return [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-read_intervals',
    `${seconds(fromOffsetMs)}%${seconds(toOffsetMs)}`,
    '-show_entries',
    'packet=pts_time',
    '-of',
    'csv=p=0',
    segmentPath,
  ];
}
