/**
 * `npm run bench`: runs every bench/*.bench.ts one after another (they share
 * two cores, so never in parallel), each printing its figures and writing
 * bench/results/<name>.json; then prints, per bench, its headline figures
 * beside the committed baseline (bench/baseline.json) with the change, and
 * flags changes beyond the noise band (lib/compare.ts).
 *
 * `npm run bench -- api export` runs only the benches of those names (or,
 * for a name that is no whole bench name, those whose names start so);
 * `--update-baseline` writes the new figures of the benches run into the
 * baseline (on purpose only: review the diff before committing it);
 * `--no-run` compares the results already in bench/results/ instead of
 * measuring again. A change beyond the band does not fail the run: on a
 * shared machine it is a prompt to re-run and look, not a verdict.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { readBaseline, withEntry, writeBaseline, type Baseline } from './lib/baseline';
import { baselineValues, compareFigures, comparisonTable, summarize } from './lib/compare';
import { readResults, sameMachine, type ResultsSummary } from './lib/results-file';
import { benchName, parseRunArgs, selectBenches, type RunArgs } from './lib/run-args';

const benchDir = import.meta.dirname;
const TSX = path.join(benchDir, '..', 'node_modules', '.bin', 'tsx');

function parseArgsOrExit(): { args: RunArgs; files: string[] } {
  try {
    const args = parseRunArgs(process.argv.slice(2));
    return { args, files: selectBenches(fs.readdirSync(benchDir), args.names) };
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
}

/**
 * How long one bench may run before it is stopped. Each bench bounds its own
 * runs; this catches one that hangs. The full frame-rate bench takes 15-17
 * minutes on the 2-core machine (30 wall runs, then the throttled page), and
 * at 15 it was cut in its last runs, which read as a lost page.
 */
const BENCH_TIME_OUT_MS = 30 * 60_000;

/** Runs the benches; answers the names of those that failed. */
function run(files: readonly string[]): Set<string> {
  const failed = new Set<string>();
  for (const file of files) {
    console.log(`\n=== ${file}`);
    // tsx itself, not through npx: on the time-out the signal must reach the bench, which stops the servers it
    // started (npx does not pass SIGTERM on, and a killed npx left a bench and its servers running).
    const result = spawnSync(TSX, [path.join(benchDir, file)], { stdio: 'inherit', timeout: BENCH_TIME_OUT_MS, killSignal: 'SIGTERM' });
    if (result.status !== 0) {
      failed.add(benchName(file));
      console.error(`${file} failed (${result.status ?? result.signal})`);
    }
  }
  return failed;
}

function printComparison(name: string, results: ResultsSummary, baseline: Baseline): void {
  const entry = baseline.benches[name];
  const against = entry ? `baseline of ${entry.date.slice(0, 10)} at ${entry.commit}` : 'no baseline';
  console.log(`\n--- ${name}: new (${results.date.slice(0, 16)} at ${results.commit}) vs ${against}`);
  if (entry && !sameMachine(entry.machine, results.machine)) {
    console.log(`note: the baseline was measured on another machine (${String(entry.machine.cpus)} x ${String(entry.machine.cpuModel)})`);
  }
  if (Object.keys(results.figures).length === 0) {
    console.log('these results name no headline figures: nothing to compare');
    return;
  }
  const rows = compareFigures(entry?.figures, results.figures);
  console.table(comparisonTable(rows));
  console.log(summarize(rows));
}

const { args, files } = parseArgsOrExit();
const startedAt = new Date().toISOString();
const failed = args.noRun ? new Set<string>() : run(files);

let baseline = readBaseline();
const updated: string[] = [];
console.log('\n=== Compared with bench/baseline.json');
for (const name of files.map(benchName)) {
  const results = readResults(name);
  // Only this run's figures count: an older file means the bench failed before writing.
  const fresh = results !== undefined && (args.noRun || (!failed.has(name) && results.date >= startedAt));
  if (!fresh) {
    console.log(`\n--- ${name}: no ${args.noRun ? '' : 'new '}results to compare`);
    continue;
  }
  printComparison(name, results, baseline);
  if (args.updateBaseline && Object.keys(results.figures).length > 0) {
    if (results.commit.endsWith('+changes')) console.log(`note: ${name} was measured with uncommitted bench changes`);
    baseline = withEntry(baseline, name, { date: results.date, commit: results.commit, machine: results.machine, figures: baselineValues(results.figures) });
    updated.push(name);
  }
}
if (updated.length > 0) {
  writeBaseline(baseline);
  console.log(`\nbaseline updated for ${updated.join(', ')}: review the diff of bench/baseline.json before committing it`);
}
process.exit(failed.size > 0 ? 1 : 0);
