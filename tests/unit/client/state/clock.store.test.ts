import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrchidsTimeResponse } from '../../../../server/shared/api';

const answers = vi.hoisted(() => ({ orchids: [] as OrchidsTimeResponse['orchids'], orchidCalls: 0, aggregatorAheadMs: 0, slowMs: 0 }));

vi.mock('../../../../src/state/server.store', () => ({ serverMode: () => 'multi-server' }));
vi.mock('../../../../src/api/system-api', () => ({
  TIME_PROBE_TIMEOUT_MS: 2000,
  systemApi: { time: async () => ({ time: Date.now() + answers.aggregatorAheadMs }) },
}));
vi.mock('../../../../src/api/orchids-api', () => ({
  orchidsApi: {
    time: async () => {
      answers.orchidCalls++;
      // A loaded aggregator: the answer is read at the start of a long round trip.
      const time = Date.now() + answers.aggregatorAheadMs;
      if (answers.slowMs > 0) vi.advanceTimersByTime(answers.slowMs);
      return { time, orchids: answers.orchids };
    },
  },
}));

const { clockState, learnServerClocks, probeServerClock, resetClocks } = await import('../../../../src/state/clock.store');
const { serverOffsetMs } = await import('../../../../src/state/server-offsets');

const clockOf = (id: string, offset: number | null) => ({ id, offset, roundTripMs: offset === null ? null : 4, tz: 'UTC', tzOffset: 0, time: null, measuredAt: null });

describe('the clock store in multi-server mode', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_800_000_000_000);
    resetClocks();
    Object.assign(answers, { orchids: [clockOf('A', 0), clockOf('B', 120_000)], orchidCalls: 0, aggregatorAheadMs: 0, slowMs: 0 });
  });
  afterEach(() => vi.useRealTimers());

  it("answers each camera's server offset: the recorder's against the aggregator plus the aggregator's against the page", async () => {
    answers.aggregatorAheadMs = 30_000;
    await probeServerClock();
    expect(serverOffsetMs('A')).toBe(30_000);
    expect(serverOffsetMs('B')).toBe(150_000);
    expect(serverOffsetMs()).toBe(30_000);
  });

  it('warns of a recorder whose clock is over 5 s off the aggregator, by its name', async () => {
    learnServerClocks([{ id: 'B', name: 'Site 2' }]);
    await probeServerClock();
    expect(clockState.skewed).toBe(true);
    expect(clockState.skews).toEqual([{ serverId: 'B', offsetMs: 120_000 }]);
    expect(clockState.names.B).toBe('Site 2');
  });

  it('does not move the page offset for a slow answer whose round trip allows the clocks to agree', async () => {
    await probeServerClock();
    answers.slowMs = 20_000;
    await probeServerClock();
    expect(clockState.servingOffsetMs).toBe(0);
    expect(serverOffsetMs('B')).toBe(120_000);
  });

  it('asks the aggregator when a server list names a server whose clock is not known yet, not for known ones', async () => {
    await probeServerClock();
    const before = answers.orchidCalls;
    vi.advanceTimersByTime(10_000);
    learnServerClocks([{ id: 'A' }, { id: 'B' }]);
    expect(answers.orchidCalls).toBe(before);
    answers.orchids = [...answers.orchids, clockOf('C', null)];
    learnServerClocks([{ id: 'C' }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(answers.orchidCalls).toBe(before + 1);
  });
});
