/**
 * The design card's "automated frame-rate benchmarks in CI": `npm test`
 * ends with this short wall run. It runs the frame-rate benchmark
 * (frame-rate.bench.ts) on walls of 16 and 64 tiles at 10 pictures a second,
 * four seconds a window, the product's worker player beside the naive
 * main-thread player, and prints the worker/naive ratios beside the
 * committed baseline of this same short run (bench/baseline.json, entry
 * 'frame-rate-ci'), writing bench/results/frame-rate-ci.json.
 *
 * It reports and never fails the run: a shared machine's noise must not
 * block a landing. A ratio below the baseline by more than the band
 * (lib/wall-verdict.ts) is printed as a loud warning, as is a run that
 * could not measure at all.
 *
 * `npm run bench:wall-check -- --update-baseline` stores this run's ratios
 * as the new baseline (on purpose only, on a quiet machine). About two
 * minutes: the recorder with four simulated cameras, the page build, and
 * four windows with their warm-ups.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { readBaseline, withEntry, writeBaseline } from './lib/baseline';
import { baselineValues, comparisonTable } from './lib/compare';
import { loud } from './lib/report';
import { readResults } from './lib/results-file';
import { WALL_CHECK_BAND, wallVerdict } from './lib/wall-verdict';

const NAME = 'frame-rate-ci';
/** The whole run is bounded: a wall that hangs must not hold CI. */
const RUN_TIMEOUT_MS = 8 * 60_000;

function main(): void {
  const startedAt = new Date().toISOString();
  const run = spawnSync('npx', ['tsx', path.join(import.meta.dirname, 'frame-rate.bench.ts')], {
    stdio: 'inherit',
    timeout: RUN_TIMEOUT_MS,
    env: {
      ...process.env,
      FRAME_RATE_WALLS: '16,64',
      FRAME_RATE_RATES: '10',
      FRAME_RATE_MODES: 'worker,naive',
      FRAME_RATE_WINDOW_MS: '4000',
      FRAME_RATE_ALT_WORKERS: '',
      FRAME_RATE_ALT_DECODERS: '',
      FRAME_RATE_ALT_PATHS: '',
      FRAME_RATE_ALT_COMMITS: '',
      FRAME_RATE_RESULTS_NAME: NAME,
      FRAME_RATE_THROTTLE: '',
    },
  });
  const results = readResults(NAME);
  if (run.status !== 0 || !results || results.date < startedAt) {
    loud([`The wall frame-rate check could not measure (${run.error?.message ?? `exit ${String(run.status ?? run.signal)}`}).`, 'Nothing was compared; the test run goes on.']);
    return;
  }
  let baseline = readBaseline();
  const entry = baseline.benches[NAME];
  const verdict = wallVerdict(entry?.figures, results.figures);
  console.log(`\nWall frame rate, worker player x naive player (band ±${Math.round(WALL_CHECK_BAND * 100)} %), baseline ${entry ? `of ${entry.date.slice(0, 10)} at ${entry.commit}` : 'none yet'}:`);
  console.table(comparisonTable(verdict.rows));
  if (verdict.worse.length > 0 || verdict.missing.length > 0) {
    loud([
      'The worker player drew markedly fewer pictures against the naive player than the baseline says:',
      ...[...verdict.worse, ...verdict.missing].map((row) => `${row.figure}: ${row.current?.toFixed(2) ?? 'not measured'} (baseline ${row.baseline?.toFixed(2) ?? '-'})`),
      'On a shared machine this may be noise: run `npm run bench -- frame-rate` before believing it. The test run goes on.',
    ]);
  }
  if (process.argv.includes('--update-baseline')) {
    baseline = withEntry(baseline, NAME, { date: results.date, commit: results.commit, machine: results.machine, figures: baselineValues(results.figures) });
    writeBaseline(baseline);
    console.log('baseline updated for frame-rate-ci: review the diff of bench/baseline.json before committing it');
  }
}

try {
  main();
} catch (error) {
  loud([`The wall frame-rate check failed to run: ${(error as Error).message}`, 'The test run goes on.']);
}
