import { describe, expect, it } from 'vitest';
import type { ArchiveSegment } from '../../../../../server/recorder/core/media-contracts';
import { assertInsideFolder, concatListText, exportArgs, parseKeyframeProbe } from '../../../../../server/recorder/export/export-args';
import { concatEntries, declaredDurationS, exportedStartMs, keyframeAtOrBefore, planExport, plannedDurationMs } from '../../../../../server/recorder/export/export-plan';

const T = 1_700_000_000_000;
const seg = (id: number, startS: number, endS: number, active = false): ArchiveSegment => ({
  id,
  streamId: 's',
  startMs: T + startS * 1000,
  endMs: T + endS * 1000,
  path: `/data/orchives/s/seg_${id}.mkv`,
  sizeBytes: 1000,
  active,
});

describe('segment selection', () => {
  const segments = [seg(1, 0, 60), seg(2, 60, 120), seg(3, 120, 180), seg(4, 200, 230, true)];

  it('picks the segments overlapping the range, cutting the first and the last', () => {
    const pieces = planExport(segments, T + 30_000, T + 150_000);
    expect(pieces.map((p) => [p.segment.id, p.fromMs, p.toMs])).toEqual([
      [1, 30_000, undefined],
      [2, 0, undefined],
      [3, 0, 30_000],
    ]);
    expect(plannedDurationMs(pieces)).toBe(120_000);
  });

  it('finds nothing in a gap or outside the recording', () => {
    expect(planExport(segments, T + 181_000, T + 199_000)).toEqual([]);
    expect(planExport(segments, T - 100_000, T - 10_000)).toEqual([]);
    expect(planExport(segments, T + 60_000, T + 60_000)).toEqual([]);
  });

  it('reads an active segment only up to its last written packet', () => {
    const pieces = planExport(segments, T + 190_000, T + 260_000);
    expect(pieces.map((p) => [p.segment.id, p.fromMs, p.toMs])).toEqual([[4, 0, 30_000]]);
  });

  it('orders pieces by start whatever order the index answered', () => {
    expect(planExport([segments[2]!, segments[0]!, segments[1]!], T, T + 180_000).map((p) => p.segment.id)).toEqual([1, 2, 3]);
  });
});

