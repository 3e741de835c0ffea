/**
 * The stage grid's operations (spec 2 "Grid behaviour"): claim a cell,
 * claim the first free one, release, move by drag, swap two claimed cells,
 * and the trimming of empty outer rows and columns that follows each change.
 *
 * Each operation is pure: it answers a new matrix, or a refusal with its
 * reason so the view can paint the target red (green when `ok`). `target`
 * is the area to highlight in the coordinates of the matrix given;
 * `position` is where the affected cell ended up after trimming.
 *
 * Growth: a target right of or below the grid grows it (up to 16 x 16), so a
 * camera can be dropped just beyond the edge; trimming then removes what stays
 * empty. Targets above or left of the grid are refused.
 *
 * Cost: O(cells) per call, at most 256 cells; called on user gestures only.
 */
import type { StageCamera, StageCell, StageMatrix } from '../../../server/shared/api';
import {
  DEFAULT_STAGE_DEWARP_MODE,
  MAX_STAGE_COLUMNS,
  MAX_STAGE_ROWS,
  type CellArea,
  type CellPosition,
  areaOf,
  areasOverlap,
  cellAt,
  claimedAreas,
  cloneMatrix,
  columnCount,
  createMatrix,
  emptyCell,
  occupancy,
  ownerOf,
  rowCount,
  samePosition,
} from './stage-matrix';

export type GridRefusal = 'occupied' | 'spanned' | 'not-claimed' | 'out-of-bounds' | 'full';

export type GridResult =
  | { ok: true; matrix: StageMatrix; target?: CellArea; position?: CellPosition; replaced?: StageCamera }
  | { ok: false; reason: GridRefusal; target?: CellArea };

export interface ClaimOptions {
  forceLbm?: boolean;
  dewarpMode?: StageCell['dewarpMode'];
}

function refuse(reason: GridRefusal, target?: CellArea): GridResult {
  return target ? { ok: false, reason, target } : { ok: false, reason };
}

/** Whether an area lies right of/below the origin and within the 16 x 16 limit. */
export function withinLimits(area: CellArea): boolean {
  return (
    area.row >= 0 &&
    area.column >= 0 &&
    area.rowSpan >= 1 &&
    area.columnSpan >= 1 &&
    area.row + area.rowSpan <= MAX_STAGE_ROWS &&
    area.column + area.columnSpan <= MAX_STAGE_COLUMNS
  );
}

/** Whether `area` overlaps a claimed cell other than the one at `except`. */
export function overlapsClaimed(matrix: StageMatrix, area: CellArea, except?: CellPosition): boolean {
  return claimedAreas(matrix).some((other) => !(except && samePosition(other, except)) && areasOverlap(other, area));
}

/** A copy at least `rows` x `columns`, padded with empty cells. */
export function growTo(matrix: StageMatrix, rows: number, columns: number): StageMatrix {
  const copy = cloneMatrix(matrix);
  const width = Math.max(columnCount(copy), columns);
  for (const cells of copy) while (cells.length < width) cells.push(emptyCell());
  while (copy.length < rows) copy.push(Array.from({ length: width }, emptyCell));
  return copy;
}

export interface TrimResult {
  matrix: StageMatrix;
  /** Rows and columns removed above and left: subtract them from old positions. */
  rowOffset: number;
  columnOffset: number;
}

/** Removes empty outer rows and columns, keeping at least one of each (spec 2). */
export function trim(matrix: StageMatrix): TrimResult {
  const areas = claimedAreas(matrix);
  if (areas.length === 0) return { matrix: createMatrix(1, 1), rowOffset: 0, columnOffset: 0 };
  const top = Math.min(...areas.map((a) => a.row));
  const left = Math.min(...areas.map((a) => a.column));
  const bottom = Math.max(...areas.map((a) => a.row + a.rowSpan));
  const right = Math.max(...areas.map((a) => a.column + a.columnSpan));
  if (top === 0 && left === 0 && bottom === rowCount(matrix) && right === columnCount(matrix)) {
    return { matrix, rowOffset: 0, columnOffset: 0 };
  }
  return {
    matrix: matrix.slice(top, bottom).map((cells) => cells.slice(left, right)),
    rowOffset: top,
    columnOffset: left,
  };
}

function finish(matrix: StageMatrix, position: CellPosition | undefined, target?: CellArea): GridResult {
  const trimmed = trim(matrix);
  const result: GridResult = { ok: true, matrix: trimmed.matrix };
  if (target) result.target = target;
  if (position) {
    result.position = { row: position.row - trimmed.rowOffset, column: position.column - trimmed.columnOffset };
  }
  return result;
}

function setCell(matrix: StageMatrix, position: CellPosition, cell: StageCell): void {
  const cells = matrix[position.row];
  if (!cells) throw new RangeError(`Row ${position.row} is outside the stage matrix.`);
  cells[position.column] = cell;
}

/**
 * Puts `camera` in the cell at `position`, growing the grid when the position
 * is just beyond it. A claimed cell gets the new camera (the old one is
 * answered as `replaced`) and keeps its spans; a spanned position is refused.
 */
