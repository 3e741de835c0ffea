/**
 * The ingest ffmpeg's argument list (never a shell string): one RTSP pull
 * over TCP, stream copy, and up to three outputs from the same packets:
 *
 *  (a) archive segments: Matroska, cut at the first keyframe after each
 *      wall-clock minute, timestamps reset per file, each packet flushed and
 *      clusters of at most 1 s, so a file being written (or cut by kill -9)
 *      plays up to its last second; each closed segment is listed as a CSV
 *      line on fd 3. The camera's first audio stream goes in beside the
 *      video when `audio.record` says its codec is one Matroska takes
 *      (audio-plan.ts); ffmpeg then holds a video packet for at most
 *      MAX_INTERLEAVE_US waiting for the sound to interleave with, so a
 *      camera that announces sound and sends none still records;
 *  (b) Annex-B H.264 on stdout (SPS/PPS before every keyframe) for the live
 *      hub: video only, whatever the camera sends;
 *  (c) when `audio.liveMulaw`, the camera's G.711 µ-law as raw bytes on
 *      fd 5, each packet written as it arrives, for live listeners;
 *  (d) the size of each packet of (b), through the same bitstream filters,
 *      as `framecrc` lines on fd 6, so the live hub hands on each picture
 *      when its last byte arrives rather than when the next one begins
 *      (protocols/sized-access-units.ts).
 *
 * Progress (out_time_us of the newest packet) goes to fd 4 twice a second;
 * stderr at level info carries the "Opening '<file>' for writing" lines.
 *
 * Cost: stream copy only, well under 1 % of a core per 1080p stream.
 * Limits: one audio stream (the first) at most; '%' in the archive folder
 * is escaped because the segment muxer treats the file name as a pattern.
 */
export const SEGMENT_SECONDS = 60;
export const SEGMENT_LIST_FD = 3;
export const PROGRESS_FD = 4;
export const LIVE_AUDIO_FD = 5;
export const PACKET_SIZES_FD = 6;
/** The live video's bitstream filters: Annex-B with SPS/PPS before every keyframe. Outputs (b) and (d) must share them. */
const LIVE_VIDEO_BSF = 'h264_mp4toannexb,dump_extra=freq=keyframe';
/** How long the segment muxer waits for the other stream's packets before writing out of step (µs). */
export const MAX_INTERLEAVE_US = 1_000_000;
/** Socket time-out for the camera connection (ffmpeg's -timeout for RTSP is in microseconds). */
export const RTSP_TIMEOUT_US = 10_000_000;

export interface IngestArgsOptions {
  /** The camera's RTSP URI with credentials. */
  inputUri: string;
  /** Absolute file pattern for segments (…/<prefix>_%05d.mkv), or undefined for live only. */
  segmentPattern: string | undefined;
  segmentSeconds?: number;
  /** What to do with the camera's sound; none by default. */
  audio?: { record: boolean; liveMulaw: boolean };
}

/** Escapes '%' so a folder name is not read as part of the segment number pattern. */
export function escapeSegmentPath(path: string): string {
  return path.replace(/%/g, '%%');
}

export function buildIngestArgs(options: IngestArgsOptions): string[] {
  const args = [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-loglevel',
    'info',
    '-rtsp_transport',
    'tcp',
    '-timeout',
    String(RTSP_TIMEOUT_US),
    '-i',
    options.inputUri,
  ];
  const audio = options.audio ?? { record: false, liveMulaw: false };
  if (options.segmentPattern !== undefined) {
    args.push(
      '-map',
      '0:v:0',
      // '?': should the camera not send the sound it described, the recording goes on without it.
      ...(audio.record ? ['-map', '0:a:0?', '-max_interleave_delta', String(MAX_INTERLEAVE_US)] : []),
      '-c',
      'copy',
      '-f',
      'segment',
      '-segment_format',
      'matroska',
      '-segment_format_options',
      audio.record ? `flush_packets=1:cluster_time_limit=1000:max_interleave_delta=${MAX_INTERLEAVE_US}` : 'flush_packets=1:cluster_time_limit=1000',
      '-segment_atclocktime',
      '1',
      '-segment_time',
      String(options.segmentSeconds ?? SEGMENT_SECONDS),
      '-reset_timestamps',
      '1',
      '-segment_list',
      `pipe:${SEGMENT_LIST_FD}`,
      '-segment_list_type',
      'csv',
      options.segmentPattern,
    );
  }
  args.push(
    '-map',
    '0:v:0',
    '-c',
    'copy',
    '-bsf:v',
    LIVE_VIDEO_BSF,
    '-flush_packets',
    '1',
    '-f',
    'h264',
    'pipe:1',
    ...(audio.liveMulaw ? ['-map', '0:a:0', '-c', 'copy', '-flush_packets', '1', '-f', 'mulaw', `pipe:${LIVE_AUDIO_FD}`] : []),
    ...['-map', '0:v:0', '-c', 'copy', '-bsf:v', LIVE_VIDEO_BSF, '-flush_packets', '1', '-f', 'framecrc', `pipe:${PACKET_SIZES_FD}`],
    '-progress',
    `pipe:${PROGRESS_FD}`,
    '-stats_period',
    '0.5',
  );
  return args;
}
