/**
 * JPEG snapshot of a live H.264 source, as a camera's snapshot URI serves:
 * the latest GOP (from the hub's cache) is decoded by a short-lived ffmpeg
 * and its last picture encoded as JPEG, so the image is the current one.
 *
 * Cost: one ffmpeg run per snapshot (decode up to one GOP of 1280x720, about
 * 50-100 ms of CPU); concurrent requests share one run and a result is reused
 * for `maxAgeMs`. Limits: if the source has no GOP yet, waits up to
 * `timeoutMs` for a keyframe.
 */
import type { AccessUnit } from '../protocols/h264';
import type { H264Source } from '../protocols/h264-source';
import { FFMPEG_PATH, spawnChild } from '../processes';
import { jpegToStdoutArgs } from '../processes/jpeg-output-args';

const START_CODE = Buffer.from([0, 0, 0, 1]);

function latestGop(source: H264Source, timeoutMs: number): Promise<AccessUnit[]> {
  const gop: AccessUnit[] = [];
  source.subscribe((au) => gop.push(au))();
  if (gop.length > 0) return Promise.resolve(gop);
  return new Promise((resolve, reject) => {
    const subscription: { off?: () => void } = {};
    const timer = setTimeout(() => {
      subscription.off?.();
      reject(new Error('no picture yet'));
    }, timeoutMs);
    subscription.off = source.subscribe((au) => {
      if (!au.keyframe || !subscription.off) return; // the cache was empty, so nothing arrives during subscribe()
      clearTimeout(timer);
      subscription.off();
      resolve([au]);
    });
  });
}

export async function encodeSnapshot(source: H264Source, opts: { timeoutMs?: number; width?: number; height?: number } = {}): Promise<Buffer> {
  const timeoutMs = opts.timeoutMs ?? 5000;
  const gop = await latestGop(source, timeoutMs);
  const annexB = Buffer.concat(gop.flatMap((au) => au.nalus.flatMap((nalu) => [START_CODE, Buffer.from(nalu.buffer, nalu.byteOffset, nalu.byteLength)])));
  const filters = [`select='eq(n,${gop.length - 1})'`];
  if (opts.width && opts.height) filters.push(`scale=${opts.width}:${opts.height}`);
  const args = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-f', 'h264', '-i', 'pipe:0', '-vf', filters.join(','), '-fps_mode', 'passthrough', ...jpegToStdoutArgs({ quality: 4, singlePicture: true, muxer: 'mjpeg' })];
  const { child, stderrTail } = spawnChild({ name: 'camera-sim snapshot', command: FFMPEG_PATH, args, stdin: 'pipe', stderrTailChars: 500 });
  const chunks: Buffer[] = [];
  child.stdout!.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stdin!.on('error', () => undefined); // ffmpeg may exit before reading everything; 'close' reports the outcome
  child.stdin!.end(annexB);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      const jpeg = Buffer.concat(chunks);
      if (code === 0 && jpeg.length > 0) resolve(jpeg);
      else reject(new Error(`snapshot failed (${code}): ${stderrTail().trim()}`));
    });
  });
}

/** Deduplicates concurrent snapshot requests and reuses a fresh result. */
export class SnapshotCache {
  private inFlight: { run: Promise<Buffer>; generation: number } | undefined;
  private last: { jpeg: Buffer; atMs: number; generation: number } | undefined;

  constructor(
    private readonly produce: () => Promise<Buffer>,
    private readonly maxAgeMs = 250,
  ) {}

  /** `generation` changes when the picture changes for another reason than time (PTZ). */
  get(generation: number): Promise<Buffer> {
    const last = this.last;
    if (last && last.generation === generation && Date.now() - last.atMs <= this.maxAgeMs) return Promise.resolve(last.jpeg);
    if (this.inFlight?.generation === generation) return this.inFlight.run;
    const run = this.produce()
      .then((jpeg) => {
        this.last = { jpeg, atMs: Date.now(), generation };
        return jpeg;
      })
      .finally(() => {
        if (this.inFlight?.run === run) this.inFlight = undefined;
      });
    this.inFlight = { run, generation };
    return run;
  }
}
