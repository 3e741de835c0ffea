/**
 * Which cameras the stage's timeline follows (spec 4): the tiles linked to
 * the master, or, in full screen of an unlinked tile, that tile alone; each
 * with the stream whose archives and motion it shows (the primary stream).
 * Tiles whose camera is not in the camera list yet are left out until it
 * is. Pure.
 */
import type { Camera, StageMatrix } from '../../../../server/shared/api';
import type { TimelineTrackSource } from '../../../state/timeline-feed';
import { cameraTiles } from '../grid/tile-keys';

export function timelineTracks(
  matrix: StageMatrix,
  cameras: readonly Camera[],
  isLinked: (key: string) => boolean,
  fullScreenKey: string | undefined,
): TimelineTrackSource[] {
  const out: TimelineTrackSource[] = [];
  for (const { key, camera: ref } of cameraTiles(matrix)) {
    const follows = fullScreenKey !== undefined && !isLinked(fullScreenKey) ? key === fullScreenKey : isLinked(key);
    if (!follows) continue;
    const camera = cameras.find((entry) => entry.id === ref.id);
    const streamId = camera?.primaryStream?.id;
    if (camera && streamId) out.push({ key, cameraId: camera.id, streamId, server: camera.orchidId });
  }
  return out;
}
