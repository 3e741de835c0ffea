/**
 * The verdict of the short wall run that `npm test` ends with
 * (bench/wall-check.ts): its worker-versus-naive ratios against the
 * committed baseline of the same short run, with a band wider than the
 * full benchmark's because four-second windows are noisier than ten-second
 * ones. A ratio below the baseline by more than the band raises the alarm;
 * nothing here fails a run. Pure, so the rule is unit tested.
 */
import { compareFigures, type Comparison } from './compare';
import type { Figures } from './figures';

/**
 * Ratio changes within ±25 % are noise for this run. Measured on the shared
 * 2-core machine: the worker/naive ratio at 64 tiles moved between 0.68 and
 * 0.85 across runs of the same code (load 2 to 20), about ±12 % around its
 * middle, and the short windows add to that; twice that spread is the band.
 */
export const WALL_CHECK_BAND = 0.25;

export interface WallVerdict {
  rows: Comparison[];
  /** Ratios measured below the baseline by more than the band. */
  worse: Comparison[];
  /** Ratios the run should have produced but did not (a wall that failed to play). */
  missing: Comparison[];
}

/** Judges the run's side-by-side ratios only: its absolute rates move with the machine's load. */
export function wallVerdict(baseline: Record<string, number> | undefined, figures: Figures, band = WALL_CHECK_BAND): WallVerdict {
  const ratios: Figures = Object.fromEntries(Object.entries(figures).filter(([, figure]) => figure.kind === 'ratio'));
  const baselineRatios = baseline ? Object.fromEntries(Object.entries(baseline).filter(([name]) => name.includes(' x '))) : undefined;
  const rows = compareFigures(baselineRatios, ratios, band);
  return {
    rows,
    worse: rows.filter((row) => row.verdict === 'worse'),
    missing: rows.filter((row) => row.verdict === 'not measured'),
  };
}