export function claim(
  matrix: StageMatrix,
  position: CellPosition,
  camera: StageCamera,
  options: ClaimOptions = {},
): GridResult {
  const target: CellArea = { ...position, rowSpan: 1, columnSpan: 1 };
  if (!withinLimits(target)) return refuse('out-of-bounds', target);
  const owner = ownerOf(matrix, position);
  if (owner && !samePosition(owner, position)) return refuse('spanned', areaOf(matrix, owner));
  const grown = growTo(matrix, position.row + 1, position.column + 1);
  const existing = cellAt(grown, position)!;
  setCell(grown, position, {
    camera: { id: camera.id, orchidId: camera.orchidId },
    columnSpan: existing.camera ? existing.columnSpan : 1,
    rowSpan: existing.camera ? existing.rowSpan : 1,
    forceLbm: options.forceLbm ?? false,
    dewarpMode: options.dewarpMode ?? DEFAULT_STAGE_DEWARP_MODE,
  });
  const result = finish(grown, position, areaOf(grown, position));
  if (result.ok && existing.camera) result.replaced = existing.camera;
  return result;
}

/** The first unclaimed position in reading order, if any. */
export function firstFreePosition(matrix: StageMatrix): CellPosition | undefined {
  // One occupancy map for the whole scan: asking ownerOf per position rebuilt it each time (quadratic in cells).
  const owners = occupancy(matrix);
  for (let row = 0; row < rowCount(matrix); row++) {
    for (let column = 0; column < columnCount(matrix); column++) {
      if (!owners[row]?.[column]) return { row, column };
    }
  }
  return undefined;
}

/**
 * Claims the first unclaimed cell; a full grid grows by a column while it has
 * no more columns than rows, otherwise by a row, which keeps the wall close
 * to square. Refused as 'full' at 16 x 16.
 */
export function claimFirstFree(matrix: StageMatrix, camera: StageCamera, options: ClaimOptions = {}): GridResult {
  const free = firstFreePosition(matrix);
  if (free) return claim(matrix, free, camera, options);
  const rows = rowCount(matrix);
  const columns = columnCount(matrix);
  const canAddColumn = columns < MAX_STAGE_COLUMNS;
  const canAddRow = rows < MAX_STAGE_ROWS;
  if (canAddColumn && (columns <= rows || !canAddRow)) return claim(matrix, { row: 0, column: columns }, camera, options);
  if (canAddRow) return claim(matrix, { row: rows, column: 0 }, camera, options);
  return refuse('full');
}

/** Empties a claimed cell; the positions it spanned become unclaimed. */
export function release(matrix: StageMatrix, position: CellPosition): GridResult {
  if (!cellAt(matrix, position)?.camera) return refuse('not-claimed');
  const copy = cloneMatrix(matrix);
  setCell(copy, position, emptyCell());
  return finish(copy, undefined);
}

/**
 * Moves the claimed cell at `from` (with its spans) so its top-left is `to`.
 * Refused as 'occupied' when the area would overlap another claimed cell.
 */
export function move(matrix: StageMatrix, from: CellPosition, to: CellPosition): GridResult {
  const cell = cellAt(matrix, from);
  if (!cell?.camera) return refuse('not-claimed');
  const target: CellArea = { ...to, rowSpan: cell.rowSpan, columnSpan: cell.columnSpan };
  if (!withinLimits(target)) return refuse('out-of-bounds', target);
  if (overlapsClaimed(matrix, target, from)) return refuse('occupied', target);
  if (samePosition(from, to)) return { ok: true, matrix, target, position: from };
  const grown = growTo(matrix, target.row + target.rowSpan, target.column + target.columnSpan);
  setCell(grown, from, emptyCell());
  setCell(grown, to, { ...cell, camera: { ...cell.camera } });
  return finish(grown, to, target);
}

/**
 * Exchanges what two claimed cells show: camera, forced low bandwidth and
 * dewarp mode. Each position keeps its spans, so a swap never overlaps.
 */
export function swap(matrix: StageMatrix, a: CellPosition, b: CellPosition): GridResult {
  const first = cellAt(matrix, a);
  const second = cellAt(matrix, b);
  if (!first?.camera || !second?.camera) return refuse('not-claimed');
  const target = areaOf(matrix, b);
  if (samePosition(a, b)) return { ok: true, matrix, target, position: b };
  const copy = cloneMatrix(matrix);
  setCell(copy, a, { ...first, camera: { ...second.camera }, forceLbm: second.forceLbm, dewarpMode: second.dewarpMode });
  setCell(copy, b, { ...second, camera: { ...first.camera }, forceLbm: first.forceLbm, dewarpMode: first.dewarpMode });
  return { ok: true, matrix: copy, target, position: b };
}

export type DropAction = 'move' | 'swap';

/**
 * What dropping the claimed cell at `from` onto `pointer` does: over another
 * claimed cell (or a position it spans) it swaps (green), otherwise it moves
 * there when the area is free (green) or is refused (red). `grab` is where
 * in the cell it was picked up (0,0 = its top-left position), so a wide
 * cell held by its right half keeps that hold. Call it while dragging for
 * the highlight and again on drop to commit.
 */
export function drop(
  matrix: StageMatrix,
  from: CellPosition,
  pointer: CellPosition,
  grab: CellPosition = { row: 0, column: 0 },
): GridResult & { action: DropAction } {
  const owner = ownerOf(matrix, pointer);
  const fromOwner = ownerOf(matrix, from);
  if (owner && fromOwner && !samePosition(owner, fromOwner)) return { ...swap(matrix, from, owner), action: 'swap' };
  const to = { row: Math.max(0, pointer.row - grab.row), column: Math.max(0, pointer.column - grab.column) };
  return { ...move(matrix, from, to), action: 'move' };
}
