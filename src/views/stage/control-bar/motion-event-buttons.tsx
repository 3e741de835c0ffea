/**
 * Previous and next motion event (spec 2 control bar): asks every camera
 * the timeline follows for its motion events around the playhead and seeks
 * the context the bar drives to the nearest event's start, so the linked
 * players all jump there. A search with no result says so briefly. The
 * single player names its one stream instead of the stage's cameras.
 */
import { distinctStreams, type StreamRef } from '../../../api/server-scope';
import { useState, type ReactElement } from 'react';
import { PlayerIcon } from '../../../components/player/player-icon';
import { t } from '../../../i18n/translate';
import { findMotionStart } from '../../../state/motion-search';
import { currentTimeAt, tileContext, timelineActions, timelineState } from '../../../state/timeline.store';
import type { MotionDirection } from '../../../core/timeline';
import { useTimelineTracks } from './stage-timeline';

const NOT_FOUND_SHOWN_MS = 2_000;

export function MotionEventButtons({ contextKey, streams }: { contextKey?: string; streams?: readonly StreamRef[] }): ReactElement {
  const tracks = useTimelineTracks(contextKey);
  const searched = distinctStreams(streams ?? tracks);
  const [busy, setBusy] = useState(false);
  const [notFound, setNotFound] = useState(false);

  const go = async (direction: MotionDirection) => {
    setBusy(true);
    try {
      const context = tileContext(timelineState, contextKey ?? '');
      const playheadMs = currentTimeAt(context, Date.now());
      const startMs = await findMotionStart(direction, searched, playheadMs);
      if (startMs === null) {
        setNotFound(true);
        setTimeout(() => setNotFound(false), NOT_FOUND_SHOWN_MS);
      } else timelineActions.seek(startMs, contextKey);
    } finally {
      setBusy(false);
    }
  };

  const button = (direction: MotionDirection, label: string) => (
    <button
      type="button"
      className="icon-button control-bar-button"
      aria-label={label}
      title={label}
      disabled={busy || searched.length === 0}
      onClick={() => void go(direction)}
    >
      <PlayerIcon name={direction === 'next' ? 'nextEvent' : 'previousEvent'} />
    </button>
  );

  return (
    <div className="control-bar-group" data-testid="motion-event-buttons">
      {button('previous', t('timeline.previousMotion'))}
      {button('next', t('timeline.nextMotion'))}
      {notFound && (
        <span className="control-bar-note" role="status">
          {t('timeline.noMotion')}
        </span>
      )}
    </div>
  );
}
