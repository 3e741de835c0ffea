/**
 * Reads a stage matrix from storage (IndexedDB, a saved stage) leniently:
 * fields are defaulted one by one, the older single `span` field becomes both
 * spans, short rows are padded and spans reaching past the edge are clamped.
 * What cannot be read at all (not rows of cells, larger than 16 x 16, or
 * claimed cells overlapping each other) becomes one empty cell (spec 8), and
 * the reason is given so the caller can log it.
 *
 * Cost: one pass over at most 256 cells. Limits: a camera needs a non-empty
 * string id; a missing `orchidId` reads as '' (single-server stages).
 */
import type { DewarpMode, StageCamera, StageCell, StageMatrix } from '../../../server/shared/api';
import {
  DEFAULT_STAGE_DEWARP_MODE,
  MAX_STAGE_COLUMNS,
  MAX_STAGE_ROWS,
  areasOverlap,
  claimedAreas,
  createMatrix,
  emptyCell,
} from './stage-matrix';

export type ReadStageMatrixResult = { ok: true; matrix: StageMatrix } | { ok: false; matrix: StageMatrix; error: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readSpan(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : undefined;
}

function readCamera(value: unknown): StageCamera | null {
  if (!isRecord(value)) return null;
  const id = value.id;
  if (typeof id !== 'string' || id.length === 0) return null;
  const orchidId = value.orchidId;
  return { id, orchidId: typeof orchidId === 'string' ? orchidId : orchidId == null ? '' : String(orchidId) };
}

export function isDewarpMode(value: unknown): value is DewarpMode {
  return value === 0 || value === 1 || value === 2;
}

/** One stored cell; answers undefined when it is not a cell at all. Exported for the tests of the legacy span. */
export function readCell(value: unknown): StageCell | undefined {
  if (value === null || value === undefined) return emptyCell();
  if (!isRecord(value)) return undefined;
  const camera = readCamera(value.camera);
  const legacySpan = readSpan(value.span);
  const columnSpan = readSpan(value.columnSpan) ?? legacySpan ?? 1;
  const rowSpan = readSpan(value.rowSpan) ?? legacySpan ?? 1;
  return {
    camera,
    columnSpan: camera ? columnSpan : 1,
    rowSpan: camera ? rowSpan : 1,
    forceLbm: value.forceLbm === true,
    dewarpMode: isDewarpMode(value.dewarpMode) ? value.dewarpMode : DEFAULT_STAGE_DEWARP_MODE,
  };
}

function fail(error: string): ReadStageMatrixResult {
  return { ok: false, matrix: createMatrix(1, 1), error };
}

/** Accepts the matrix itself or its JSON text. */
export function readStageMatrix(stored: unknown): ReadStageMatrixResult {
  let value = stored;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return fail('The stored stage matrix is not valid JSON.');
    }
  }
  if (!Array.isArray(value) || value.length === 0) return fail('The stored stage matrix is not a list of rows.');
  if (value.length > MAX_STAGE_ROWS) return fail(`The stored stage matrix has more than ${MAX_STAGE_ROWS} rows.`);
  const rows: StageCell[][] = [];
  for (const storedRow of value) {
    if (!Array.isArray(storedRow)) return fail('A row of the stored stage matrix is not a list of cells.');
    if (storedRow.length > MAX_STAGE_COLUMNS) {
      return fail(`The stored stage matrix has more than ${MAX_STAGE_COLUMNS} columns.`);
    }
    const cells: StageCell[] = [];
    for (const storedCell of storedRow) {
      const cell = readCell(storedCell);
      if (!cell) return fail('A cell of the stored stage matrix is not an object.');
      cells.push(cell);
    }
    rows.push(cells);
  }
  const columns = Math.max(1, ...rows.map((cells) => cells.length));
  for (const cells of rows) while (cells.length < columns) cells.push(emptyCell());
  // Spans past the edge are clamped (a harmless leftover of a trimmed grid).
  rows.forEach((cells, row) =>
    cells.forEach((cell, column) => {
      cell.columnSpan = Math.min(cell.columnSpan, columns - column);
      cell.rowSpan = Math.min(cell.rowSpan, rows.length - row);
    }),
  );
  const areas = claimedAreas(rows);
  for (let i = 0; i < areas.length; i++) {
    for (let j = i + 1; j < areas.length; j++) {
      if (areasOverlap(areas[i]!, areas[j]!)) return fail('Cells of the stored stage matrix overlap.');
    }
  }
  return { ok: true, matrix: rows };
}
