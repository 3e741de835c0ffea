/**
 * What `npm run bench -- ...` asks for: bench names (a prefix of a
 * bench/<name>.bench.ts file: `frame`, `frame-rate`), `--update-baseline`
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
 * else those whose name starts with one of `names`; a name that matches none
 * is an error (a typo would otherwise run nothing and pass).
 */
export function selectBenches(files: readonly string[], names: readonly string[]): string[] {
  const benches = files.filter((file) => file.endsWith('.bench.ts')).sort();
  if (names.length === 0) return benches;
  const unmatched = names.filter((name) => !benches.some((file) => benchName(file).startsWith(name)));
  if (unmatched.length > 0) {
    throw new Error(`no bench named ${unmatched.join(', ')}; there are: ${benches.map(benchName).join(', ')}`);
  }
  return benches.filter((file) => names.some((name) => benchName(file).startsWith(name)));
}
