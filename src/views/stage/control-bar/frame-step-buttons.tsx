/**
 * Step one recorded frame back or forward while paused (shown only then).
 * The tiles following the bar's timeline (the full-screen tile, or every
 * tile linked to the master) each show their neighbouring frame, and the
 * timeline holds at the first one's exact frame time, so steps stay
 * frame-accurate both ways. A step waits for the one before.
 */
import { useState, type ReactElement } from 'react';
import type { StageMatrix } from '../../../../server/shared/api';
import { PlayerIcon } from '../../../components/player/player-icon';
import { frameStep } from '../../../media/frame-step';
import { t } from '../../../i18n/translate';
import { cameraTiles } from '../grid/tile-keys';
import { currentTimeAt, isTileLinked, timelineActions, timelineState, type TimelineContext } from '../../../state/timeline.store';

export function FrameStepButtons({ context, tileKey, matrix }: {
  context: TimelineContext;
  /** The full-screen tile whose context the bar drives, if any. */
  tileKey: string | undefined;
  matrix: StageMatrix;
}): ReactElement | null {
  const [busy, setBusy] = useState(false);
  if (!context.paused) return null;

  const step = async (direction: -1 | 1) => {
    const following = tileKey ? [tileKey] : cameraTiles(matrix).map((tile) => tile.key).filter((key) => isTileLinked(timelineState, key));
    if (frameStep.steppable(following).length === 0) return;
    setBusy(true);
    try {
      const at = currentTimeAt(context, Date.now());
      const timeMs = await frameStep.step(following, at, direction);
      if (timeMs !== null) timelineActions.holdAt(timeMs, tileKey);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="control-bar-group" data-testid="frame-step">
      <button
        type="button"
        className="icon-button control-bar-button"
        aria-label={t('timeline.stepBack')}
        title={t('timeline.stepBack')}
        disabled={busy}
        onClick={() => void step(-1)}
      >
        <PlayerIcon name="stepBack" />
      </button>
      <button
        type="button"
        className="icon-button control-bar-button"
        aria-label={t('timeline.stepForward')}
        title={t('timeline.stepForward')}
        disabled={busy}
        onClick={() => void step(1)}
      >
        <PlayerIcon name="stepForward" />
      </button>
    </div>
  );
}
