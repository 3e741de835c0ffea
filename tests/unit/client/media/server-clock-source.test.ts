import { describe, expect, it } from 'vitest';
import { segmentsOnPageClock, serverPlayRequest, sourceOnServerClock } from '../../../../src/media/server-clock-source';
import type { PlayerSource } from '../../../../src/media/player-source';
import type { PlayRequest } from '../../../../src/core/player';
import { availabilityAt } from '../../../../src/core/player';

function recordingSource(): { source: PlayerSource; started: PlayRequest[] } {
  const started: PlayRequest[] = [];
  const source: PlayerSource = {
    start: (request) => void started.push(request),
    stop: () => undefined,
    setHidden: () => undefined,
    setShader: () => undefined,
    stats: async () => null,
    destroy: () => undefined,
  };
  return { source, started };
}

describe('player times on each server clock', () => {
  it('asks two servers on different clocks for the same moment at their own times; live stays live', () => {
    const onA = recordingSource();
    const onB = recordingSource();
    const a = sourceOnServerClock(onA.source, () => 0);
    const b = sourceOnServerClock(onB.source, () => 120_000);
    const seek = { timeMs: 1_000_000, speed: 1 };
    const callbacks = { playing: () => undefined, failed: () => undefined, slow: () => undefined };
    a.start(seek, callbacks);
    b.start(seek, callbacks);
    b.start({ timeMs: 0, speed: 1 }, callbacks);
    expect(onA.started).toEqual([{ timeMs: 1_000_000, speed: 1 }]);
    expect(onB.started).toEqual([{ timeMs: 1_120_000, speed: 1 }, { timeMs: 0, speed: 1 }]);
  });

  it('reads the offset at each start, so a restart after the clock moved asks the new server time', () => {
    const inner = recordingSource();
    let offset = 0;
    const source = sourceOnServerClock(inner.source, () => offset);
    const callbacks = { playing: () => undefined, failed: () => undefined, slow: () => undefined };
    source.start({ timeMs: 50_000, speed: -4 }, callbacks);
    offset = 30_000;
    source.start({ timeMs: 50_000, speed: -4 }, callbacks);
    expect(inner.started.map((request) => request.timeMs)).toEqual([50_000, 80_000]);
    expect(serverPlayRequest({ timeMs: 0, speed: 4 }, 30_000).timeMs).toBe(0);
  });

  it('checks archives of a server ahead on the page clock: the next recording is counted down in page time', () => {
    // Server B (120 s ahead) recorded from its 1 200 000 to 1 260 000: page 1 080 000 to 1 140 000.
    const segments = segmentsOnPageClock([{ start: 1_200_000, end: 1_260_000 }], 120_000);
    expect(segments).toEqual([{ start: 1_080_000, end: 1_140_000 }]);
    expect(availabilityAt(segments, 1_100_000)).toEqual({ kind: 'playable' });
    expect(availabilityAt(segments, 1_000_000)).toEqual({ kind: 'later', startMs: 1_080_000 });
  });
});
