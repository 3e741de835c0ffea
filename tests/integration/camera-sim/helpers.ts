/**
 * Shared fixtures for the camera simulator integration tests: a simulator on
 * free loopback ports, ffmpeg/ffprobe runners, picture comparison, and a
 * promisified view of the `onvif` client the recorder uses.
 */
import { spawn } from 'node:child_process';
import onvif from 'onvif';
import { startCameraSim, type CameraSim, type CameraSimOptions, type SimCamera } from '../../../server/camera-sim/camera-sim';
import { timeStripSize } from '../../../server/shared/time-strip';

/** Starts a simulator on a random free port block (retries on collisions with other tests or services). */
export async function startSim(opts: Partial<CameraSimOptions> = {}): Promise<CameraSim> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 6; attempt++) {
    const basePort = 30_000 + Math.floor(Math.random() * 3000) * 10;
    try {
      return await startCameraSim({ count: 2, basePort, ...opts });
    } catch (err) {
      lastError = err;
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    }
  }
  throw lastError;
}

export interface RunResult {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

export function run(command: string, args: string[], timeoutMs = 20_000, stdin?: Buffer): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(out), stderr });
    });
    child.stdin.on('error', () => undefined); // the child may exit before reading stdin
    child.stdin.end(stdin);
  });
}

/** rtsp://user:pass@host/... for ffmpeg. */
export function withCredentials(url: string, username: string, password: string): string {
  const u = new URL(url);
  u.username = encodeURIComponent(username);
  u.password = encodeURIComponent(password);
  return u.toString();
}

export async function ffprobeVideo(url: string, transport: 'tcp' | 'udp'): Promise<{ width: number; height: number; codec_name: string }> {
  const result = await run('ffprobe', ['-v', 'error', '-rtsp_transport', transport, '-show_entries', 'stream=width,height,codec_name', '-of', 'json', url]);
  if (result.code !== 0) throw new Error(`ffprobe failed: ${result.stderr}`);
  const streams = JSON.parse(result.stdout.toString()).streams as Array<{ width: number; height: number; codec_name: string }>;
  return streams[0]!;
}

export interface ProbedStream {
  codec_type: string;
  codec_name: string;
  sample_rate?: string;
  channels?: number;
}

/** Every stream ffprobe finds at an RTSP URL (codec type and name; rate and channels for sound). */
export async function ffprobeStreams(url: string, transport: 'tcp' | 'udp'): Promise<ProbedStream[]> {
  const result = await run('ffprobe', ['-v', 'error', '-rtsp_transport', transport, '-show_entries', 'stream=codec_type,codec_name,sample_rate,channels', '-of', 'json', url]);
  if (result.code !== 0) throw new Error(`ffprobe failed: ${result.stderr}`);
  return (JSON.parse(result.stdout.toString()) as { streams: ProbedStream[] }).streams;
}

/** One decoded frame from an RTSP URL as 8-bit gray at width x height. */
export async function grabGray(url: string, transport: 'tcp' | 'udp', width: number, height: number): Promise<Uint8Array> {
  const result = await run('ffmpeg', ['-v', 'error', '-rtsp_transport', transport, '-i', url, '-frames:v', '1', '-vf', `scale=${width}:${height},format=gray`, '-f', 'rawvideo', 'pipe:1']);
  if (result.code !== 0 || result.stdout.length !== width * height) throw new Error(`frame grab failed: ${result.stderr}`);
  return new Uint8Array(result.stdout);
}

/** Decodes a JPEG (or any image ffmpeg reads) to 8-bit gray at width x height. */
export async function imageToGray(image: Buffer, width: number, height: number): Promise<Uint8Array> {
  const result = await run('ffmpeg', ['-v', 'error', '-i', 'pipe:0', '-vf', `scale=${width}:${height},format=gray`, '-f', 'rawvideo', 'pipe:1'], 20_000, image);
  if (result.code !== 0 || result.stdout.length !== width * height) throw new Error(`image decode failed: ${result.stderr}`);
  return new Uint8Array(result.stdout);
}

export async function fetchSnapshot(camera: SimCamera, password = camera.password): Promise<Response> {
  const auth = Buffer.from(`${camera.username}:${password}`).toString('base64');
  return fetch(camera.snapshotUrl, { headers: { Authorization: `Basic ${auth}` } });
}

/** Snapshot of the main stream as gray 320x180. */
export async function snapshotGray(camera: SimCamera): Promise<Uint8Array> {
  const response = await fetchSnapshot(camera);
  if (response.status !== 200) throw new Error(`snapshot: HTTP ${response.status}`);
  return imageToGray(Buffer.from(await response.arrayBuffer()), 320, 180);
}

/** Mean absolute difference of two gray pictures, ignoring the time strip band at the top. */
export function meanAbsDiff(a: Uint8Array, b: Uint8Array, width: number, height: number): number {
  const skipRows = Math.ceil(timeStripSize(width, height).height * 1.2);
  let sum = 0;
  for (let i = skipRows * width; i < width * height; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / ((height - skipRows) * width);
}

export type OnvifCam = InstanceType<typeof onvif.Cam>;

/** Connects the onvif library's Cam the way the recorder will. */
export function connectOnvif(camera: SimCamera, password = camera.password): Promise<OnvifCam> {
  const url = new URL(camera.onvifUrl);
  return new Promise((resolve, reject) => {
    const cam: OnvifCam = new onvif.Cam(
      { hostname: url.hostname, port: Number(url.port), path: url.pathname, username: camera.username, password, timeout: 10_000 },
      (err) => (err ? reject(err) : resolve(cam)),
    );
  });
}

/** Calls a callback-style Cam method and resolves its data (untyped, as the library returns it). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function call<T = any>(cam: OnvifCam, method: string, ...args: unknown[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const fn = (cam as unknown as Record<string, (...a: unknown[]) => void>)[method]!;
    fn.call(cam, ...args, (err: Error | null, data: T) => (err ? reject(err) : resolve(data)));
  });
}

/** Polls the PTZ status until the move is on air. */
export async function waitIdle(cam: OnvifCam, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const status = await call<{ moveStatus: { panTilt: string; zoom: string } }>(cam, 'getStatus', {});
    if (status.moveStatus.panTilt === 'IDLE' && status.moveStatus.zoom === 'IDLE') return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('PTZ still moving');
}
