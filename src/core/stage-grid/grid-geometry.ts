/**
 * Stage grid geometry (spec 9): 16:9 cells separated by 3 px gaps inside a
 * 20 px margin, as large as the container allows and centred in it; the
 * rectangles of the tiles, the cell under a pointer and the 21 px resize
 * zones along a tile's east and south edges.
 *
 * Why here: the React grid, the drag logic and the compositor (which draws
 * every tile into one canvas) must agree to the pixel, so all read this.
 *
 * Cost: O(cells) for `tileRects`, O(1) for the rest; pixels are CSS pixels.
 * Limits: a container smaller than the margins gives zero-sized cells.
 */
import type { StageMatrix } from '../../../server/shared/api';
import type { Rect } from '../../../workers/core/rect';
import type { ResizeHandle } from './grid-resize';
import {
  type CellArea,
  type CellPosition,
  type CellState,
  areaOf,
  columnCount,
  occupancy,
  rowCount,
  samePosition,
} from './stage-matrix';

export const GRID_GAP_PX = 3;
export const GRID_MARGIN_PX = 20;
export const CELL_ASPECT = 16 / 9;
export const RESIZE_ZONE_PX = 21;
/** Spec 9: grid changes animate over 200 ms. */
export const GRID_ANIMATION_MS = 200;

export type { Rect };

export interface GridLayout {
  rows: number;
  columns: number;
  cellWidth: number;
  cellHeight: number;
  /** Top-left of the first cell inside the container. */
  originX: number;
  originY: number;
}

export function computeGridLayout(containerWidth: number, containerHeight: number, rows: number, columns: number): GridLayout {
  const safeRows = Math.max(1, rows);
  const safeColumns = Math.max(1, columns);
  const innerWidth = Math.max(0, containerWidth - 2 * GRID_MARGIN_PX - (safeColumns - 1) * GRID_GAP_PX);
  const innerHeight = Math.max(0, containerHeight - 2 * GRID_MARGIN_PX - (safeRows - 1) * GRID_GAP_PX);
  const cellWidth = Math.min(innerWidth / safeColumns, (innerHeight / safeRows) * CELL_ASPECT);
  const cellHeight = cellWidth / CELL_ASPECT;
  const gridWidth = safeColumns * cellWidth + (safeColumns - 1) * GRID_GAP_PX;
  const gridHeight = safeRows * cellHeight + (safeRows - 1) * GRID_GAP_PX;
  return {
    rows: safeRows,
    columns: safeColumns,
    cellWidth,
    cellHeight,
    originX: Math.max(GRID_MARGIN_PX, (containerWidth - gridWidth) / 2),
    originY: Math.max(GRID_MARGIN_PX, (containerHeight - gridHeight) / 2),
  };
}

export function layoutForMatrix(matrix: StageMatrix, containerWidth: number, containerHeight: number): GridLayout {
  return computeGridLayout(containerWidth, containerHeight, rowCount(matrix), columnCount(matrix));
}

/** The rectangle of an area; a span includes the gaps it crosses. */
export function areaRect(layout: GridLayout, area: CellArea): Rect {
  return {
    x: layout.originX + area.column * (layout.cellWidth + GRID_GAP_PX),
    y: layout.originY + area.row * (layout.cellHeight + GRID_GAP_PX),
    width: area.columnSpan * layout.cellWidth + (area.columnSpan - 1) * GRID_GAP_PX,
    height: area.rowSpan * layout.cellHeight + (area.rowSpan - 1) * GRID_GAP_PX,
  };
}

export interface TileRect {
  position: CellPosition;
  area: CellArea;
  state: Exclude<CellState, 'spanned'>;
  rect: Rect;
}

/** One rectangle per claimed or unclaimed cell; positions covered by a span get none. */
export function tileRects(matrix: StageMatrix, layout: GridLayout): TileRect[] {
  const owners = occupancy(matrix);
  const tiles: TileRect[] = [];
  matrix.forEach((cells, row) =>
    cells.forEach((_cell, column) => {
      const position = { row, column };
      const owner = owners[row]?.[column];
      if (owner && !samePosition(owner, position)) return;
      const area = areaOf(matrix, position);
      tiles.push({ position, area, state: owner ? 'claimed' : 'unclaimed', rect: areaRect(layout, area) });
    }),
  );
  return tiles;
}

/**
 * The grid position under a point, counting on past the grid's right and
 * bottom edges (for drops that grow it); null above or left of the grid.
 * A point in a gap belongs to the cell before it.
 */
export function positionAt(layout: GridLayout, x: number, y: number): CellPosition | null {
  if (x < layout.originX || y < layout.originY || layout.cellWidth <= 0) return null;
  return {
    row: Math.floor((y - layout.originY) / (layout.cellHeight + GRID_GAP_PX)),
    column: Math.floor((x - layout.originX) / (layout.cellWidth + GRID_GAP_PX)),
  };
}

export function contains(rect: Rect, x: number, y: number): boolean {
  return x >= rect.x && y >= rect.y && x < rect.x + rect.width && y < rect.y + rect.height;
}

/** Which resize zone of a tile a point is in: within 21 px of its east and/or south edge. */
export function resizeZoneAt(rect: Rect, x: number, y: number): ResizeHandle | null {
  if (!contains(rect, x, y)) return null;
  const east = x >= rect.x + rect.width - RESIZE_ZONE_PX;
  const south = y >= rect.y + rect.height - RESIZE_ZONE_PX;
  if (east && south) return 'south-east';
  if (east) return 'east';
  if (south) return 'south';
  return null;
}

export interface GridHit {
  /** The tile's own position (the origin of a spanning cell). */
  position: CellPosition;
  state: TileRect['state'];
  /** A resize zone of a claimed tile, or 'body'. */
  zone: ResizeHandle | 'body';
}

/** The tile under a point and whether the point is in one of its resize zones. */
export function hitTest(matrix: StageMatrix, layout: GridLayout, x: number, y: number): GridHit | null {
  for (const tile of tileRects(matrix, layout)) {
    if (!contains(tile.rect, x, y)) continue;
    const zone = tile.state === 'claimed' ? resizeZoneAt(tile.rect, x, y) : null;
    return { position: tile.position, state: tile.state, zone: zone ?? 'body' };
  }
  return null;
}
