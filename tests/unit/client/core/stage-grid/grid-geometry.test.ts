import { describe, expect, it } from 'vitest';
import {
  areaRect,
  computeGridLayout,
  hitTest,
  positionAt,
  resizeZoneAt,
  tileRects,
} from '../../../../../src/core/stage-grid';
import { grid } from '../../../helpers/stage-grids';

describe('grid layout', () => {
  it('fits 16:9 cells with 3 px gaps inside a 20 px margin, limited by the width', () => {
    // 2 columns in 1000 px: (1000 - 40 - 3) / 2 = 478.5 wide, 269.156 high.
    const layout = computeGridLayout(1000, 1000, 1, 2);
    expect(layout.cellWidth).toBeCloseTo(478.5);
    expect(layout.cellHeight).toBeCloseTo(478.5 * 9 / 16);
    expect(layout.originX).toBeCloseTo(20);
    // Centred vertically.
    expect(layout.originY).toBeCloseTo((1000 - layout.cellHeight) / 2);
  });

  it('is limited by the height when the container is wide', () => {
    const layout = computeGridLayout(2000, 400, 2, 2);
    expect(layout.cellHeight).toBeCloseTo((400 - 40 - 3) / 2);
    expect(layout.originY).toBeCloseTo(20);
    const gridWidth = 2 * layout.cellWidth + 3;
    expect(layout.originX).toBeCloseTo((2000 - gridWidth) / 2);
  });

  it('gives spanning cells the gaps they cross', () => {
    const layout = computeGridLayout(1000, 1000, 2, 2);
    const rect = areaRect(layout, { row: 0, column: 0, rowSpan: 2, columnSpan: 2 });
    expect(rect.width).toBeCloseTo(2 * layout.cellWidth + 3);
    expect(rect.height).toBeCloseTo(2 * layout.cellHeight + 3);
    const second = areaRect(layout, { row: 1, column: 1, rowSpan: 1, columnSpan: 1 });
    expect(second.x).toBeCloseTo(layout.originX + layout.cellWidth + 3);
  });

  it('answers zero-sized cells for a container smaller than its margins', () => {
    expect(computeGridLayout(30, 30, 1, 1).cellWidth).toBe(0);
  });

  it('gives one tile per claimed or unclaimed cell, none for spanned positions', () => {
    const m = grid('A21 # .', '. . B');
    const tiles = tileRects(m, computeGridLayout(1600, 900, 2, 3));
    expect(tiles.map((t) => [t.position.row, t.position.column, t.state])).toEqual([
      [0, 0, 'claimed'],
      [0, 2, 'unclaimed'],
      [1, 0, 'unclaimed'],
      [1, 1, 'unclaimed'],
      [1, 2, 'claimed'],
    ]);
  });
});

describe('hit testing', () => {
  const layout = computeGridLayout(1000, 1000, 1, 2);
  const cellRect = areaRect(layout, { row: 0, column: 0, rowSpan: 1, columnSpan: 1 });

  it('finds the cell under a point, counting on beyond the grid, null above or left', () => {
    expect(positionAt(layout, cellRect.x + 5, cellRect.y + 5)).toEqual({ row: 0, column: 0 });
    expect(positionAt(layout, cellRect.x + cellRect.width + 1, cellRect.y + 5)).toEqual({ row: 0, column: 0 });
    expect(positionAt(layout, cellRect.x + cellRect.width + 4, cellRect.y + 5)).toEqual({ row: 0, column: 1 });
    expect(positionAt(layout, cellRect.x + 5, cellRect.y + cellRect.height + 10)).toEqual({ row: 1, column: 0 });
    expect(positionAt(layout, 5, 5)).toBeNull();
  });

  it('has a 21 px resize zone on the east and south edges', () => {
    const right = cellRect.x + cellRect.width;
    const bottom = cellRect.y + cellRect.height;
    expect(resizeZoneAt(cellRect, right - 21, cellRect.y + 50)).toBe('east');
    expect(resizeZoneAt(cellRect, right - 22, cellRect.y + 50)).toBeNull();
    expect(resizeZoneAt(cellRect, cellRect.x + 50, bottom - 10)).toBe('south');
    expect(resizeZoneAt(cellRect, right - 1, bottom - 1)).toBe('south-east');
    expect(resizeZoneAt(cellRect, right + 1, bottom - 1)).toBeNull();
  });

  it('offers resize zones on claimed tiles only and finds the owner of a span', () => {
    const m = grid('A .');
    expect(hitTest(m, layout, cellRect.x + cellRect.width - 2, cellRect.y + 50)).toEqual({
      position: { row: 0, column: 0 },
      state: 'claimed',
      zone: 'east',
    });
    const empty = areaRect(layout, { row: 0, column: 1, rowSpan: 1, columnSpan: 1 });
    expect(hitTest(m, layout, empty.x + empty.width - 2, empty.y + 5)).toMatchObject({ state: 'unclaimed', zone: 'body' });
    expect(hitTest(grid('A21 #'), layout, empty.x + 5, empty.y + 5)).toMatchObject({ position: { row: 0, column: 0 } });
    expect(hitTest(m, layout, 1, 1)).toBeNull();
  });
});
