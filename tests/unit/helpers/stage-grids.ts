/**
 * Builds stage matrices from compact pictures for the grid tests: each row is
 * a string of space-separated tokens, '.' an empty cell, a letter a camera
 * (id = the letter), 'Axy' a camera spanning x columns and y rows, and '#' a
 * position covered by a span.
 */
import type { StageMatrix } from '../../../server/shared/api';
import { emptyCell } from '../../../src/core/stage-grid';

export function grid(...rows: string[]): StageMatrix {
  return rows.map((line) =>
    line
      .trim()
      .split(/\s+/)
      .map((token) => {
        if (token === '.' || token === '#') return emptyCell();
        const id = token[0]!;
        const columnSpan = token.length > 1 ? Number(token[1]) : 1;
        const rowSpan = token.length > 2 ? Number(token[2]) : 1;
        return { ...emptyCell(), camera: { id, orchidId: 'o1' }, columnSpan, rowSpan };
      }),
  );
}

/** The inverse of `grid`, for readable assertions. */
export function picture(matrix: StageMatrix): string[] {
  const covered = new Set<string>();
  matrix.forEach((cells, row) =>
    cells.forEach((cell, column) => {
      if (!cell.camera) return;
      for (let r = row; r < row + cell.rowSpan; r++) {
        for (let c = column; c < column + cell.columnSpan; c++) if (r !== row || c !== column) covered.add(`${r},${c}`);
      }
    }),
  );
  return matrix.map((cells, row) =>
    cells
      .map((cell, column) => {
        if (cell.camera) {
          const spans = cell.columnSpan > 1 || cell.rowSpan > 1 ? `${cell.columnSpan}${cell.rowSpan}` : '';
          return `${cell.camera.id}${spans}`;
        }
        return covered.has(`${row},${column}`) ? '#' : '.';
      })
      .join(' '),
  );
}

export const cam = (id: string) => ({ id, orchidId: 'o1' });
