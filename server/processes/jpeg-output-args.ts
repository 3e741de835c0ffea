/**
 * The end of every ffmpeg command that writes JPEG pictures to stdout: the
 * recorder's live and archive frames, its low-bandwidth sessions and the
 * camera simulator's snapshots. Written once so quality, framing and the
 * output format stay in one place. Pure: an argument array, never a shell.
 *
 * Two output formats are in use and both are kept as they were: image2pipe
 * (pictures one after another, the mjpeg encoder named) for the recorder,
 * and the raw mjpeg muxer (whose default encoder is mjpeg) for the
 * simulator's single snapshot; for one picture their bytes are the same.
 */

export interface JpegOutput {
  /** ffmpeg's -q:v, 2 (best) to 31. */
  quality: number;
  /** Stop after the first picture. */
  singlePicture?: boolean;
  /** Write each picture out as soon as it is encoded (a live session, not a one-off). */
  flushEachPicture?: boolean;
  /** Default 'image2pipe'. */
  muxer?: 'image2pipe' | 'mjpeg';
}

/** Output options and the `pipe:1` target, to append after the input and filter options. */
export function jpegToStdoutArgs(output: JpegOutput): string[] {
  const muxer = output.muxer ?? 'image2pipe';
  return [
    ...(output.singlePicture ? ['-frames:v', '1'] : []),
    ...(muxer === 'image2pipe' ? ['-c:v', 'mjpeg'] : []),
    '-q:v',
    String(output.quality),
    ...(output.flushEachPicture ? ['-flush_packets', '1'] : []),
    '-f',
    muxer,
    'pipe:1',
  ];
}
