/**
 * The ffmpeg command of an export and its concat list. Pure builders
 * (argument arrays, never a shell string). ffmpeg reads the list on stdin
 * (`-f concat -i pipe:0`), so no temporary file is written; `-safe 0` lets the
 * list name absolute paths, which is safe because every path is checked to
 * lie inside the archive folder before it is written (assertInsideFolder)
 * and the protocol whitelist allows only files and the pipe.
 *
 * Output: the video is a stream copy (no decode, no encode; ~0.4 % of a
 * core per stream). Matroska streams as written, but a pipe cannot be
 * rewound to put the length in its header at the end, so the muxer writes
 * the length it knows at the start: the segments' own DURATION tags (copied
 * with the streams' metadata), i.e. whole segments (a 30 s export of one
 * 60 s segment said 60 s). The export's real length is set as each stream's
 * DURATION instead (`declaredDurationS`, export-plan.ts; a tag for a stream
 * the export does not have is ignored). MOV needs a seekable file for its
 * index, so it is written fragmented (`frag_keyframe+empty_moov`): a player
 * reads it as it arrives and it stays valid if the download stops early.
 *
 * Sound (the first audio stream the segments hold, if any): Matroska keeps
 * it as recorded; MP4/MOV players do not take G.711, so MOV gets AAC,
 * encoded from it (8 kHz mono: about 1 % of a core while exporting).
 * Limits: the concat demuxer takes its streams from the first segment, so
 * sound that starts in a later segment of the export is left out.
 */
import path from 'node:path';
import type { ExportFormat } from '../../shared/api';
import type { ConcatEntry } from './export-plan';

const seconds = (s: number) => s.toFixed(6);

/** Single-quoted for the concat demuxer: inside quotes only a quote needs escaping. */
function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** Throws unless `file` resolves to a place strictly inside `folder` and is safe to put in a concat list. */
export function assertInsideFolder(file: string, folder: string): string {
  const root = path.resolve(folder);
  const resolved = path.resolve(root, file);
  if (!resolved.startsWith(root + path.sep)) throw new Error(`archive path outside the archive folder: ${file}`);
  if (/[\r\n\0]/.test(resolved)) throw new Error('archive path contains a line break');
  return resolved;
}

export function concatListText(entries: readonly ConcatEntry[]): string {
  const lines = ['ffconcat version 1.0'];
  for (const entry of entries) {
    // 'file:' so the path is not resolved against the list's own URL (pipe:).
    lines.push(`file ${quote(`file:${entry.path}`)}`);
    if (entry.inpointS !== undefined) lines.push(`inpoint ${seconds(entry.inpointS)}`);
    if (entry.outpointS !== undefined) lines.push(`outpoint ${seconds(entry.outpointS)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Bit rate of the AAC a MOV export's sound is encoded to: plenty for 8 kHz speech, small beside the video. */
export const MOV_AUDIO_BITRATE = '32k';

export function exportArgs(format: ExportFormat, options: { durationS?: number } = {}): string[] {
  const durationS = options.durationS;
  const declared = durationS !== undefined && durationS > 0 ? `DURATION=${seconds(durationS)}` : undefined;
  const container =
    format === 'mov'
      ? ['-c:v', 'copy', '-c:a', 'aac', '-b:a', MOV_AUDIO_BITRATE, '-movflags', 'frag_keyframe+empty_moov+default_base_moof', '-f', 'mov']
      : ['-c', 'copy', ...(declared ? ['-metadata:s:v:0', declared, '-metadata:s:a:0', declared] : []), '-f', 'matroska'];
  return [
    '-hide_banner',
    '-nostats',
    '-loglevel',
    'error',
    '-protocol_whitelist',
    'file,pipe',
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    'pipe:0',
    '-map',
    '0:v?',
    '-map',
    '0:a:0?',
    '-avoid_negative_ts',
    'make_zero',
    ...container,
    'pipe:1',
  ];
}

/**
 * ffprobe: the video keyframe times of one file. Keyframes are read by
 * decoding only them (`-skip_frame nokey`): container key flags are not
 * trustworthy here (RTSP-fed Matroska flags every packet as a keyframe).
 * About 5 ms per 720p keyframe, so ~0.3 s per minute of a 1 s GOP.
 *
 * Not the file's start time: under `-skip_frame nokey` ffprobe 5.1 leaves
 * the video stream's start unset, so the start it reports is the sound's
 * first packet (up to 0.7 s into the first segment of a run, where the camera
 * replays its last GOP before the sound begins) or none at all for a file
 * without sound. Read with that start, an export's cut points were shifted
 * by the sound's delay: its first frame one GOP late, its end past the file.
 * startTimeProbeArgs reads the start without skipping.
 */
export function keyframeProbeArgs(file: string): string[] {
  return [
    '-v',
    'error',
    '-skip_frame',
    'nokey',
    '-select_streams',
    'v:0',
    '-show_entries',
    'frame=pts_time,best_effort_timestamp_time,key_frame',
    '-of',
    'json',
    file,
  ];
}

/** ffprobe: the file's start time (its first packet, any stream), read without skipping frames; demux only, a few ms. */
export function startTimeProbeArgs(file: string): string[] {
  return ['-v', 'error', '-show_entries', 'format=start_time', '-of', 'json', file];
}

/**
 * Reads keyframeProbeArgs and startTimeProbeArgs output. A file whose start
 * ffprobe cannot tell starts at its first keyframe (a segment begins with one).
 */
export function parseKeyframeProbe(keyframesJson: string, startTimeJson: string): { startTimeS: number; keyframesS: number[] } {
  const parsed = JSON.parse(keyframesJson) as {
    frames?: Array<{ pts_time?: string; best_effort_timestamp_time?: string; key_frame?: number }>;
  };
  const keyframesS: number[] = [];
  for (const frame of parsed.frames ?? []) {
    if (frame.key_frame === 0) continue;
    const t = Number(frame.pts_time ?? frame.best_effort_timestamp_time);
    if (Number.isFinite(t)) keyframesS.push(t);
  }
  const format = (JSON.parse(startTimeJson) as { format?: { start_time?: string } }).format;
  // Number(undefined) is NaN, but Number('') would be 0: only a real number counts.
  const start = format?.start_time ? Number(format.start_time) : Number.NaN;
  return { startTimeS: Number.isFinite(start) ? start : (keyframesS[0] ?? 0), keyframesS };
}
