/**
 * Spec 8's performance warning (too many dewarped, high-resolution or WebRTC
 * players can overload an older computer or video card), which "can be
 * hidden": its Hide button hides it everywhere for the browser session
 * (player-performance.store). Shown by the dewarp limit dialog and by a
 * tile that plays plain past the dewarp limit.
 */
import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { t } from '../../i18n/translate';
import { playerPerformanceActions, playerPerformanceState } from '../../state/player-performance.store';

export function PerformanceWarning({ className }: { className?: string }): ReactElement | null {
  const { performanceWarningHidden } = useSnapshot(playerPerformanceState);
  if (performanceWarningHidden) return null;
  return (
    <p className={`performance-warning ${className ?? ''}`} data-testid="performance-warning">
      <span>{t('stage.performanceWarning')}</span>{' '}
      <button type="button" className="btn btn-link performance-warning-hide" onClick={() => playerPerformanceActions.hidePerformanceWarning()}>
        {t('stage.hidePerformanceWarning')}
      </button>
    </p>
  );
}

/** On a tile past the dewarp limit: it plays plain, and why. */
export function DewarpLimitNotice({ limit }: { limit: number }): ReactElement {
  return (
    <div className="tile-dewarp-limit" role="status" data-testid="dewarp-limit-notice" data-grid-ignore="">
      <p>{t('tile.dewarpLimit', { count: limit })}</p>
      <PerformanceWarning />
    </div>
  );
}
