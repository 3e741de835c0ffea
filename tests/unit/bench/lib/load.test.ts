import { describe, expect, it } from 'vitest';
import { mergeRuns, runLoad, summarizeLoad } from '../../../../bench/lib/load';

/** A clock the fake requests move: each request takes `stepMs`. */
function fakeClock() {
  let t = 0;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('closed-loop load', () => {
  it('sends at most maxRequests, never more than `concurrency` at once', async () => {
    let inFlight = 0;
    let most = 0;
    const run = await runLoad({ concurrency: 3, maxRequests: 10, maxMs: 60_000 }, async () => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight--;
      return 200;
    });
    expect(run.latenciesMs).toHaveLength(10);
    expect(run.failures).toBe(0);
    expect(most).toBe(3);
  });

  it('stops sending once maxMs has passed', async () => {
    const clock = fakeClock();
    const run = await runLoad(
      { concurrency: 1, maxRequests: 1000, maxMs: 50 },
      async () => {
        clock.advance(10);
        return 200;
      },
      clock.now,
    );
    expect(run.latenciesMs).toHaveLength(5);
    expect(run.elapsedMs).toBe(50);
  });

  it('counts error statuses and thrown errors as failures without stopping', async () => {
    let i = 0;
    const run = await runLoad({ concurrency: 2, maxRequests: 6, maxMs: 60_000 }, async () => {
      i++;
      if (i % 3 === 0) throw new Error('reset');
      return i % 2 === 0 ? 503 : 200;
    });
    expect(run.latenciesMs).toHaveLength(6);
    expect(run.failures).toBe(4); // i = 2, 3, 4, 6
  });
});

describe('load summary', () => {
  it('answers percentiles and requests per second', () => {
    const summary = summarizeLoad({ latenciesMs: [5, 1, 4, 2, 3, 6, 7, 8, 9, 10], failures: 1, elapsedMs: 500 });
    expect(summary).toEqual({ requests: 10, failures: 1, p50Ms: 5, p95Ms: 10, perSecond: 20 });
  });

  it('answers NaN for an empty run rather than dividing by zero', () => {
    const summary = summarizeLoad({ latenciesMs: [], failures: 0, elapsedMs: 0 });
    expect(summary.p50Ms).toBeNaN();
    expect(summary.perSecond).toBeNaN();
  });

  it('merges runs: latencies together, times added', () => {
    const merged = mergeRuns([
      { latenciesMs: [1, 2], failures: 1, elapsedMs: 10 },
      { latenciesMs: [3], failures: 0, elapsedMs: 5 },
    ]);
    expect(merged).toEqual({ latenciesMs: [1, 2, 3], failures: 1, elapsedMs: 15 });
  });
});
