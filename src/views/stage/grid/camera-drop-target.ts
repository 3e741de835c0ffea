/**
 * Where a camera dragged from the bag lands: the stage grid registers itself
 * here while it is mounted, and the bag's drag (bag/use-camera-drag.ts) asks
 * it at each pointer move which cell lies under the pointer, and drops there
 * on release. Mouse, pen and touch drags all come this way (pointer events),
 * so a phone drags cameras exactly as a desktop does.
 *
 * A module slot rather than a React context: the bag and the grid are
 * siblings, and the drag reads the target per pointer move, outside React.
 * One stage view exists at a time, so one target.
 */
import type { StageCamera } from '../../../../server/shared/api';

export interface CameraDropTarget {
  /** Paints the cell under a viewport point; false when the point is not over the grid (nothing painted). */
  preview(camera: StageCamera, clientX: number, clientY: number): boolean;
  /** Puts the camera in the cell under a viewport point; false when the point is not over the grid. */
  drop(camera: StageCamera, clientX: number, clientY: number): boolean;
  /** The drag ended elsewhere or was cancelled: nothing painted. */
  cancel(): void;
}

let current: CameraDropTarget | null = null;

/** The grid offers itself as the drop target; the returned function withdraws it. */
export function registerCameraDropTarget(target: CameraDropTarget): () => void {
  current = target;
  return () => {
    if (current === target) current = null;
  };
}

export function cameraDropTarget(): CameraDropTarget | null {
  return current;
}
