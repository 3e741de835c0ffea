import { describe, expect, it } from 'vitest';
import { tileKeyAt, tileKeys } from '../../../../../../src/views/stage/grid/tile-keys';
import { grid } from '../../../../helpers/stage-grids';

describe('tile keys', () => {
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
