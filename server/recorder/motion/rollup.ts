/**
 * What one closed event adds to a rollup (per-minute or per-hour sums of
 * event starts and motion ms): one row per unit it touches, the start
 * counted in the unit it falls in. Pure; the event store writes the rows.
 *
 * Cost: one row per unit covered (a minute-long event touches at most two
 * minute rows and one or two hour rows).
 */

export interface RollupRow {
  bucketMs: number;
  starts: number;
  motionMs: number;
}

export function rollupRows(startMs: number, stopMs: number, unitMs: number): RollupRow[] {
  const stop = Math.max(startMs, stopMs);
  const first = Math.floor(startMs / unitMs) * unitMs;
  const rows: RollupRow[] = [];
  for (let bucket = first; bucket === first || bucket < stop; bucket += unitMs) {
    const motionMs = Math.max(0, Math.min(stop, bucket + unitMs) - Math.max(startMs, bucket));
    rows.push({ bucketMs: bucket, starts: bucket === first ? 1 : 0, motionMs });
  }
  return rows;
}
