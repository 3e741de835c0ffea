import { describe, expect, it } from 'vitest';
import { Coverage } from '../../../../../server/recorder/motion/coverage';
import { keyframesOnlyCopyArgs, maskDecoderArgs, motionDecoderArgs } from '../../../../../server/recorder/motion/motion-ffmpeg-args';
import { StreamRateMeter } from '../../../../../server/recorder/motion/stream-rate';
import { withStreamListener } from '../../../../../server/recorder/motion/stream-listener';
import type { IngestSpec } from '../../../../../server/recorder/core/media-contracts';

describe('motion ffmpeg arguments', () => {
  it('decodes stdin to grey at the detection size, skipping non-keyframes when asked', () => {
    const all = motionDecoderArgs({ fps: 5, keyFramesOnly: false });
    expect(all.slice(all.indexOf('-i'), all.indexOf('-i') + 2)).toEqual(['-i', 'pipe:0']);
    expect(all[all.indexOf('-vf') + 1]).toMatch(/scale=160:90:flags=area,format=gray$/);
    expect(all.slice(-3)).toEqual(['-f', 'rawvideo', 'pipe:1']);
    expect(all).not.toContain('-skip_frame');
    const keys = motionDecoderArgs({ fps: 5, keyFramesOnly: true });
    // An input option: before -i.
    expect(keys.indexOf('-skip_frame')).toBeLessThan(keys.indexOf('-i'));
    expect(keys[keys.indexOf('-skip_frame') + 1]).toBe('nokey');
  });

  it('decodes masks over white and thins segments by stream copy', () => {
    expect(maskDecoderArgs('image/jpeg')).toContain('jpeg_pipe');
    expect(maskDecoderArgs('image/png').join(' ')).toContain('color=c=white:s=160x90');
    const copy = keyframesOnlyCopyArgs('/a/in.mkv', '/a/in.mkv.reduce-tmp');
    expect(copy).toEqual(expect.arrayContaining(['-c', 'copy', '-bsf:v', 'noise=drop=not(key)', '-f', 'matroska']));
    expect(copy.at(-1)).toBe('/a/in.mkv.reduce-tmp');
  });
});

describe('coverage', () => {
  it('joins pictures up to the gap and answers whether one interval covers a range', () => {
    const coverage = new Coverage();
    for (let t = 1000; t <= 5000; t += 200) coverage.saw(t, 3000);
    for (let t = 10_000; t <= 20_000; t += 200) coverage.saw(t, 3000);
    expect(coverage.covers(1000, 5000)).toBe(true);
    expect(coverage.covers(4000, 12_000)).toBe(false);
    expect(coverage.covers(10_000, 20_000)).toBe(true);
    expect(coverage.covers(10_000, 20_001)).toBe(false);
    expect(coverage.sinceMs).toBe(1000);
  });
});

describe('stream rate meter', () => {
  it('measures frames per second and the keyframe interval', () => {
    const meter = new StreamRateMeter();
    expect(meter.fps()).toBeUndefined();
    for (let t = 0; t <= 10_000; t += 40) meter.push(t, t % 2000 === 0);
    expect(meter.fps()).toBeCloseTo(25, 5);
    expect(meter.keyframeIntervalMs()).toBe(2000);
  });
});

describe('stream listener', () => {
  it('adjusts the spec, then tells the listener after the ingest applied it; removal likewise', async () => {
    const calls: string[] = [];
    const spec: IngestSpec = { streamId: 's', cameraId: 'c', sourceUri: 'rtsp://x/', username: '', password: '', record: true };
    const control = withStreamListener(
      {
        ensure: async (s) => void calls.push(`ensure ${s.segmentSeconds}`),
        remove: async (id) => void calls.push(`remove ${id}`),
        status: () => ({ streamState: 'idle', retryCount: 0, lastError: undefined, pid: undefined }),
      },
      {
        adjust: (s) => ({ ...s, segmentSeconds: 10 }),
        started: (s) => void calls.push(`started ${s.segmentSeconds}`),
        removed: (id) => void calls.push(`removed ${id}`),
      },
    );
    await control.ensure(spec);
    await control.remove('s');
    expect(calls).toEqual(['ensure 10', 'started 10', 'remove s', 'removed s']);
    expect(control.status('s').streamState).toBe('idle');
  });
});
