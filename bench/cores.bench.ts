/**
 * Micro-benchmarks of pure client cores with benchmark.js: stage grid
 * operations and layout on a 64-cell wall, base64 decoding of a large
 * low-bandwidth picture as the worker does it, and timeline math (the cases
 * and why each baseline: lib/core-cases.ts). Each group runs CORES_ROUNDS
 * (default 5) times, its baseline first each time; each case is reported as
 * the median ops/s and, in a group with a baseline, the median over rounds
 * of its time as a multiple of the baseline's in the same round
 * (lib/rounds.ts): the figure to compare across runs on a shared machine.
 * Cases without a baseline are compared by ops/s, which moves with load.
 * Writes bench/results/cores.json.
 *
 * About a minute: CORES_MAX_TIME_S (default 0.6) seconds of timing per case
 * and round, 13 cases. Five short rounds rather than three long ones: on
 * the shared machine three runs of three rounds gave grid ratios 40-70 %
 * apart, and a median of more rounds is less moved by one loaded round.
 */
import { coreGroups } from './lib/core-cases';
import { higher, lower, type Figures } from './lib/figures';
import { runMicro } from './lib/micro-suite';
import { printTable, writeResults } from './lib/report';
import { combineRounds, type CombinedCase } from './lib/rounds';

const MAX_TIME_S = Number(process.env.CORES_MAX_TIME_S ?? 0.6);
const ROUNDS = Number(process.env.CORES_ROUNDS ?? 5);

const groups = coreGroups();
// A refused grid operation would time the refusal: check every case answers before timing any.
for (const { group, baseline, cases } of groups) {
  for (const c of [...(baseline ? [baseline] : []), ...cases]) {
    const answer = c.fn() as { ok?: boolean } | undefined;
    if (answer?.ok === false) throw new Error(`${group} / ${c.name} was refused: the fixture is wrong`);
  }
}

const rows: Array<CombinedCase & { group: string }> = [];
const figures: Figures = {};
for (const { group, baseline, cases } of groups) {
  const rounds = Array.from({ length: ROUNDS }, (_, round) => {
    console.log(`${group}, round ${round + 1} of ${ROUNDS}`);
    return runMicro([...(baseline ? [baseline] : []), ...cases], { maxTimeS: MAX_TIME_S });
  });
  for (const combined of combineRounds(rounds, baseline?.name)) {
    rows.push({ group, ...combined });
    if (combined.timeVsBaseline !== undefined) figures[`${group}: ${combined.name}, x baseline time`] = lower(combined.timeVsBaseline, 'ratio');
    else if (!baseline) figures[`${group}: ${combined.name}, ops/s`] = higher(combined.opsPerSecond);
  }
}

const round3 = (value: number) => Number(value.toPrecision(3));
printTable(
  `Pure cores (benchmark.js, median of ${ROUNDS} rounds)`,
  rows.map((r) => ({
    group: r.group,
    case: r.name,
    'ops/s': Math.round(r.opsPerSecond),
    'x baseline time': r.timeVsBaseline === undefined ? (groups.find((g) => g.group === r.group)?.baseline?.name === r.name ? 'baseline' : '') : round3(r.timeVsBaseline),
    'rounds range': r.ratioRange ? `${round3(r.ratioRange[0])}-${round3(r.ratioRange[1])}` : '',
  })),
);
const file = writeResults(
  'cores',
  {
    rounds: ROUNDS,
    maxTimeS: MAX_TIME_S,
    baselines: Object.fromEntries(groups.flatMap((g) => (g.baseline ? [[g.group, g.baseline.name]] : []))),
    cases: rows.map((r) => ({ ...r, opsPerSecond: Math.round(r.opsPerSecond) })),
  },
  figures,
);
console.log(`written: ${file}`);
