import { describe, expect, it } from 'vitest';
import { higher } from '../../../../bench/lib/figures';
import { WALL_CHECK_BAND, wallVerdict } from '../../../../bench/lib/wall-verdict';

const RATIO_16 = '16 tiles at 10 fps: worker x naive drawn';
const RATIO_64 = '64 tiles at 10 fps: worker x naive drawn';
const RATE_64 = '64 tiles at 10 fps: worker drawn/tile/s';

describe('the short wall run against its baseline', () => {
  it('raises no alarm for ratios within the band or better', () => {
    const verdict = wallVerdict({ [RATIO_16]: 1, [RATIO_64]: 0.8 }, { [RATIO_16]: higher(1.4, 'ratio'), [RATIO_64]: higher(0.8 * (1 - WALL_CHECK_BAND / 2), 'ratio') });
    expect(verdict.worse).toEqual([]);
    expect(verdict.missing).toEqual([]);
    expect(verdict.rows.map((row) => row.verdict)).toEqual(['better', 'within noise']);
  });

  it('flags a ratio below the baseline by more than the band', () => {
    const verdict = wallVerdict({ [RATIO_64]: 0.8 }, { [RATIO_64]: higher(0.8 * (1 - WALL_CHECK_BAND) - 0.01, 'ratio') });
    expect(verdict.worse.map((row) => row.figure)).toEqual([RATIO_64]);
  });

  it('judges ratios only: absolute rates move with the load and are left out on both sides', () => {
    const verdict = wallVerdict({ [RATIO_64]: 0.8, [RATE_64]: 9 }, { [RATIO_64]: higher(0.8, 'ratio'), [RATE_64]: higher(2) });
    expect(verdict.rows.map((row) => row.figure)).toEqual([RATIO_64]);
    expect(verdict.worse).toEqual([]);
  });

  it('reports a baseline ratio the run did not produce (a wall that could not play)', () => {
    const verdict = wallVerdict({ [RATIO_16]: 1, [RATIO_64]: 0.8 }, { [RATIO_16]: higher(1, 'ratio') });
    expect(verdict.missing.map((row) => row.figure)).toEqual([RATIO_64]);
  });

  it('has nothing to flag without a baseline', () => {
    const verdict = wallVerdict(undefined, { [RATIO_64]: higher(0.1, 'ratio') });
    expect(verdict.rows[0]!.verdict).toBe('no baseline');
    expect(verdict.worse).toEqual([]);
  });
});
