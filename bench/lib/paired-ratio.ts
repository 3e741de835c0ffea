/**
 * One figure from rounds of side-by-side measurements: each round measures
 * the baseline and the case back to back, their ratio is taken within the
 * round, and the figure is the median of those ratios, with the lowest and
 * highest to show how far the rounds disagreed. On a shared machine the
 * load changes within seconds; pairing within a round keeps a burst of it
 * in one ratio, and the median keeps that ratio out of the figure (the same
 * reasoning as rounds.ts, for measurements that are not micro-benchmarks).
 * Pure; O(rounds).
 */
import { median } from './rounds';

export interface RoundPair {
  baseline: number;
  measured: number;
}

export interface PairedRatio {
  /** Median over rounds of measured / baseline; NaN without a usable round. */
  ratio: number;
  min: number;
  max: number;
  /** Rounds that gave a ratio (a baseline of 0 or a value that is not finite gives none). */
  rounds: number;
}

export function pairedRatio(pairs: readonly RoundPair[]): PairedRatio {
  const ratios = pairs
    .filter((pair) => Number.isFinite(pair.baseline) && Number.isFinite(pair.measured) && pair.baseline !== 0)
    .map((pair) => pair.measured / pair.baseline);
  if (ratios.length === 0) return { ratio: Number.NaN, min: Number.NaN, max: Number.NaN, rounds: 0 };
  return { ratio: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios), rounds: ratios.length };
}
