import { describe, expect, it } from 'vitest';
import type { ArchiveSegment } from '../../../../../server/recorder/core/media-contracts';
import { type FeedDeps, planFeed, planReverse } from '../../../../../server/recorder/live/feed-opener';

const NOW = 1_700_000_000_000;
const segment: ArchiveSegment = { id: 1, streamId: 'cam', startMs: NOW - 120_000, endMs: NOW - 60_000, path: '/a/1.mkv', sizeBytes: 1, active: false };

const deps: FeedDeps = {
  live: { source: () => undefined, exists: (id) => id === 'cam' },
  archive: {
    segmentsBetween: (streamId, startMs, endMs) => [segment].filter((s) => s.streamId === streamId && s.startMs <= endMs && s.endMs >= startMs),
    segmentAtOrAfter: (streamId, timeMs) => [segment].find((s) => s.streamId === streamId && s.endMs >= timeMs),
  },
  now: () => NOW,
};
const all = () => true;

describe('planning playback at a speed', () => {
  it('plays a recording forward at the asked speed', () => {
    expect(planFeed(deps, { streamId: 'cam', timeMs: NOW - 90_000, gapToleranceMs: 2000, speed: 16 }, all)).toMatchObject({ kind: 'archive', speed: 16 });
    expect(planFeed(deps, { streamId: 'cam', timeMs: NOW - 90_000, gapToleranceMs: 2000 }, all)).toMatchObject({ kind: 'archive', speed: 1 });
  });

  it('plays backwards from a recorded time, or from now only when the recording reaches back to now', () => {
    expect(planReverse(deps, { streamId: 'cam', timeMs: NOW - 90_000, gapToleranceMs: 2000, speed: -4 }, all)).toEqual({
      kind: 'reverse',
      streamId: 'cam',
      startMs: NOW - 90_000,
      speed: -4,
      gapToleranceMs: 2000,
    });
    // From live (time 0): nothing was recorded in the last minute, beyond the tolerance.
    expect(planReverse(deps, { streamId: 'cam', timeMs: 0, gapToleranceMs: 2000, speed: -4 }, all)).toMatchObject({ status: 404, code: 'no-archive' });
    // A tolerance as wide as the gap starts from now and bridges it.
    expect(planReverse(deps, { streamId: 'cam', timeMs: 0, gapToleranceMs: 64_000, speed: -16 }, all)).toMatchObject({ kind: 'reverse', startMs: NOW });
  });

  it('needs the playback ability and an existing stream to rewind', () => {
    const liveOnly = (ability: string) => ability === 'live';
    expect(planReverse(deps, { streamId: 'cam', timeMs: 0, gapToleranceMs: 2000, speed: -1 }, liveOnly)).toMatchObject({ status: 403, code: 'forbidden' });
    expect(planReverse(deps, { streamId: 'nope', timeMs: NOW - 90_000, gapToleranceMs: 2000, speed: -1 }, all)).toMatchObject({ status: 404, code: 'stream-not-found' });
  });
});
