/**
 * A bench's headline figures: the few numbers worth comparing from run to
 * run, each with the direction that is better and whether it was measured
 * against a baseline in the same run (a ratio, which the shared machine's
 * load mostly cancels out) or is an absolute time or rate (which moves with
 * that load). Benches name them explicitly rather than having every number
 * of their results file compared, so counts and settings stay out and the
 * names stay stable.
 */

export interface Figure {
  value: number;
  better: 'higher' | 'lower';
  kind: 'ratio' | 'absolute';
}

/** Figure name (what, unit or 'x baseline') to figure. */
export type Figures = Record<string, Figure>;

export function higher(value: number, kind: Figure['kind'] = 'absolute'): Figure {
  return { value, better: 'higher', kind };
}

export function lower(value: number, kind: Figure['kind'] = 'absolute'): Figure {
  return { value, better: 'lower', kind };
}
