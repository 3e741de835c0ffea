import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTimelineFeed } from '../../../../src/state/timeline-feed';

const range = { startMs: 100_000, endMs: 200_000, minSegmentMs: 1200, scale: { mode: 'playback' as const, index: 8 } };

function rig(fail = false) {
  const calls: string[] = [];
  const api = {
    archives: vi.fn(async ({ streamId, server }: { streamId: string; server?: string }, startMs: number) => {
      calls.push(`archives ${streamId}@${server} ${startMs}`);
      if (fail) throw new Error('down');
      return [
        { id: 1, streamId, start: 90_000, end: 120_000, active: false, sizeBytes: 1 },
        { id: 2, streamId, start: 121_000, end: 150_000, active: false, sizeBytes: 1 },
        { id: 3, streamId, start: 250_000, end: 260_000, active: true, sizeBytes: 1 },
      ];
    }),
    motionHistogram: vi.fn(async ({ streamId, server }: { streamId: string; server?: string }, startMs: number, stopMs: number, minSegment: number) => {
      calls.push(`histogram ${streamId}@${server} ${startMs}-${stopMs} ${minSegment}`);
      return [{ start: 130_000, stop: 131_200, count: 1, motionMs: 500 }];
    }),
  };
  const tracks: Record<string, { archives?: Float64Array; motion?: Float64Array }> = {};
  const sink = {
    setTrack: vi.fn((key: string, _cameraId: string, data: { archives?: Float64Array; motion?: Float64Array }) => void (tracks[key] = data)),
    keepTracks: vi.fn(),
    dataRange: vi.fn(async () => range),
  };
  const feed = startTimelineFeed({
    sources: () => [{ key: 'o/a', cameraId: 'a', streamId: 's1', server: 'o' }],
    sink,
    serverOffsetMs: () => 1000,
    api,
  });
  return { feed, calls, tracks, sink };
}

describe('the timeline feed', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("asks the camera's server for the view in server time and hands packed local spans to the worker", async () => {
    const { feed, calls, tracks } = rig();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['archives s1@o 101000', 'histogram s1@o 101000-201000 1200']);
    // Touching segments join; the one after the view is left out; all shifted back by the offset.
    expect([...tracks['o/a']!.archives!]).toEqual([89_000, 149_000]);
    expect([...tracks['o/a']!.motion!]).toEqual([129_000, 130_200]);
    feed.stop();
  });

  it("asks each camera's server on its own clock and places both tracks on this computer's", async () => {
    const calls: string[] = [];
    const api = {
      // Each server recorded the same moment, 100 000 to 150 000 on this computer's clock, stamped by its own clock.
      archives: vi.fn(async ({ streamId, server }: { streamId: string; server?: string }, startMs: number) => {
        calls.push(`archives ${streamId}@${server} ${startMs}`);
        const shift = server === 'ahead' ? 120_000 : 0;
        return [{ id: 1, streamId, start: 100_000 + shift, end: 150_000 + shift, active: false, sizeBytes: 1 }];
      }),
      motionHistogram: vi.fn(async () => []),
    };
    const tracks: Record<string, { archives?: Float64Array }> = {};
    const feed = startTimelineFeed({
      sources: () => [
        { key: 'here/a', cameraId: 'a', streamId: 's1', server: 'here' },
        { key: 'ahead/b', cameraId: 'b', streamId: 's2', server: 'ahead' },
      ],
      sink: { setTrack: (key, _camera, data) => void (tracks[key] = data), keepTracks: () => undefined, dataRange: async () => range },
      serverOffsetMs: (server) => (server === 'ahead' ? 120_000 : 0),
      api,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.sort()).toEqual(['archives s1@here 100000', 'archives s2@ahead 220000']);
    expect([...tracks['here/a']!.archives!]).toEqual([100_000, 150_000]);
    expect([...tracks['ahead/b']!.archives!]).toEqual([100_000, 150_000]);
    feed.stop();
  });

  it('polls every 1500 ms, and after a scale change once the 333 ms lock has passed', async () => {
    const { feed, calls } = rig();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(1500);
    expect(calls.filter((call) => call.startsWith('histogram'))).toHaveLength(2);
    feed.scaleChanged();
    feed.scaleChanged();
    await vi.advanceTimersByTimeAsync(332);
    expect(calls.filter((call) => call.startsWith('histogram'))).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.filter((call) => call.startsWith('histogram'))).toHaveLength(3);
    feed.stop();
  });

  it('ignores a failed fetch and tries again at the next poll', async () => {
    const { feed, calls, sink } = rig(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(sink.setTrack).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1500);
    expect(calls.filter((call) => call.startsWith('archives'))).toHaveLength(2);
    feed.stop();
  });
});
