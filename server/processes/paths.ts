/**
 * Where ffmpeg and ffprobe are, read from the environment once and only
 * here, so the recorder, the camera simulator and the tests that reuse them
 * all run the same binaries. ARGUS_FFMPEG and ARGUS_FFPROBE name them
 * (default: looked up on PATH). With only ARGUS_FFMPEG set to a file called
 * `ffmpeg`, ffprobe is taken from beside it (the exporter's rule, kept as
 * the one rule); any other name leaves ffprobe to PATH, never to the ffmpeg
 * binary itself.
 */

export const FFMPEG_PATH = process.env.ARGUS_FFMPEG ?? 'ffmpeg';

function ffprobeBeside(ffmpegPath: string): string {
  return /(^|\/)ffmpeg$/.test(ffmpegPath) ? ffmpegPath.replace(/ffmpeg$/, 'ffprobe') : 'ffprobe';
}

export const FFPROBE_PATH = process.env.ARGUS_FFPROBE ?? ffprobeBeside(FFMPEG_PATH);
