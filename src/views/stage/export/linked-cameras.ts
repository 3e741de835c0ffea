/**
 * The stage's cameras as export sees them: each claimed cell's camera and
 * whether its tile follows the master timeline (an unlinked tile plays its
 * own time, so the selection is not about it). Reading order; a camera
 * shown twice appears twice, and export lists it once if either is linked.
 */
import type { StageMatrix } from '../../../../server/shared/api';
import type { StageTileCamera } from '../../../core/export/export-targets';
import { isTileLinked, type TimelineState } from '../../../state/timeline.store';
import { cameraTiles } from '../grid/tile-keys';

export function stageTileCameras(matrix: StageMatrix, timelines: Pick<TimelineState, 'tiles'>): StageTileCamera[] {
  return cameraTiles(matrix).map((tile) => ({ cameraId: tile.camera.id, linked: isTileLinked(timelines, tile.key) }));
}
