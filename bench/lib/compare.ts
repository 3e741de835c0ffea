/**
 * Compares a bench's new figures with its committed baseline (tldraw's perf
 * tests compare old and new the same way): per figure the baseline, the new
 * value, the change, and whether the change goes beyond the noise band, and
 * then which way (better or worse, by the figure's own direction).
 *
 * Pure, so the rules are unit tested; run-all does the reading and printing.
 * Cost: O(figures). Limits: one band for every figure, while absolute times
 * on a shared machine move more than ratios do (the kind column says which
 * a figure is, so a flagged absolute figure is read with that in mind).
 */
import type { Figure, Figures } from './figures';

/**
 * Changes within ±15 % are read as noise: the benches run on a shared
 * 2-core machine beside other work, so the same code measures differently
 * from run to run; a narrower band would flag most runs, a wider one would
 * hide real regressions of a fifth. Measured: three runs of the cores bench
 * under a load of 7 to 11 spread its side-by-side ratios by 10 to 69 % and
 * its bare ops/s by 100 to 130 %, so under such load even the band flags
 * noise: re-run before believing a flag. One constant, changed in one place.
 */
export const NOISE_BAND = 0.15;

export type Verdict = 'within noise' | 'better' | 'worse' | 'no baseline' | 'not measured';

export interface Comparison {
  figure: string;
  kind: Figure['kind'] | '';
  baseline: number | undefined;
  current: number | undefined;
  /** (new - baseline) / baseline; undefined when either is missing or the baseline is 0. */
  change: number | undefined;
  verdict: Verdict;
}

const measured = (value: number | undefined | null): value is number => typeof value === 'number' && Number.isFinite(value);

/** The verdict for one figure; a change from a baseline of 0 to anything else is beyond any band. */
export function judge(baseline: number | undefined, current: Figure | undefined, band = NOISE_BAND): Pick<Comparison, 'change' | 'verdict'> {
  if (!current || !measured(current.value)) return { change: undefined, verdict: 'not measured' };
  if (!measured(baseline)) return { change: undefined, verdict: 'no baseline' };
  if (baseline === current.value) return { change: 0, verdict: 'within noise' };
  const change = baseline === 0 ? undefined : (current.value - baseline) / Math.abs(baseline);
  if (change !== undefined && Math.abs(change) <= band) return { change, verdict: 'within noise' };
  const wentUp = current.value > baseline;
  return { change, verdict: wentUp === (current.better === 'higher') ? 'better' : 'worse' };
}

/**
 * Every figure of the new run, in its order, then every baseline figure the
 * run did not produce (renamed, or a subset was run). `baseline` undefined:
 * the bench has no baseline yet.
 */
export function compareFigures(baseline: Record<string, number> | undefined, current: Figures, band = NOISE_BAND): Comparison[] {
  const rows: Comparison[] = Object.entries(current).map(([figure, value]) => {
    const before = baseline?.[figure];
    return { figure, kind: value.kind, baseline: before, current: value.value, ...judge(before, value, band) };
  });
  for (const [figure, before] of Object.entries(baseline ?? {})) {
    if (!(figure in current)) rows.push({ figure, kind: '', baseline: before, current: undefined, change: undefined, verdict: 'not measured' });
  }
  return rows;
}

/** The baseline's form of a bench's figures: name to value, the measured ones only. */
export function baselineValues(figures: Figures): Record<string, number> {
  return Object.fromEntries(Object.entries(figures).flatMap(([name, f]) => (measured(f.value) ? [[name, f.value]] : [])));
}

/** Numbers as people read them: 3 significant digits, no exponent for the sizes benches give. */
export function formatValue(value: number | undefined): string {
  if (!measured(value)) return '-';
  if (value !== 0 && Math.abs(value) < 0.01) return value.toExponential(2);
  return Math.abs(value) >= 100 ? String(Math.round(value)) : String(Number(value.toPrecision(3)));
}

export function formatChange(change: number | undefined): string {
  if (change === undefined) return '-';
  const percent = change * 100;
  return `${percent >= 0 ? '+' : ''}${percent.toFixed(1)} %`;
}

/** Rows for console.table; flagged verdicts in capitals so they stand out in a long table. */
export function comparisonTable(rows: readonly Comparison[]): Array<Record<string, string>> {
  return rows.map((row) => ({
    figure: row.figure,
    kind: row.kind,
    baseline: formatValue(row.baseline),
    new: formatValue(row.current),
    change: formatChange(row.change),
    verdict: row.verdict === 'better' || row.verdict === 'worse' ? row.verdict.toUpperCase() : row.verdict,
  }));
}

/** A one-line summary: how many figures moved beyond the band each way. */
export function summarize(rows: readonly Comparison[], band = NOISE_BAND): string {
  const count = (verdict: Verdict) => rows.filter((row) => row.verdict === verdict).length;
  const parts = [`${count('within noise')} within ±${Math.round(band * 100)} %`, `${count('better')} better`, `${count('worse')} worse`];
  if (count('no baseline') > 0) parts.push(`${count('no baseline')} without baseline`);
  if (count('not measured') > 0) parts.push(`${count('not measured')} not measured`);
  return parts.join(', ');
}
