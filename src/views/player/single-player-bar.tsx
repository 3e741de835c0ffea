/**
 * The single player's control bar (spec 2 "Control bar", for one camera):
 * play and pause, Live, the running time with the date-time picker, the
 * speed slider, the timeline scale of the stream's recordings and motion,
 * previous and next motion event, and full screen of the page. It drives
 * the timeline's master context, which the page's one player follows.
 *
 * The player options decide what shows: showControls the buttons,
 * showTimeline the scale. Export and frame stepping, which the stage's bar
 * has, are not offered here.
 */
import { useMemo, useState, type ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { PlayerIcon } from '../../components/player/player-icon';
import { TimelineScale } from '../../components/timeline/timeline-scale';
import { TimelineTime } from '../../components/timeline/timeline-time';
import { t } from '../../i18n/translate';
import { currentTimeAt, timelineActions, timelineState } from '../../state/timeline.store';
import type { TimelineTrackSource } from '../../state/timeline-feed';
import { DateTimeDialog } from '../stage/control-bar/date-time-dialog';
import { MotionEventButtons } from '../stage/control-bar/motion-event-buttons';
import { SpeedControl } from '../stage/control-bar/speed-control';

export interface SinglePlayerBarProps {
  track: TimelineTrackSource;
  showControls: boolean;
  showTimeline: boolean;
  fullScreen: boolean;
  onFullScreen(): void;
}

export function SinglePlayerBar(props: SinglePlayerBarProps): ReactElement {
  const { master: context } = useSnapshot(timelineState);
  const [picking, setPicking] = useState<{ initialMs: number } | null>(null);
  const tracks = useMemo(() => [props.track], [props.track]);
  const fullScreenLabel = props.fullScreen ? t('player.exitFullScreen') : t('player.fullScreen');

  return (
    <div className="control-bar single-player-bar" role="toolbar" aria-label={t('timeline.controls')} data-testid="control-bar">
      {props.showControls && (
        <>
          <div className="control-bar-group">
            <button
              type="button"
              className="icon-button control-bar-button"
              aria-label={context.paused ? t('timeline.play') : t('timeline.pause')}
              title={context.paused ? t('timeline.play') : t('timeline.pause')}
              onClick={() => timelineActions.togglePause()}
            >
              <PlayerIcon name={context.paused ? 'play' : 'pause'} />
            </button>
            <button
              type="button"
              className={`btn control-bar-live${context.timeMs === 0 ? ' on' : ''}`}
              aria-pressed={context.timeMs === 0}
              onClick={() => timelineActions.goLive()}
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
          <SpeedControl speed={context.speed} onSpeed={(speed) => timelineActions.setSpeed(speed)} />
        </>
      )}
      {props.showTimeline && (
        <div className="control-bar-scale">
          <TimelineScale tracks={tracks} />
        </div>
      )}
      {props.showControls && (
        <>
          <MotionEventButtons streams={tracks} />
          <button type="button" className="icon-button control-bar-button" aria-label={fullScreenLabel} title={fullScreenLabel} onClick={props.onFullScreen}>
            <PlayerIcon name={props.fullScreen ? 'exitFullScreen' : 'fullScreen'} />
          </button>
          <DateTimeDialog
            open={picking !== null}
            initialMs={picking?.initialMs ?? 0}
            streams={tracks}
            onClose={() => setPicking(null)}
            onPick={(timeMs) => {
              setPicking(null);
              timelineActions.seek(timeMs);
            }}
          />
        </>
      )}
    </div>
  );
}
