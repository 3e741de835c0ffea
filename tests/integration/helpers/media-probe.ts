/**
 * Reads exported and archived video back with real ffprobe and ffmpeg: the
 * duration (from the packets, so it works for a Matroska without a
 * duration header and for fragmented MOV), the container, and the capture
 * time burnt into the first frame's time strip.
 */
import { spawn } from 'node:child_process';
import { decodeTimeStrip } from '../../../server/shared/time-strip';

export function run(bin: string, args: string[], input?: Buffer): Promise<{ code: number | null; stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.stdin.on('error', () => undefined);
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out), stderr }));
    if (input) child.stdin.end(input);
    else child.stdin.end();
  });
}

export interface MediaFacts {
  formatName: string;
  codec: string;
  width: number;
  height: number;
  /** Last video packet end minus first packet start, seconds. */
  durationS: number;
  packets: number;
  /** The length the container declares (format=duration), seconds; NaN when it declares none. */
  declaredDurationS: number;
}

export async function probeMedia(file: string): Promise<MediaFacts> {
  const { stdout, stderr, code } = await run('ffprobe', [
    '-v', 'error', '-show_entries', 'format=format_name,duration:stream=codec_name,width,height:packet=pts_time,duration_time',
    '-select_streams', 'v:0', '-of', 'json', file,
  ]);
  if (code !== 0) throw new Error(`ffprobe failed: ${stderr}`);
  const parsed = JSON.parse(stdout.toString()) as {
    format: { format_name: string; duration?: string };
    streams: Array<{ codec_name: string; width: number; height: number }>;
    packets: Array<{ pts_time?: string; duration_time?: string }>;
  };
  const times = parsed.packets.map((p) => Number(p.pts_time)).filter(Number.isFinite);
  const last = parsed.packets.at(-1);
  const durationS = times.length === 0 ? 0 : Math.max(...times) - Math.min(...times) + Number(last?.duration_time ?? 0.04);
  const stream = parsed.streams[0]!;
  return { formatName: parsed.format.format_name, codec: stream.codec_name, width: stream.width, height: stream.height, durationS, packets: times.length, declaredDurationS: Number(parsed.format.duration ?? Number.NaN) };
}

/** The capture time (epoch ms) the first decodable frame of a file shows, or undefined. */
export async function firstFrameTimeMs(file: string): Promise<number | undefined> {
  const facts = await probeMedia(file);
  const { stdout } = await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1']);
  return decodeTimeStrip(new Uint8Array(stdout), facts.width, facts.height);
}

/** The time strip of every n-th frame of the first `frames`, for a picture comparison. */
export async function grayFrame(file: string, atS = 0): Promise<{ gray: Uint8Array; width: number; height: number }> {
  const facts = await probeMedia(file);
  const { stdout } = await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-ss', String(atS), '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1']);
  return { gray: new Uint8Array(stdout), width: facts.width, height: facts.height };
}
