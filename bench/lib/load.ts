/**
 * A closed-loop HTTP load for server benches: `concurrency` callers, each
 * sending its next request as soon as the last one answered, until
 * `maxRequests` were sent or `maxMs` has passed (whichever comes first, so a
 * slow machine shortens a run instead of stretching it). Records each
 * request's latency and how many failed (a status of 400 or more, or a
 * thrown error), and the wall time of the whole run for throughput.
 *
 * `summarizeLoad` is pure: p50 and p95 latency and requests per second.
 * Limits: latency includes the caller's own event-loop time, so callers and
 * servers in one process measure each other too; keep servers elsewhere.
 */
import { percentile } from './report';

export interface LoadOptions {
  concurrency: number;
  maxRequests: number;
  maxMs: number;
}

export interface LoadRun {
  latenciesMs: number[];
  failures: number;
  /** Wall time from the first request sent to the last answer, ms. */
  elapsedMs: number;
}

export interface LoadSummary {
  requests: number;
  failures: number;
  p50Ms: number;
  p95Ms: number;
  perSecond: number;
}

/** `request` answers the HTTP status; it must read the whole body, so the time covers the answer. */
export async function runLoad(options: LoadOptions, request: () => Promise<number>, now: () => number = () => performance.now()): Promise<LoadRun> {
  const latenciesMs: number[] = [];
  let sent = 0;
  let failures = 0;
  const startedMs = now();
  const more = () => sent < options.maxRequests && now() - startedMs < options.maxMs;
  await Promise.all(
    Array.from({ length: Math.max(1, options.concurrency) }, async () => {
      while (more()) {
        sent++;
        const t0 = now();
        const status = await request().catch(() => 0); // a refused or reset connection counts as a failure, not an abort of the run
        latenciesMs.push(now() - t0);
        if (status === 0 || status >= 400) failures++;
      }
    }),
  );
  return { latenciesMs, failures, elapsedMs: now() - startedMs };
}

export function summarizeLoad(run: LoadRun): LoadSummary {
  const requests = run.latenciesMs.length;
  return {
    requests,
    failures: run.failures,
    p50Ms: percentile(run.latenciesMs, 50),
    p95Ms: percentile(run.latenciesMs, 95),
    perSecond: run.elapsedMs > 0 ? (requests * 1000) / run.elapsedMs : Number.NaN,
  };
}

/** Several runs of the same calls as one: their latencies together, their times added. */
export function mergeRuns(runs: readonly LoadRun[]): LoadRun {
  return {
    latenciesMs: runs.flatMap((run) => run.latenciesMs),
    failures: runs.reduce((sum, run) => sum + run.failures, 0),
    elapsedMs: runs.reduce((sum, run) => sum + run.elapsedMs, 0),
  };
}
