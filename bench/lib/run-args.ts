/**
 * What `npm run bench -- ...` asks for: bench names (a whole name of a
 * bench/<name>.bench.ts file selects that bench alone, `aggregator` not
 * `aggregator-scale`; otherwise a prefix selects every bench it starts:
 * `frame` selects `frame-rate`), `--update-baseline`
 * to write the new figures into bench/baseline.json, and `--no-run` to
 * compare (or take as baseline) the results already in bench/results/
 * without measuring again, e.g. after a long bench was run on its own.
 *
 * Pure, so unknown flags and names that match no bench are caught before a
 * long run starts, and unit tested.
 */

export interface RunArgs {
  names: string[];
  updateBaseline: boolean;
  noRun: boolean;
}

export const USAGE = 'usage: npm run bench -- [--update-baseline] [--no-run] [bench names, e.g. api frame-rate]';

export function parseRunArgs(argv: readonly string[]): RunArgs {
  const args: RunArgs = { names: [], updateBaseline: false, noRun: false };
  for (const arg of argv) {
    if (arg === '--update-baseline') args.updateBaseline = true;
    else if (arg === '--no-run') args.noRun = true;
    else if (arg.startsWith('-')) throw new Error(`unknown option ${arg}\n${USAGE}`);
    else args.names.push(arg.replace(/\.bench\.ts$/, ''));
  }
  return args;
}

/** A bench's name: its file name without `.bench.ts`, as in bench/results/<name>.json. */
export function benchName(file: string): string {
  return file.replace(/\.bench\.ts$/, '');
}

/**
 * The bench files to run, in name order: all of them when no name is given,
 * else for each of `names` the bench of exactly that name when there is one
 * (so `aggregator` does not also start the long `aggregator-scale`), or
 * else those whose name starts with it; a name that matches none is an
 * error (a typo would otherwise run nothing and pass).
 */
export function selectBenches(files: readonly string[], names: readonly string[]): string[] {
  const benches = files.filter((file) => file.endsWith('.bench.ts')).sort();
  if (names.length === 0) return benches;
  const matching = (name: string) => {
    const exact = benches.filter((file) => benchName(file) === name);
    return exact.length > 0 ? exact : benches.filter((file) => benchName(file).startsWith(name));
  };
  const unmatched = names.filter((name) => matching(name).length === 0);
  if (unmatched.length > 0) {
    throw new Error(`no bench named ${unmatched.join(', ')}; there are: ${benches.map(benchName).join(', ')}`);
  }
  const selected = new Set(names.flatMap(matching));
  return benches.filter((file) => selected.has(file));
}
