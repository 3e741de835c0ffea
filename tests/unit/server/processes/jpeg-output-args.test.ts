/** The one JPEG output tail (server/processes/jpeg-output-args.ts): the exact options each user gets, and that ffmpeg accepts them. */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { FFMPEG_PATH } from '../../../../server/processes';
import { jpegToStdoutArgs } from '../../../../server/processes/jpeg-output-args';

const JPEG_START = Buffer.from([0xff, 0xd8]);
const JPEG_END = Buffer.from([0xff, 0xd9]);

describe('jpegToStdoutArgs', () => {
  it('ends a single-picture command as the recorder frames and the simulator snapshot always did', () => {
    expect(jpegToStdoutArgs({ quality: 3, singlePicture: true })).toEqual(['-frames:v', '1', '-c:v', 'mjpeg', '-q:v', '3', '-f', 'image2pipe', 'pipe:1']);
    expect(jpegToStdoutArgs({ quality: 4, singlePicture: true, muxer: 'mjpeg' })).toEqual(['-frames:v', '1', '-q:v', '4', '-f', 'mjpeg', 'pipe:1']);
  });

  it('ends a live session with a flush after every picture', () => {
    expect(jpegToStdoutArgs({ quality: 5, flushEachPicture: true })).toEqual(['-c:v', 'mjpeg', '-q:v', '5', '-flush_packets', '1', '-f', 'image2pipe', 'pipe:1']);
  });

  it.each(['image2pipe', 'mjpeg'] as const)('gives one whole JPEG from ffmpeg with the %s muxer', (muxer) => {
    const input = ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=25'];
    const run = spawnSync(FFMPEG_PATH, [...input, ...jpegToStdoutArgs({ quality: 4, singlePicture: true, muxer })]);
    expect(run.stderr.toString()).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout.subarray(0, 2)).toEqual(JPEG_START);
    expect(run.stdout.subarray(-2)).toEqual(JPEG_END);
    // One picture: no second start-of-image marker after the first.
    expect(run.stdout.indexOf(Buffer.from([0xff, 0xd8, 0xff]), 2)).toBe(-1);
  });
});
