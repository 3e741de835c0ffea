/**
 * Combines rounds of a micro-benchmark group (the baseline and its cases
 * run back to back, the whole group again and again) into one figure per
 * case: the median of its per-round ops/s and, where the group has a
 * baseline, the median of its per-round time over the baseline's in that
 * same round, with the lowest and highest of those ratios.
 *
 * Why rounds: on a shared machine the load changes within seconds, so a
 * baseline timed once before the cases can meet other conditions than a
 * case timed half a minute later; pairing them within each round and
 * taking the median keeps a burst of load in one round out of the figure.
 * Pure; O(rounds x cases).
 */
import type { MicroResult } from './micro-suite';

export interface CombinedCase {
  name: string;
  opsPerSecond: number;
  /** Median over rounds of this case's time per operation / the baseline's; undefined without a baseline. */
  timeVsBaseline?: number;
  /** Lowest and highest of the per-round ratios: how much the rounds disagreed. */
  ratioRange?: [number, number];
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * `rounds[i]` is round i's results, every round with the same cases;
 * `baselineName` names the baseline case, whose own ratio is left out (it is 1).
 */
export function combineRounds(rounds: readonly (readonly MicroResult[])[], baselineName?: string): CombinedCase[] {
  const names = rounds[0]?.map((r) => r.name) ?? [];
  return names.map((name) => {
    const hz = (round: readonly MicroResult[], caseName: string) => {
      const found = round.find((r) => r.name === caseName);
      if (!found) throw new Error(`round without case ${caseName}`);
      return found.opsPerSecond;
    };
    const combined: CombinedCase = { name, opsPerSecond: median(rounds.map((round) => hz(round, name))) };
    if (baselineName !== undefined && name !== baselineName) {
      const ratios = rounds.map((round) => hz(round, baselineName) / hz(round, name));
      combined.timeVsBaseline = median(ratios);
      combined.ratioRange = [Math.min(...ratios), Math.max(...ratios)];
    }
    return combined;
  });
}
