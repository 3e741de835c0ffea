/**
 * The ingest ffmpeg's argument list (never a shell string): one RTSP pull
 * over TCP, stream copy, and up to two outputs from the same packets:
 *
 *  (a) archive segments: Matroska, cut at the first keyframe after each
 *      wall-clock minute, timestamps reset per file, each packet flushed and
 *      clusters of at most 1 s, so a file being written (or cut by kill -9)
 *      plays up to its last second; each closed segment is listed as a CSV
 *      line on fd 3;
 *  (b) Annex-B H.264 on stdout (SPS/PPS before every keyframe) for the live
 *      hub.
 *
 * Progress (out_time_us of the newest packet) goes to fd 4 twice a second;
 * stderr at level info carries the "Opening '<file>' for writing" lines.
 *
 * Cost: stream copy only, well under 1 % of a core per 1080p stream.
 * Limits: video only (audio is dropped); '%' in the archive folder is escaped
 * because the segment muxer treats the file name as a pattern.
 */
export const SEGMENT_SECONDS = 60;
export const SEGMENT_LIST_FD = 3;
export const PROGRESS_FD = 4;
/** Socket time-out for the camera connection (ffmpeg's -timeout for RTSP is in microseconds). */
export const RTSP_TIMEOUT_US = 10_000_000;

export interface IngestArgsOptions {
  /** The camera's RTSP URI with credentials. */
  inputUri: string;
  /** Absolute file pattern for segments (…/<prefix>_%05d.mkv), or undefined for live only. */
  segmentPattern: string | undefined;
  segmentSeconds?: number;
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
  if (options.segmentPattern !== undefined) {
    args.push(
      '-map',
      '0:v:0',
      '-c',
      'copy',
      '-f',
      'segment',
      '-segment_format',
      'matroska',
      '-segment_format_options',
      'flush_packets=1:cluster_time_limit=1000',
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
    'h264_mp4toannexb,dump_extra=freq=keyframe',
    '-flush_packets',
    '1',
    '-f',
    'h264',
    'pipe:1',
    '-progress',
    `pipe:${PROGRESS_FD}`,
    '-stats_period',
    '0.5',
  );
  return args;
}
