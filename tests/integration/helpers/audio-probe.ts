/**
 * Reads the sound of recorded and exported files back with real ffprobe and
 * ffmpeg: its codec, rate and length (from the packets), and where the
 * simulator's beeps fall on the wall clock, placed through the capture time
 * burnt into a video frame, so a test can tell that sound and
 * picture of a file line up.
 */
import { decodeTimeStrip } from '../../../server/shared/time-strip';
import { run } from './media-probe';

export interface AudioFacts {
  codec: string;
  sampleRate: number;
  channels: number;
  /** Last audio packet end minus first packet start, seconds. */
  durationS: number;
  packets: number;
}

/** The first audio stream of a file, or undefined when it has none. */
export async function probeAudio(file: string): Promise<AudioFacts | undefined> {
  const { stdout, stderr, code } = await run('ffprobe', [
    '-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=codec_name,sample_rate,channels:packet=pts_time,duration_time', '-of', 'json', file,
  ]);
  if (code !== 0) throw new Error(`ffprobe failed: ${stderr}`);
  const parsed = JSON.parse(stdout.toString()) as {
    streams?: Array<{ codec_name: string; sample_rate: string; channels: number }>;
    packets?: Array<{ pts_time?: string; duration_time?: string }>;
  };
  const stream = parsed.streams?.[0];
  if (!stream) return undefined;
  const packets = parsed.packets ?? [];
  const times = packets.map((p) => Number(p.pts_time)).filter(Number.isFinite);
  const durationS = times.length === 0 ? 0 : Math.max(...times) - Math.min(...times) + Number(packets.at(-1)?.duration_time ?? 0);
  return { codec: stream.codec_name, sampleRate: Number(stream.sample_rate), channels: stream.channels, durationS, packets: times.length };
}

/**
 * The wall-clock time within its second (0..999 ms) of every beep that starts in the file's sound.
 * The simulator beeps for the first 100 ms of every second, so in a file whose sound and picture
 * line up these are close to 0 (a beep whose first packets were lost starts later, within its 100 ms).
 */
export async function beepPhasesMs(file: string): Promise<number[]> {
  const width = 640;
  const height = 360;
  // The tenth frame: the first few of a stream may carry timestamps an RTP client guessed before the
  // camera's first sender report told it the real ones.
  const frames = await run('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-read_intervals', '%+#10', '-show_entries', 'frame=pts_time', '-of', 'csv=p=0', file]);
  const frameTimes = frames.stdout.toString().trim().split('\n').map(Number);
  const frameS = frameTimes[9] ?? Number.NaN;
  const picture = await run('ffmpeg', ['-v', 'error', '-i', file, '-map', '0:v:0', '-vf', `select=eq(n\\,9),scale=${width}:${height},format=gray`, '-frames:v', '1', '-fps_mode', 'passthrough', '-f', 'rawvideo', 'pipe:1']);
  const frameWallMs = decodeTimeStrip(new Uint8Array(picture.stdout), width, height);
  if (!Number.isFinite(frameS) || frameWallMs === undefined) throw new Error(`no time strip in the first frame of ${file}`);
  // Gaps (packets a loaded camera or network dropped) are filled with silence from time 0 on, so sample n is at n / 8000 s.
  const sound = await run('ffmpeg', ['-v', 'error', '-i', file, '-map', '0:a:0', '-af', 'aresample=async=1:min_hard_comp=0.01:first_pts=0', '-ac', '1', '-ar', '8000', '-f', 's16le', 'pipe:1']);
  const samples = new Int16Array(sound.stdout.buffer, sound.stdout.byteOffset, Math.floor(sound.stdout.length / 2));
  const phases: number[] = [];
  let loud = false;
  for (let i = 0; i < samples.length; i += 8) {
    let peak = 0;
    for (let j = i; j < Math.min(i + 8, samples.length); j++) peak = Math.max(peak, Math.abs(samples[j]!));
    const now = peak > 2000;
    if (now && !loud && i > 0) {
      const wallMs = frameWallMs + (i / 8000 - frameS) * 1000;
      phases.push(((wallMs % 1000) + 1000) % 1000);
    }
    loud = now;
  }
  return phases;
}

/** Whether beep phases say that sound and picture line up within `slackMs`: every beep inside its 100 ms, most at its start. */
export function beepsLineUp(phases: readonly number[], slackMs: number): boolean {
  const late = (phase: number) => (phase > 500 ? phase - 1000 : phase);
  const onTime = phases.filter((phase) => Math.abs(late(phase)) <= slackMs).length;
  return phases.every((phase) => late(phase) >= -slackMs && late(phase) <= 100 + slackMs) && onTime * 2 > phases.length;
}
