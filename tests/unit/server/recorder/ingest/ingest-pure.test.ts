import { describe, expect, it } from 'vitest';
import { backoffDelayMs } from '../../../../../server/recorder/ingest/backoff';
import { ClockAnchor } from '../../../../../server/recorder/ingest/clock-anchor';
import { buildIngestArgs, escapeSegmentPath } from '../../../../../server/recorder/ingest/ffmpeg-args';
import { LineSplitter } from '../../../../../server/protocols/line-splitter';
import {
  openedSegmentFile,
  parseSegmentListLine,
  progressOutTimeS,
} from '../../../../../server/recorder/ingest/ffmpeg-output';
import { joinRtspPath } from '../../../../../server/recorder/ingest/rtsp-url';

describe('ingest ffmpeg arguments', () => {
  const hostile = "rtsp://u:p@127.0.0.1:1/$(touch /tmp/pwned);rm -rf ~ && echo 'x' | cat > /tmp/y";

  it('pass the URI as one argument, never through a shell', () => {
    const args = buildIngestArgs({ inputUri: hostile, segmentPattern: '/data/orchives/s/20250101_%05d.mkv' });
    expect(args.filter((a) => a === hostile)).toHaveLength(1);
    expect(args[args.indexOf('-i') + 1]).toBe(hostile);
  });

  it('record segments and the live pipe from one input, or only the pipe for proxy-only', () => {
    const recording = buildIngestArgs({ inputUri: 'rtsp://cam/live', segmentPattern: '/d/x_%05d.mkv' });
    expect(recording.filter((a) => a === '-i')).toHaveLength(1);
    expect(recording).toContain('segment');
    expect(recording).toContain('matroska');
    expect(recording).toContain('/d/x_%05d.mkv');
    expect(recording).toContain('pipe:1');
    expect(recording.slice(recording.indexOf('-rtsp_transport'), recording.indexOf('-rtsp_transport') + 2)).toEqual(['-rtsp_transport', 'tcp']);
    const proxy = buildIngestArgs({ inputUri: 'rtsp://cam/live', segmentPattern: undefined });
    expect(proxy).not.toContain('segment');
    expect(proxy).toContain('pipe:1');
  });

  it("write each live packet's size, through the same bitstream filters as the live video, to fd 6", () => {
    const args = buildIngestArgs({ inputUri: 'rtsp://cam/live', segmentPattern: undefined });
    const outputBefore = (target: string) => args.slice(0, args.indexOf(target) + 1).slice(-9);
    const live = outputBefore('pipe:1');
    const sizes = outputBefore('pipe:6');
    expect(sizes.slice(-3)).toEqual(['-f', 'framecrc', 'pipe:6']);
    expect(sizes.slice(0, 6)).toEqual(live.slice(0, 6)); // -c copy -bsf:v <the same filters> -flush_packets 1
    expect(live[live.indexOf('-bsf:v') + 1]).toMatch(/h264_mp4toannexb/);
  });

  it('record the sound beside the video only when asked, and hand µ-law to live listeners on fd 5; the live H.264 stays video only', () => {
    const outputOf = (args: string[], target: string) => args.slice(args.lastIndexOf('-i') + 2, args.indexOf(target) + 1);
    const silent = buildIngestArgs({ inputUri: 'rtsp://cam/live', segmentPattern: '/d/x_%05d.mkv' });
    expect(silent.filter((a) => a.startsWith('0:a'))).toEqual([]);
    expect(silent).not.toContain('pipe:5');

    const sound = buildIngestArgs({ inputUri: 'rtsp://cam/live', segmentPattern: '/d/x_%05d.mkv', audio: { record: true, liveMulaw: true } });
    const segments = outputOf(sound, '/d/x_%05d.mkv');
    expect(segments.slice(0, 4)).toEqual(['-map', '0:v:0', '-map', '0:a:0?']);
    // Video is never held back long for sound that does not come, in the segment muxer nor in Matroska under it.
    expect(segments[segments.indexOf('-max_interleave_delta') + 1]).toBe('1000000');
    expect(segments[segments.indexOf('-segment_format_options') + 1]).toContain('max_interleave_delta=1000000');
    const live = sound.slice(sound.indexOf('/d/x_%05d.mkv') + 1, sound.indexOf('pipe:1') + 1);
    expect(live.filter((a) => a === '-map')).toHaveLength(1);
    expect(live[live.indexOf('-map') + 1]).toBe('0:v:0');
    const audio = sound.slice(sound.indexOf('pipe:1') + 1, sound.indexOf('pipe:5') + 1);
    expect(audio).toEqual(['-map', '0:a:0', '-c', 'copy', '-flush_packets', '1', '-f', 'mulaw', 'pipe:5']);

    const proxy = buildIngestArgs({ inputUri: 'rtsp://cam/live', segmentPattern: undefined, audio: { record: true, liveMulaw: true } });
    expect(proxy).not.toContain('0:a:0?');
    expect(proxy).toContain('pipe:5');
  });

  it("escape '%' in folder names", () => {
    expect(escapeSegmentPath('/data/100%/x')).toBe('/data/100%%/x');
  });
});

