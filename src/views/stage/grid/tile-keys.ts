/**
 * The keys that name a stage tile in the player and timeline stores: the
 * camera ('orchidId/cameraId'), so a moved tile keeps its element, its
 * player and its timeline; a camera shown more than once gets '#1', '#2'...
 * in reading order. Empty cells are named by their place.
 */
import type { StageCamera, StageMatrix } from '../../../../server/shared/api';
import type { CellPosition } from '../../../state/stage.store';

export function tileKeys(matrix: StageMatrix, positions: readonly CellPosition[]): string[] {
  const seen = new Map<string, number>();
  return positions.map(({ row, column }) => {
    const camera = matrix[row]?.[column]?.camera;
    if (!camera) return `empty-${row}-${column}`;
    const base = `${camera.orchidId}/${camera.id}`;
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return count === 0 ? base : `${base}#${count}`;
  });
}

export interface CameraTile {
  position: CellPosition;
  key: string;
  camera: StageCamera;
}

/** Every cell holding a camera, in reading order, with its tile key. */
export function cameraTiles(matrix: StageMatrix): CameraTile[] {
  const claimed: Array<{ position: CellPosition; camera: StageCamera }> = [];
  matrix.forEach((cells, row) =>
    cells.forEach((cell, column) => {
      if (cell.camera) claimed.push({ position: { row, column }, camera: cell.camera });
    }),
  );
  const keys = tileKeys(matrix, claimed.map((tile) => tile.position));
  return claimed.map((tile, index) => ({ ...tile, key: keys[index]! }));
}

/** The key of the tile whose cell starts at `position`, or null when it holds no camera. */
export function tileKeyAt(matrix: StageMatrix, position: CellPosition): string | null {
  const tile = cameraTiles(matrix).find((entry) => entry.position.row === position.row && entry.position.column === position.column);
  return tile?.key ?? null;
}
