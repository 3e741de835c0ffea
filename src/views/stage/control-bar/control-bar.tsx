/**
 * The stage's control bar under the matrix (spec 2 "Control bar"): play and
 * pause, Live, the running time with the date-time picker, the speed
 * slider, and full screen of the first camera. In full screen it drives the
 * full-screen tile's context (its own when unlinked, else the master, whose
 * changes full screen undoes on leaving); otherwise the master.
 *
 * The Pixi timeline scale (spec 4), the motion event buttons and Export
 * sit in the middle. Selection mode has no button of its own: spec 4 derives
 * it from the time, and the timeline's fine window is the selection export
 * starts from. A Live Viewer plays live only, so the stage view does not
 * show this bar to one.
 */
import { useState, type ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import type { StageMatrix } from '../../../../server/shared/api';
import { PlayerIcon } from '../../../components/player/player-icon';
import { TimelineTime } from '../../../components/timeline/timeline-time';
import { t } from '../../../i18n/translate';
import { stageActions, stageState, type CellPosition } from '../../../state/stage.store';
import { currentTimeAt, tileContext, timelineActions, timelineState } from '../../../state/timeline.store';
import { ExportButton } from '../export/export-button';
import { tileKeyAt } from '../grid/tile-keys';
import { DateTimeDialog } from './date-time-dialog';
import { FrameStepButtons } from './frame-step-buttons';
import { MotionEventButtons } from './motion-event-buttons';
import { StageTimeline } from './stage-timeline';
import { SpeedControl } from './speed-control';
import './control-bar.css';

function firstCamera(matrix: StageMatrix): CellPosition | null {
  for (let row = 0; row < matrix.length; row++) {
    const column = matrix[row]!.findIndex((cell) => cell.camera);
    if (column >= 0) return { row, column };
  }
  return null;
}

export function ControlBar(): ReactElement {
  const stage = useSnapshot(stageState);
  const timelines = useSnapshot(timelineState);
  const [picking, setPicking] = useState<{ initialMs: number } | null>(null);
  const matrix = stage.matrix as StageMatrix;
  const full = stage.fullScreen;
  // Actions name the full-screen tile; the store applies them to its own context or the master.
  const key = full ? (tileKeyAt(matrix, full) ?? undefined) : undefined;
  const context = key ? tileContext(timelines, key) : timelines.master;
  const first = firstCamera(matrix);

  return (
    <div className="control-bar" role="toolbar" aria-label={t('timeline.controls')} data-testid="control-bar">
      <div className="control-bar-group">
        <button
          type="button"
          className="icon-button control-bar-button"
          aria-label={context.paused ? t('timeline.play') : t('timeline.pause')}
          title={context.paused ? t('timeline.play') : t('timeline.pause')}
          onClick={() => timelineActions.togglePause(key)}
        >
          <PlayerIcon name={context.paused ? 'play' : 'pause'} />
        </button>
        <button
          type="button"
          className={`btn control-bar-live${context.timeMs === 0 ? ' on' : ''}`}
          aria-pressed={context.timeMs === 0}
          onClick={() => timelineActions.goLive(key)}
        >
          <PlayerIcon name="live" size={14} />
          {t('timeline.goLive')}
        </button>
      </div>
      <button
        type="button"
        className="btn control-bar-time"
        aria-label={t('timeline.pickTime')}
        title={t('timeline.pickTime')}
        onClick={() => setPicking({ initialMs: currentTimeAt(context, Date.now()) })}
      >
        <PlayerIcon name="calendar" size={14} />
        <TimelineTime context={context} className="control-bar-clock" testId="timeline-time" />
      </button>
      <FrameStepButtons context={context} tileKey={key} matrix={matrix} />
      <SpeedControl speed={context.speed} onSpeed={(speed) => timelineActions.setSpeed(speed, key)} />
      <StageTimeline contextKey={key} />
      <MotionEventButtons contextKey={key} />
      <ExportButton />
      <button
        type="button"
        className="icon-button control-bar-button"
        aria-label={full ? t('timeline.exitFullScreen') : t('timeline.fullScreen')}
        title={full ? t('timeline.exitFullScreen') : t('timeline.fullScreen')}
        disabled={!full && !first}
        onClick={() => stageActions.setFullScreen(full ? null : first)}
      >
        <PlayerIcon name={full ? 'exitFullScreen' : 'fullScreen'} />
      </button>
      <DateTimeDialog
        open={picking !== null}
        initialMs={picking?.initialMs ?? 0}
        onClose={() => setPicking(null)}
        onPick={(timeMs) => {
          setPicking(null);
          timelineActions.seek(timeMs, key);
        }}
      />
    </div>
  );
}
