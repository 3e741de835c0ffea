/**
 * The worker player's per-tile counters over a measured window, summed
 * across each tile's channels. A tile's counters start from zero whenever
 * its channel starts again (stage-tiles.ts `play`): the load governor
 * restarts the tiles it asks a smaller picture of, and a window that only
 * subtracted the first reading from the last counted such a tile's
 * pictures as lost (a throttled run read -6 pictures a tile a second).
 * Read the counters often (a few times a second): a tile whose `restartedBy`
 * counter went down started again, and counts what it has since; what it
 * drew between the reading before and its restart is missed, a few
 * pictures at most. Pure; O(tiles x keys) a reading. Benchmark code only.
 */
export type CounterReading<K extends string> = Record<string, Record<K, number>>;

export class TileCounters<K extends string> {
  private readonly last = new Map<string, Record<K, number>>();
  private readonly sums = new Map<string, Record<K, number>>();

  constructor(
    private readonly keys: readonly K[],
    private readonly restartedBy: K,
  ) {}

  /** Takes one reading of every tile's counters; the first reading of a tile is where its counting starts. */
  add(reading: CounterReading<K>): void {
    for (const [id, now] of Object.entries(reading)) {
      const before = this.last.get(id);
      if (before) {
        const restarted = now[this.restartedBy] < before[this.restartedBy];
        const sum = this.sumOf(id);
        for (const key of this.keys) sum[key] += restarted ? now[key] : now[key] - before[key];
      }
      this.last.set(id, { ...now });
    }
  }

  /** A tile's counts since its first reading (zeros for a tile never read). */
  of(id: string): Record<K, number> {
    return { ...(this.sums.get(id) ?? this.zero()) };
  }

  /** Every tile's counts together, tiles no longer read included. */
  total(): Record<K, number> {
    const total = this.zero();
    for (const sum of this.sums.values()) for (const key of this.keys) total[key] += sum[key];
    return total;
  }

  private sumOf(id: string): Record<K, number> {
    let sum = this.sums.get(id);
    if (!sum) {
      sum = this.zero();
      this.sums.set(id, sum);
    }
    return sum;
  }

  private zero(): Record<K, number> {
    return Object.fromEntries(this.keys.map((key) => [key, 0])) as Record<K, number>;
  }
}
