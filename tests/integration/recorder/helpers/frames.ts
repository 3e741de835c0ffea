/**
 * Reads recorded video back: the time strip the simulator burns into each
 * frame (its capture time, epoch ms) at an offset into a segment file, and
 * whether a file decodes from start to end.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { decodeTimeStrip } from '../../../../server/shared/time-strip';

const run = promisify(execFile);
const WIDTH = 640;
const HEIGHT = 360;

/** The capture time shown by the first frame at or after `offsetS` into `file`. */
export async function frameTimeAt(file: string, offsetS: number): Promise<number | undefined> {
  const { stdout } = await run(
    'ffmpeg',
    ['-v', 'error', '-ss', String(offsetS), '-i', file, '-frames:v', '1', '-vf', `scale=${WIDTH}:${HEIGHT},format=gray`, '-f', 'rawvideo', 'pipe:1'],
    { encoding: 'buffer', maxBuffer: 8 * 1024 * 1024 },
  );
  return decodeTimeStrip(new Uint8Array(stdout), WIDTH, HEIGHT);
}

/** Decodes every frame of a file; answers the frame count and any decoder complaints. */
export async function decodeAll(file: string): Promise<{ frames: number; errors: string }> {
  const { stdout, stderr } = await run('ffprobe', ['-v', 'error', '-count_frames', '-select_streams', 'v:0', '-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', file]);
  return { frames: Number(stdout.trim()) || 0, errors: stderr.trim() };
}

/** Seconds from the start of a file to its last video packet. */
export async function lastPacketSeconds(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time', '-of', 'csv=p=0', file], {
    maxBuffer: 16 * 1024 * 1024,
  });
  return Math.max(0, ...stdout.split('\n').map(Number).filter(Number.isFinite));
}

/** The length a file's header declares (seconds), undefined when it declares none (a Matroska file cut by kill -9). */
export async function declaredSeconds(file: string): Promise<number | undefined> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  const seconds = Number(stdout.trim());
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}
