/**
 * The rate filter of every live decoder (rateSelectFilter,
 * server/recorder/live/ffmpeg-args.ts) in real ffmpeg: pictures stamped with
 * their arrival times, so a few ms of jitter around a steady rate, as the
 * low-bandwidth sessions and motion analysis get them. 20 s of a synthetic
 * source, counted as the frames the filter lets through.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { FFMPEG_PATH } from '../../../server/processes';
import { rateSelectFilter } from '../../../server/recorder/live';

const SECONDS = 20;

/** Frames kept of a `sourceFps` source whose times wobble by up to +-jitterMs/2, asked for `askedFps`. */
async function kept(sourceFps: number, jitterMs: number, askedFps: number): Promise<number> {
  const jitter = `(random(0)-0.5)*${jitterMs / 1000}`;
  const { stdout } = await promisify(execFile)(FFMPEG_PATH, [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
    ...['-f', 'lavfi', '-i', `testsrc=size=160x90:rate=${sourceFps}`, '-t', String(SECONDS)],
    ...['-vf', `settb=1/1000,setpts=(N/${sourceFps}+${jitter})/TB,${rateSelectFilter(askedFps)}`],
    ...['-fps_mode', 'passthrough', '-f', 'framecrc', 'pipe:1'],
  ]);
  return stdout.split('\n').filter((line) => line !== '' && !line.startsWith('#')).length;
}

it('keeps every picture of a source at the asked rate, through jitter of most of half a period', async () => {
  expect(await kept(25, 10, 25)).toBe(25 * SECONDS);
  expect(await kept(25, 30, 25)).toBe(25 * SECONDS);
  expect(await kept(10, 60, 10)).toBe(10 * SECONDS);
});

it('holds a faster source to the asked rate', async () => {
  const tenOf25 = await kept(25, 10, 10);
  expect(tenOf25).toBeGreaterThanOrEqual(10 * SECONDS - 1);
  expect(tenOf25).toBeLessThanOrEqual(10 * SECONDS + 1);
  const twentyFiveOf30 = await kept(30, 10, 25);
  expect(twentyFiveOf30).toBeGreaterThanOrEqual(25 * SECONDS - 2);
  expect(twentyFiveOf30).toBeLessThanOrEqual(25 * SECONDS + 1);
  const halfOf25 = await kept(25, 0, 0.5);
  expect(halfOf25).toBeLessThanOrEqual(0.5 * SECONDS + 1);
  expect(halfOf25).toBeGreaterThanOrEqual(0.5 * SECONDS - 1);
});

it('keeps all of a slower source', async () => {
  expect(await kept(24, 10, 25)).toBe(24 * SECONDS);
  expect(await kept(5, 10, 10)).toBe(5 * SECONDS);
});