describe('ffmpeg output readers', () => {
  it('find opened segment files and skip pipes', () => {
    expect(openedSegmentFile("[segment @ 0x55ae5d96c300] Opening '/d/s/a_00001.mkv' for writing")).toBe('/d/s/a_00001.mkv');
    expect(openedSegmentFile("[segment @ 0x55ae5d96c300] Opening 'pipe:3' for writing")).toBeUndefined();
    expect(openedSegmentFile('frame=  10 fps=0.0')).toBeUndefined();
  });

  it('parse segment list lines', () => {
    expect(parseSegmentListLine('a_00000.mkv,0.000000,9.752000')).toEqual({ file: 'a_00000.mkv', startS: 0, endS: 9.752 });
    expect(parseSegmentListLine('"a,b.mkv",1.5,2.5')).toEqual({ file: 'a,b.mkv', startS: 1.5, endS: 2.5 });
    expect(parseSegmentListLine('garbage')).toBeUndefined();
  });

  it('read progress times', () => {
    expect(progressOutTimeS('out_time_us=1500000')).toBe(1.5);
    expect(progressOutTimeS('out_time_us=N/A')).toBeUndefined();
    expect(progressOutTimeS('frame=12')).toBeUndefined();
  });

  it('split lines across chunks', () => {
    const lines: string[] = [];
    const splitter = new LineSplitter((line) => lines.push(line));
    splitter.push('a,1,');
    splitter.push('2\nb,3');
    splitter.push(',4\r\n');
    splitter.push('tail');
    splitter.flush();
    expect(lines).toEqual(['a,1,2', 'b,3,4', 'tail']);
  });
});

describe('clock anchor', () => {
  it('takes the smallest delivery delay, so a replayed burst does not shift it', () => {
    const anchor = new ClockAnchor(30_000);
    expect(anchor.known).toBe(false);
    // A 1 s GOP replayed at connect: frames of 0..1 s arrive at once at 10_000.
    anchor.sample(1.0, 10_000);
    expect(anchor.wallMs(0)).toBe(9_000);
    // Live frames then arrive 50 ms after their time: anchor 10_000 - 1.0 s... the true origin is 8_950.
    anchor.sample(1.5, 10_450);
    anchor.sample(2.0, 10_950);
    expect(anchor.wallMs(0)).toBe(8_950);
    expect(anchor.wallMs(2)).toBe(10_950);
  });

  it('holds the anchor through wobbles of a few ms, so a run keeps one timeline; follows a larger move', () => {
    const anchor = new ClockAnchor(1_000);
    anchor.sample(0, 10_000);
    // The window slides past the smallest sample: the estimate moves by 3 ms, then by 7 ms the other way.
    anchor.sample(10, 20_003);
    expect(anchor.wallMs(10)).toBe(20_000);
    anchor.sample(20, 29_996);
    expect(anchor.wallMs(20)).toBe(30_000);
    // A segment closed now ends exactly where the next, closed later, starts.
    const endOfFirst = anchor.wallMs(20.04);
    anchor.sample(30, 40_005);
    expect(anchor.wallMs(20.04)).toBe(endOfFirst);
    // More than ANCHOR_HOLD_MS (the camera's clock drifted): followed.
    anchor.sample(40, 50_030);
    expect(anchor.wallMs(40)).toBe(50_030);
  });

  it('forgets samples older than its window (follows drift)', () => {
    const anchor = new ClockAnchor(1_000);
    anchor.sample(0, 1_000);
    anchor.sample(10, 11_500);
    expect(anchor.wallMs(0)).toBe(1_500);
  });
});

describe('restart backoff', () => {
  it('doubles from 1 s to a 30 s cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map((n) => backoffDelayMs(n))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });
});

describe('RTSP URLs', () => {
  it('join a base and a path', () => {
    expect(joinRtspPath('rtsp://cam:554/old?x=1', '/new')).toBe('rtsp://cam:554/new');
    expect(joinRtspPath('rtsp://cam/old', '')).toBe('rtsp://cam/old');
  });
});
