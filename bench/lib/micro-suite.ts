/**
 * Runs micro-benchmarks with benchmark.js (the `benchmark` package): each
 * case is run in timed batches until `maxTimeS` has passed, and reported as
 * operations per second with the relative margin of error of the mean.
 * Cases run one after another in the order given, so a case and its
 * baseline run back to back in the same process, close in time.
 *
 * Each case's answer goes to a module-level sink so the engine cannot drop
 * the work as unused. benchmark.js's function decompilation is turned off:
 * it re-compiles a case's source outside its closure, which breaks cases
 * that use imported functions, and calling the function as given costs the
 * same call per operation in every case.
 */
import Benchmark from 'benchmark';

export interface MicroCase {
  name: string;
  fn: () => unknown;
}

export interface MicroResult {
  name: string;
  opsPerSecond: number;
  /** Relative margin of error of the mean at 95 %, in percent. */
  rmePercent: number;
  samples: number;
}

let sink: unknown;

/** The last answer of the cases run, so their work is observable. */
export function lastAnswer(): unknown {
  return sink;
}

export function runMicro(cases: readonly MicroCase[], options: { maxTimeS: number; onCase?: (result: MicroResult) => void }): MicroResult[] {
  Benchmark.support.decompilation = false;
  const results: MicroResult[] = [];
  const suite = new Benchmark.Suite();
  for (const c of cases) {
    suite.add(
      c.name,
      () => {
        sink = c.fn();
      },
      { maxTime: options.maxTimeS },
    );
  }
  const failures: string[] = [];
  suite.on('cycle', (event: Benchmark.Event) => {
    const bench = event.target as unknown as Benchmark;
    // A case that throws is not timed; benchmark.js only notes the error on it.
    if (bench.error) {
      failures.push(`${String(bench.name)}: ${bench.error.message}`);
      return;
    }
    const result = { name: String(bench.name), opsPerSecond: bench.hz, rmePercent: bench.stats.rme, samples: bench.stats.sample.length };
    results.push(result);
    options.onCase?.(result);
  });
  suite.run({ async: false });
  if (failures.length > 0) throw new Error(`micro-benchmark cases failed:\n${failures.join('\n')}`);
  return results;
}
