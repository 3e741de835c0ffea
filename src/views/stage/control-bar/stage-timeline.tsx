/**
 * The stage's timeline scale in the control bar: the Pixi timeline
 * (components/timeline) following the linked cameras, driving the context
 * the control bar drives (a full-screen tile's, else the master).
 */
import { useMemo, type ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import type { Camera, StageMatrix } from '../../../../server/shared/api';
import { TimelineScale } from '../../../components/timeline/timeline-scale';
import { stageBagState } from '../../../state/stage-bag.store';
import { stageState } from '../../../state/stage.store';
import { isTileLinked, timelineState } from '../../../state/timeline.store';
import { timelineTracks } from './timeline-tracks';

/** The cameras the timeline follows, recomputed when the stage, the camera list or a link changes. */
export function useTimelineTracks(contextKey: string | undefined) {
  const { matrix } = useSnapshot(stageState);
  const { cameras } = useSnapshot(stageBagState);
  const { tiles } = useSnapshot(timelineState);
  return useMemo(
    () => timelineTracks(matrix as StageMatrix, cameras as Camera[], (key) => isTileLinked({ tiles }, key), contextKey),
    [matrix, cameras, tiles, contextKey],
  );
}

export function StageTimeline({ contextKey }: { contextKey?: string }): ReactElement {
  const tracks = useTimelineTracks(contextKey);
  return (
    <div className="control-bar-scale">
      <TimelineScale contextKey={contextKey} tracks={tracks} />
    </div>
  );
}
