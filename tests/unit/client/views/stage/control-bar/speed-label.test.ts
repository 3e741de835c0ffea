import { describe, expect, it } from 'vitest';
import { speedLabel } from '../../../../../../src/views/stage/control-bar/speed-label';
import { tileKeyAt, tileKeys } from '../../../../../../src/views/stage/grid/tile-keys';
import { grid } from '../../../../helpers/stage-grids';

describe('control bar helpers', () => {
  it('labels speeds with fractions and a minus sign for reverse', () => {
    expect([0.25, 0.5, 1, 64, -0.25, -16].map(speedLabel)).toEqual(['¼×', '½×', '1×', '64×', '−¼×', '−16×']);
  });

  it('finds the full-screen cell’s tile key as the grid names it, a repeated camera included', () => {
    const matrix = grid('A B', 'A . ');
    const positions = [
      { row: 0, column: 0 },
      { row: 0, column: 1 },
      { row: 1, column: 0 },
      { row: 1, column: 1 },
    ];
    expect(tileKeys(matrix, positions)).toEqual(['o1/A', 'o1/B', 'o1/A#1', 'empty-1-1']);
    expect(tileKeyAt(matrix, { row: 1, column: 0 })).toBe('o1/A#1');
    expect(tileKeyAt(matrix, { row: 0, column: 1 })).toBe('o1/B');
    expect(tileKeyAt(matrix, { row: 1, column: 1 })).toBeNull();
  });
});
