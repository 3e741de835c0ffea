import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  archiveDemuxArgs,
  archiveFrameArgs,
  clampBox,
  jpegSessionArgs,
  lastFrameOfGopArgs,
  rateSelectFilter,
} from '../../../../../server/recorder/live/ffmpeg-args';
import { DETECTION_HEIGHT, DETECTION_WIDTH, motionDecoderArgs } from '../../../../../server/recorder/motion/motion-ffmpeg-args';

describe('clampBox', () => {
  it('keeps sides even and within 1920x1080, defaulting to the bound', () => {
    expect(clampBox({ width: 321, height: 181 })).toEqual({ width: 320, height: 180 });
    expect(clampBox({ width: 4000, height: 3000 })).toEqual({ width: 1920, height: 1080 });
    expect(clampBox({})).toEqual({ width: 1920, height: 1080 });
    expect(clampBox({ width: 640 })).toEqual({ width: 640, height: 1080 });
    expect(clampBox({ width: 1, height: 0 })).toEqual({ width: 2, height: 1080 });
  });
});

describe('argument lists', () => {
  it('reads a segment at real-time pace from an offset, stream copied to Annex-B', () => {
    const args = archiveDemuxArgs('/data/orchives/s/a b.mkv', 12_345);
    expect(args.slice(args.indexOf('-ss'), args.indexOf('-ss') + 4)).toEqual(['-ss', '12.345', '-i', '/data/orchives/s/a b.mkv']);
    expect(args.slice(args.indexOf('-readrate'), args.indexOf('-readrate') + 2)).toEqual(['-readrate', '1']);
    expect(args.slice(args.indexOf('-c'), args.indexOf('-c') + 2)).toEqual(['-c', 'copy']);
    expect(args[args.indexOf('-bsf:v') + 1]).toBe('h264_mp4toannexb,h264_metadata=aud=insert');
    expect(args.slice(-3)).toEqual(['-f', 'h264', 'pipe:1']);
  });

  it('reads at the speed, and drops all but keyframes after the parameter sets are in band', () => {
    const slow = archiveDemuxArgs('/a.mkv', 0, { speed: 0.25 });
    expect(slow[slow.indexOf('-readrate') + 1]).toBe('0.25');
    const fast = archiveDemuxArgs('/a.mkv', 0, { speed: 64, keyframesOnly: true });
    expect(fast[fast.indexOf('-readrate') + 1]).toBe('64');
    expect(fast[fast.indexOf('-bsf:v') + 1]).toBe('h264_mp4toannexb,noise=drop=not(key),h264_metadata=aud=insert');
  });

  it('never lets a path become an option', () => {
    const args = archiveFrameArgs('-y', 0, { width: 320, height: 180 });
    expect(args[args.indexOf('-i') + 1]).toBe('-y');
  });

  it('keeps a picture half a period after the last was due, and steps the due time a period (filter text)', () => {
    // What it keeps, with real ffmpeg: tests/integration/live/rate-select.test.ts.
    expect(rateSelectFilter(10)).toBe("select='if(eq(ld(1)\\,0)\\,st(1\\,1)*st(0\\,t)*0+1\\,if(gte(t-ld(0)\\,0.05)\\,st(0\\,max(ld(0)+0.1\\,t-0.05))*0+1\\,0))'");
    expect(rateSelectFilter(0.5)).toContain('max(ld(0)+2\\,t-1)');
    expect(jpegSessionArgs({ width: 320, height: 180 }, 5).join(' ')).toContain('-f image2pipe pipe:1');
    expect(lastFrameOfGopArgs(25, { width: 320, height: 180 }).join(' ')).toContain('select=gte(n\\,24)');
  });

  it('fits a picture into its box, or covers the box and cuts it out of the middle', () => {
    const box = { width: 320, height: 320 };
    const fit = archiveFrameArgs('/a.mkv', 0, box);
    expect(fit[fit.indexOf('-vf') + 1]).toBe('scale=w=320:h=320:force_original_aspect_ratio=decrease:force_divisible_by=2');
    const cover = archiveFrameArgs('/a.mkv', 0, box, true);
    expect(cover[cover.indexOf('-vf') + 1]).toBe('scale=w=320:h=320:force_original_aspect_ratio=increase,crop=w=320:h=320');
    expect(lastFrameOfGopArgs(25, box, true).join(' ')).toContain('select=gte(n\\,24),scale=w=320:h=320:force_original_aspect_ratio=increase,crop=w=320:h=320');
  });

  it('builds commands ffmpeg accepts', () => {
    // A 2-second test clip through the session decoder: ffmpeg parses every option and filter.
    const clip = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25', '-t', '2', '-c:v', 'libx264', '-bf', '0', '-f', 'h264', 'pipe:1']);
    expect(clip.status).toBe(0);
    const decoded = spawnSync('ffmpeg', jpegSessionArgs({ width: 160, height: 160 }, 5), { input: clip.stdout });
    expect(decoded.stderr.toString()).toBe('');
    expect(decoded.stdout.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const cropped = spawnSync('ffmpeg', lastFrameOfGopArgs(50, { width: 100, height: 100 }, true), { input: clip.stdout });
    expect(cropped.stderr.toString()).toBe('');
    expect(cropped.stdout.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  it('keeps the keyframe a live feed starts with', () => {
    // One GOP of 5 frames: its keyframe is the only picture a keyframes-only decoder can give.
    const clip = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25', '-t', '0.2', '-c:v', 'libx264', '-bf', '0', '-g', '25', '-f', 'h264', 'pipe:1']);
    expect(clip.status).toBe(0);
    const grey = spawnSync('ffmpeg', motionDecoderArgs({ fps: 5, keyFramesOnly: true }), { input: clip.stdout });
    expect(grey.stdout.length).toBe(DETECTION_WIDTH * DETECTION_HEIGHT);
    const jpegs = spawnSync('ffmpeg', jpegSessionArgs({ width: 160, height: 90 }, 5), { input: clip.stdout });
    expect(jpegs.stdout.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });
});
