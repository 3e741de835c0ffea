/**
 * Pure helpers of the stage view: how many tiles dewarp (for the 8/16
 * limit), whether a dewarp change is allowed, and whether the cameras of a
 * restored stage are known (spec 8: an unknown one is released).
 */
import type { Camera, StageMatrix } from '../../../server/shared/api';

/** Tiles that dewarp: a mode other than off on a camera whose stream has dewarping enabled. */
export function dewarpedTiles(matrix: StageMatrix, cameras: readonly Camera[]): number {
  let count = 0;
  for (const row of matrix) {
    for (const cell of row) {
      if (!cell.camera || cell.dewarpMode === 0) continue;
      const camera = cameras.find((entry) => entry.id === cell.camera!.id);
      const stream = camera?.streams.find((entry) => entry.id === camera.primaryStream?.id);
      if (stream?.dewarpConfiguration?.enable) count++;
    }
  }
  return count;
}

/** Turning dewarp on for one more tile is refused at the limit; turning it off or switching modes never is. */
export function dewarpAllowed(currentMode: number, nextMode: number, dewarping: number, limit: number): boolean {
  if (nextMode === 0 || currentMode !== 0) return true;
  return dewarping < limit;
}

/** A camera of a restored stage is available when the camera list holds it. */
export function cameraKnown(cameras: readonly Camera[], id: string): boolean {
  return cameras.some((camera) => camera.id === id);
}