describe('cut points', () => {
  it('enters at the keyframe at or before the start, never after', () => {
    expect(keyframeAtOrBefore([0, 2, 4, 6], 4.5)).toBe(4);
    expect(keyframeAtOrBefore([0, 2, 4, 6], 4)).toBe(4);
    expect(keyframeAtOrBefore([1, 3], 0.5)).toBe(1);
    expect(keyframeAtOrBefore([], 3)).toBeUndefined();
  });

  it('turns wall-clock offsets into file times from the probed start time', () => {
    const pieces = planExport([seg(1, 0, 60), seg(2, 60, 120)], T + 9_000, T + 75_000);
    const timing = { startTimeS: 1.0, keyframesS: [1, 3, 5, 7, 9, 11] };
    const entries = concatEntries(pieces, () => timing);
    expect(entries[0]).toEqual({ path: pieces[0]!.segment.path, inpointS: 9, outpointS: undefined });
    expect(entries[1]).toEqual({ path: pieces[1]!.segment.path, inpointS: undefined, outpointS: 16 });
    expect(exportedStartMs(pieces[0]!, entries[0]!, timing)).toBe(T + 8_000);
  });

  it('writes a concat list with quoted paths and the cut points', () => {
    const text = concatListText([
      { path: "/d/it's.mkv", inpointS: 2, outpointS: undefined },
      { path: '/d/b.mkv', inpointS: undefined, outpointS: 12.5 },
    ]);
    expect(text).toBe("ffconcat version 1.0\nfile 'file:/d/it'\\''s.mkv'\ninpoint 2.000000\nfile 'file:/d/b.mkv'\noutpoint 12.500000\n");
  });

  it('refuses paths outside the archive folder or with line breaks', () => {
    expect(assertInsideFolder('/data/orchives/s/a.mkv', '/data/orchives')).toBe('/data/orchives/s/a.mkv');
    expect(() => assertInsideFolder('/data/orchives/../recorder.db', '/data/orchives')).toThrow();
    expect(() => assertInsideFolder('/data/orchives-other/a.mkv', '/data/orchives')).toThrow();
    expect(() => assertInsideFolder('/data/orchives/a\nfile /etc/passwd', '/data/orchives')).toThrow();
  });

  it('builds stream-copy arguments with a streamable mov', () => {
    const mov = exportArgs('mov');
    expect(mov.join(' ')).toContain('-c:v copy');
    expect(mov.join(' ')).toContain('-movflags frag_keyframe+empty_moov');
    expect(mov.join(' ')).toContain('-protocol_whitelist file,pipe');
    expect(exportArgs('mkv').join(' ')).toContain('-c copy -f matroska pipe:1');
    // A piped Matroska header cannot be fixed at the end: the real length is declared up front, for picture and sound.
    expect(exportArgs('mkv', { durationS: 30.8 }).join(' ')).toContain('-metadata:s:v:0 DURATION=30.800000 -metadata:s:a:0 DURATION=30.800000 -f matroska');
    expect(exportArgs('mov', { durationS: 30.8 }).join(' ')).not.toContain('DURATION');
  });

  it('keeps the first sound stream: as recorded in Matroska, as AAC in MOV (which takes no G.711)', () => {
    for (const format of ['mkv', 'mov'] as const) {
      const args = exportArgs(format).join(' ');
      expect(args).toContain('-map 0:v? -map 0:a:0?');
    }
    expect(exportArgs('mkv')).not.toContain('aac');
    expect(exportArgs('mov').join(' ')).toContain('-c:a aac');
  });

  it('declares the length as cut, not the length of whole segments', () => {
    // 30 s from 10 s into a 60 s segment, entered at the keyframe at 9.2 s: 30.8 s, not 60.
    const one = [{ segment: seg(1, 0, 60), fromMs: 10_000, toMs: 40_000 }];
    const timing = { startTimeS: 0, keyframesS: [0, 9.2, 10.2] };
    const entries = concatEntries(one, () => timing);
    expect(declaredDurationS(one, entries, () => timing)).toBeCloseTo(30.8, 6);
    // Across two segments: the rest of the first plus the head of the second.
    const two = [
      { segment: seg(1, 0, 60), fromMs: 50_000, toMs: undefined },
      { segment: seg(2, 60, 120), fromMs: 0, toMs: 20_000 },
    ];
    const entries2 = concatEntries(two, (_p, i) => (i === 0 ? { startTimeS: 0, keyframesS: [49, 50.5] } : { startTimeS: 0, keyframesS: [0] }));
    expect(declaredDurationS(two, entries2, (i) => (i === 0 ? { startTimeS: 0, keyframesS: [49] } : { startTimeS: 0, keyframesS: [0] }))).toBeCloseTo(31, 6);
  });

  it('reads the decoded keyframes ffprobe lists', () => {
    const json = JSON.stringify({
      frames: [
        { pts_time: '0.000000', key_frame: 1 },
        { pts_time: '0.040000', key_frame: 0 },
        { best_effort_timestamp_time: '2.000000', key_frame: 1 },
      ],
    });
    expect(parseKeyframeProbe(json, JSON.stringify({ format: { start_time: '0.000000' } }))).toEqual({ startTimeS: 0, keyframesS: [0, 2] });
  });

  it('takes the start from the probe that skips nothing, not from the keyframe probe', () => {
    // What ffprobe 5.1 answered for the first segment of a run whose sound began 0.66 s after its picture:
    // with -skip_frame nokey the start is the sound's (the video's is left unset); without, the picture's.
    const keyframes = JSON.stringify({ frames: [0, 0.96, 1.96, 2.96, 3.96, 4.96].map((t) => ({ pts_time: t.toFixed(6), key_frame: 1 })), format: { start_time: '0.660000' } });
    const timing = parseKeyframeProbe(keyframes, JSON.stringify({ format: { start_time: '0.000000' } }));
    expect(timing.startTimeS).toBe(0);
    // An export 4.3 s into that segment enters at the keyframe before (3.96 s), not the one after.
    const [entry] = concatEntries([{ segment: seg(1, 0, 13), fromMs: 4_300, toMs: undefined }], () => timing);
    expect(entry!.inpointS).toBe(3.96);
  });

  it('starts a file whose start ffprobe cannot tell at its first keyframe', () => {
    const keyframes = JSON.stringify({ frames: [{ pts_time: '0.400000', key_frame: 1 }] });
    expect(parseKeyframeProbe(keyframes, JSON.stringify({ format: {} })).startTimeS).toBe(0.4);
    expect(parseKeyframeProbe(keyframes, '{}').startTimeS).toBe(0.4);
  });
});
