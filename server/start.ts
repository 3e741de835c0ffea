/**
 * What `npm start` runs: the recorder (the default edition, under its
 * supervisor) or, with `--edition aggregator` (or ARGUS_EDITION=aggregator),
 * the aggregator. The edition option is taken off the command line before
 * the chosen server reads its own options.
 */
const argv = process.argv.slice(2);
let edition = process.env.ARGUS_EDITION || 'recorder';
const at = argv.findIndex((arg) => arg === '--edition' || arg.startsWith('--edition='));
if (at >= 0) {
  const arg = argv[at]!;
  const inline = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : undefined;
  edition = inline ?? argv[at + 1] ?? '';
  argv.splice(at, inline === undefined ? 2 : 1);
}
if (edition !== 'recorder' && edition !== 'aggregator') {
  console.error(`--edition must be 'recorder' or 'aggregator', got '${edition}'`);
  process.exit(2);
}
process.argv = [...process.argv.slice(0, 2), ...argv];
export {};

await import(edition === 'aggregator' ? './aggregator/main.ts' : './recorder/supervisor.ts');
