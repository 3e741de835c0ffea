/**
 * Pure helpers of the stage view: which tiles want dewarp (for the 8/16
 * limit of src/core/player/dewarp-limit.ts), and whether the cameras of a
 * restored stage are known (spec 8: an unknown one is released).
 */
import type { Camera, StageMatrix } from '../../../server/shared/api';
import { cameraTiles } from './grid/tile-keys';

/** Keys of the tiles that want dewarp: a mode other than off on a camera whose stream has dewarping enabled. */
export function dewarpWanting(matrix: StageMatrix, cameras: readonly Camera[]): Set<string> {
  const wanting = new Set<string>();
  for (const tile of cameraTiles(matrix)) {
    const cell = matrix[tile.position.row]?.[tile.position.column];
    if (!cell || cell.dewarpMode === 0) continue;
    const camera = cameras.find((entry) => entry.id === tile.camera.id);
    const stream = camera?.streams.find((entry) => entry.id === camera.primaryStream?.id);
    if (stream?.dewarpConfiguration?.enable) wanting.add(tile.key);
  }
  return wanting;
}

/** A camera of a restored stage is available when the camera list holds it. */
export function cameraKnown(cameras: readonly Camera[], id: string): boolean {
  return cameras.some((camera) => camera.id === id);
}
