/**
 * The stage matrix (spec 3 "Stage"): rows of cells, each empty or holding a
 * camera, with column and row spans. This module holds the shape, the
 * derived per-position state (claimed, spanned, unclaimed) and the lenient
 * reader for stored matrices, including the older single `span` field.
 *
 * Why: every grid operation, the stage store and the renderer's tile plan
 * read the matrix the same way; the covered positions are derived, never
 * stored, so a matrix cannot disagree with itself about who owns a cell.
 *
 * Cost: occupancy is O(rows x columns), at most 16 x 16, rebuilt per
 * operation; nothing here runs per frame.
 *
 * Limits: only the top-left origin of a spanning cell holds the camera; the
 * positions it covers hold empty 1x1 placeholders. A stored matrix whose
 * spans overlap cannot be read and falls back to one empty cell (spec 8).
 */
import type { DewarpMode, StageCamera, StageCell, StageMatrix } from '../../../server/shared/api';

export type { DewarpMode, StageCamera, StageCell, StageMatrix };

export const MAX_STAGE_ROWS = 16;
export const MAX_STAGE_COLUMNS = 16;
/** Spec 9: "Default stage dewarp mode 1 (range 0-2)". Applies only to cameras with dewarp enabled. */
export const DEFAULT_STAGE_DEWARP_MODE: DewarpMode = 1;

export interface CellPosition {
  row: number;
  column: number;
}

/** A rectangle of positions: top-left plus spans. */
export interface CellArea extends CellPosition {
  rowSpan: number;
  columnSpan: number;
}

export type CellState = 'claimed' | 'spanned' | 'unclaimed';

export function emptyCell(): StageCell {
  return { camera: null, columnSpan: 1, rowSpan: 1, forceLbm: false, dewarpMode: DEFAULT_STAGE_DEWARP_MODE };
}

export function createMatrix(rows = 1, columns = 1): StageMatrix {
  return Array.from({ length: rows }, () => Array.from({ length: columns }, emptyCell));
}

export function rowCount(matrix: StageMatrix): number {
  return matrix.length;
}

export function columnCount(matrix: StageMatrix): number {
  return matrix[0]?.length ?? 0;
}

export function cellAt(matrix: StageMatrix, position: CellPosition): StageCell | undefined {
  return matrix[position.row]?.[position.column];
}

export function isInside(matrix: StageMatrix, position: CellPosition): boolean {
  return (
    position.row >= 0 &&
    position.column >= 0 &&
    position.row < rowCount(matrix) &&
    position.column < columnCount(matrix)
  );
}

export function areaOf(matrix: StageMatrix, position: CellPosition): CellArea {
  const cell = cellAt(matrix, position);
  return {
    row: position.row,
    column: position.column,
    rowSpan: cell?.camera ? cell.rowSpan : 1,
    columnSpan: cell?.camera ? cell.columnSpan : 1,
  };
}

export function areasOverlap(a: CellArea, b: CellArea): boolean {
  return (
    a.row < b.row + b.rowSpan &&
    b.row < a.row + a.rowSpan &&
    a.column < b.column + b.columnSpan &&
    b.column < a.column + a.columnSpan
  );
}

export function samePosition(a: CellPosition, b: CellPosition): boolean {
  return a.row === b.row && a.column === b.column;
}

/** Each claimed cell's area, in row-major order of their origins. */
export function claimedAreas(matrix: StageMatrix): CellArea[] {
  const areas: CellArea[] = [];
  matrix.forEach((cells, row) =>
    cells.forEach((cell, column) => {
      if (cell.camera) areas.push({ row, column, rowSpan: cell.rowSpan, columnSpan: cell.columnSpan });
    }),
  );
  return areas;
}

/**
 * For each position, the origin of the claimed cell covering it, or null.
 * A claimed origin maps to itself.
 */
export function occupancy(matrix: StageMatrix): Array<Array<CellPosition | null>> {
  const owners: Array<Array<CellPosition | null>> = matrix.map((cells) => cells.map(() => null));
  for (const area of claimedAreas(matrix)) {
    for (let r = area.row; r < area.row + area.rowSpan; r++) {
      for (let c = area.column; c < area.column + area.columnSpan; c++) {
        const line = owners[r];
        if (line && c < line.length) line[c] = { row: area.row, column: area.column };
      }
    }
  }
  return owners;
}

export function cellState(matrix: StageMatrix, position: CellPosition): CellState {
  const owner = occupancy(matrix)[position.row]?.[position.column];
  if (!owner) return 'unclaimed';
  return samePosition(owner, position) ? 'claimed' : 'spanned';
}

/** The origin of the claimed cell covering `position`, or undefined when none does. */
export function ownerOf(matrix: StageMatrix, position: CellPosition): CellPosition | undefined {
  return occupancy(matrix)[position.row]?.[position.column] ?? undefined;
}

/** Cameras of the matrix in row-major order, without repeats (same id and server). */
export function camerasOf(matrix: StageMatrix): StageCamera[] {
  const seen = new Set<string>();
  const cameras: StageCamera[] = [];
  for (const cells of matrix) {
    for (const cell of cells) {
      if (!cell.camera) continue;
      const key = `${cell.camera.orchidId}\u0000${cell.camera.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      cameras.push({ id: cell.camera.id, orchidId: cell.camera.orchidId });
    }
  }
  return cameras;
}

export function cloneMatrix(matrix: StageMatrix): StageMatrix {
  return matrix.map((cells) => cells.map((cell) => ({ ...cell, camera: cell.camera && { ...cell.camera } })));
}
