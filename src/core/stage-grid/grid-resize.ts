/**
 * Resizing a claimed stage cell east, south or south-east (spec 2). The new
 * area may reach beyond the grid, which grows it (up to 16 x 16); an area
 * overlapping another claimed cell is refused as 'occupied' so the view
 * paints it red (spec 5: "Resize refused if overlapping another claimed
 * cell"). Shrinking leaves the uncovered positions unclaimed and trims.
 *
 * Cost: O(cells) per call; called per pointer move over a new cell.
 */
import type { StageMatrix } from '../../../server/shared/api';
import { type GridResult, growTo, overlapsClaimed, trim, withinLimits } from './grid-operations';
import { type CellArea, type CellPosition, cellAt } from './stage-matrix';

export type ResizeHandle = 'east' | 'south' | 'south-east';

export interface Spans {
  rowSpan: number;
  columnSpan: number;
}

/** Gives the claimed cell at `position` new spans. */
export function resize(matrix: StageMatrix, position: CellPosition, spans: Spans): GridResult {
  const cell = cellAt(matrix, position);
  if (!cell?.camera) return { ok: false, reason: 'not-claimed' };
  const target: CellArea = { ...position, rowSpan: spans.rowSpan, columnSpan: spans.columnSpan };
  if (!Number.isInteger(spans.rowSpan) || !Number.isInteger(spans.columnSpan) || !withinLimits(target)) {
    return { ok: false, reason: 'out-of-bounds', target };
  }
  if (overlapsClaimed(matrix, target, position)) return { ok: false, reason: 'occupied', target };
  const grown = growTo(matrix, target.row + target.rowSpan, target.column + target.columnSpan);
  const cells = grown[position.row]!;
  cells[position.column] = { ...cell, camera: { ...cell.camera }, rowSpan: spans.rowSpan, columnSpan: spans.columnSpan };
  const trimmed = trim(grown);
  return {
    ok: true,
    matrix: trimmed.matrix,
    target,
    position: { row: position.row - trimmed.rowOffset, column: position.column - trimmed.columnOffset },
  };
}

/** The spans that dragging `handle` of the cell at `position` to the cell under `pointer` asks for. */
export function spansToward(matrix: StageMatrix, position: CellPosition, handle: ResizeHandle, pointer: CellPosition): Spans {
  const cell = cellAt(matrix, position);
  const current: Spans = { rowSpan: cell?.rowSpan ?? 1, columnSpan: cell?.columnSpan ?? 1 };
  const columnSpan = Math.max(1, pointer.column - position.column + 1);
  const rowSpan = Math.max(1, pointer.row - position.row + 1);
  if (handle === 'east') return { rowSpan: current.rowSpan, columnSpan };
  if (handle === 'south') return { rowSpan, columnSpan: current.columnSpan };
  return { rowSpan, columnSpan };
}

/** Resizes by dragging a handle to the cell under the pointer. */
export function resizeToward(
  matrix: StageMatrix,
  position: CellPosition,
  handle: ResizeHandle,
  pointer: CellPosition,
): GridResult {
  return resize(matrix, position, spansToward(matrix, position, handle, pointer));
}
