/**
 * Times inside a segment whose sound starts after its picture, with real
 * ffmpeg and ffprobe: the first segment of a run looks like this (the camera
 * replays its last GOP, the sound starts with the connection: up to 0.7 s
 * later). Under `-skip_frame nokey` ffmpeg 5.1 leaves the picture's start
 * unset and takes the sound's as the file's, which once shifted the export's
 * cut points and the keyframes-only reverse playback by the sound's delay.
 *
 * The clip: 6 s of 25 fps H.264, a keyframe every second, each second a
 * different grey, so a picture tells which second it is; G.711 µ-law from
 * 0.66 s.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeSegment, startExport } from '../../../server/recorder/export/exporter';
import { reverseChunkArgs } from '../../../server/recorder/live/ffmpeg-args';
import { probeAudio } from '../helpers/audio-probe';
import { run } from '../helpers/media-probe';

const SOUND_DELAY_S = 0.66;
const T = 1_800_000_000_000;

let folder: string;
let clip: string;

/** Mean grey of a raw 8-bit picture. */
function meanGrey(gray: Buffer): number {
  let sum = 0;
  for (const value of gray) sum += value;
  return sum / gray.length;
}

/** The grey the clip shows in second `s` (decoded without skipping, so no start time is in doubt). */
async function greyOfSecond(s: number): Promise<number> {
  const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', clip, '-vf', `select=eq(n\\,${s * 25})`, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1']);
  return meanGrey(stdout);
}

/** Which second of the clip a grey picture shows. */
async function secondShown(gray: Buffer): Promise<number> {
  const grey = meanGrey(gray);
  const references = await Promise.all([0, 1, 2, 3, 4, 5].map(greyOfSecond));
  const distances = references.map((reference) => Math.abs(reference - grey));
  return distances.indexOf(Math.min(...distances));
}

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'argus-sound-timing-'));
  clip = path.join(folder, 'segment.mkv');
  const made = await run('ffmpeg', [
    '-v', 'error',
    '-f', 'lavfi', '-i', "color=c=black:size=160x96:rate=25:duration=6,geq=lum='min(250\\,floor(T)*40)':cb=128:cr=128",
    '-itsoffset', String(SOUND_DELAY_S), '-f', 'lavfi', '-i', 'sine=frequency=1000:sample_rate=8000:duration=5',
    '-map', '0:v', '-map', '1:a',
    '-c:v', 'libx264', '-bf', '0', '-g', '25', '-keyint_min', '25', '-sc_threshold', '0', '-pix_fmt', 'yuv420p',
    '-c:a', 'pcm_mulaw',
    clip,
  ]);
  expect(made.code, made.stderr).toBe(0);
  const audio = await probeAudio(clip);
  // The clip is what it should be: its sound starts after the picture.
  expect(audio?.codec).toBe('pcm_mulaw');
});

afterAll(() => {
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

describe('a segment whose sound starts after its picture', () => {
  it('is probed for export from the picture’s start, with every keyframe', async () => {
    const timing = await probeSegment(clip);
    expect(timing.startTimeS).toBe(0);
    expect(timing.keyframesS).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('exports from the keyframe before the start, with its sound', async () => {
    const segment = { id: 1, streamId: 's', startMs: T, endMs: T + 6000, path: clip, sizeBytes: fs.statSync(clip).size, active: false };
    const job = await startExport({ pieces: [{ segment, fromMs: 2_300, toMs: 4_500 }], format: 'mkv', archiveRoot: folder });
    const chunks: Buffer[] = [];
    job.output.on('data', (chunk: Buffer) => chunks.push(chunk));
    const exit = await job.exited;
    expect(exit.code, exit.stderr).toBe(0);
    // The keyframe at 2 s, not the one at 3 s that the sound's start (0.66 s) once pointed to.
    expect(job.firstFrameMs).toBe(T + 2_000);
    const file = path.join(folder, 'export.mkv');
    fs.writeFileSync(file, Buffer.concat(chunks));
    const first = await run('ffmpeg', ['-v', 'error', '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1']);
    expect(await secondShown(first.stdout)).toBe(2);
    expect((await probeAudio(file))?.codec).toBe('pcm_mulaw');
  });

  it('plays backwards at keyframe speed from the second asked for', async () => {
    // [1.5 s, 2.2 s) holds one keyframe, the one at 2 s.
    const chunk = await run('ffmpeg', reverseChunkArgs(clip, { fromOffsetMs: 1_500, toOffsetMs: 2_200, stepMs: 1_000, keyframesOnly: true }, { width: 160, height: 96 }));
    expect(chunk.code, chunk.stderr).toBe(0);
    const gray = await run('ffmpeg', ['-v', 'error', '-f', 'image2pipe', '-i', 'pipe:0', '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'], chunk.stdout);
    expect(gray.stdout.length).toBe(160 * 96);
    expect(await secondShown(gray.stdout)).toBe(2);
  });
});
