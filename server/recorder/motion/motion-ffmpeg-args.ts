/**
 * ffmpeg argument lists for motion work, as pure builders (arrays, never a
 * shell string):
 *
 *  - the detector's decoder: Annex-B H.264 on stdin (the recorder's own
 *    live feed, not a second camera connection), at most `fps` pictures a
 *    second picked by arrival time, scaled to the detection size, grey
 *    bytes on stdout. `keyFramesOnly` (spec decode.keyFramesOnly) makes the
 *    decoder skip every other frame: about 1 % of a core instead of 8 % at
 *    1080p (FIELD-NOTES), one picture per GOP;
 *  - a mask image (PNG or JPEG on stdin) to grey at the detection size,
 *    composited over white so transparent pixels are watched;
 *  - a keyframes-only copy of a closed segment (stream copy; the `noise`
 *    bitstream filter drops every packet that is not a keyframe, which
 *    Matroska input honours where `-discard nokey` does not).
 */
import { annexBStdinInputArgs, rateSelectFilter } from '../live';

/** The picture every detector compares: 16:9, 14,400 pixels. */
export const DETECTION_WIDTH = 160;
export const DETECTION_HEIGHT = 90;

const QUIET = ['-hide_banner', '-nostats', '-loglevel', 'error'];

export function motionDecoderArgs(options: { fps: number; keyFramesOnly: boolean; width?: number; height?: number }): string[] {
  const width = options.width ?? DETECTION_WIDTH;
  const height = options.height ?? DETECTION_HEIGHT;
  return [
    ...QUIET,
    ...annexBStdinInputArgs({ keyFramesOnly: options.keyFramesOnly }),
    '-vf',
    `${rateSelectFilter(options.fps)},scale=${width}:${height}:flags=area,format=gray`,
    '-fps_mode',
    'passthrough',
    '-f',
    'rawvideo',
    'pipe:1',
  ];
}

export function maskDecoderArgs(contentType: 'image/png' | 'image/jpeg', width = DETECTION_WIDTH, height = DETECTION_HEIGHT): string[] {
  return [
    ...QUIET,
    '-f',
    contentType === 'image/png' ? 'png_pipe' : 'jpeg_pipe',
    '-i',
    'pipe:0',
    '-filter_complex',
    `color=c=white:s=${width}x${height}[bg];[0:v]scale=${width}:${height}:flags=area,format=rgba[m];[bg][m]overlay=format=auto:shortest=1,format=gray`,
    '-frames:v',
    '1',
    '-f',
    'rawvideo',
    'pipe:1',
  ];
}

/** Copies `input` to `output` (Matroska) with only its keyframes. */
export function keyframesOnlyCopyArgs(input: string, output: string): string[] {
  return [...QUIET, '-nostdin', '-i', input, '-map', '0:v:0', '-c', 'copy', '-bsf:v', 'noise=drop=not(key)', '-f', 'matroska', '-y', output];
}
