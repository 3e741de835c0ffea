/**
 * The frame-rate alert slot of the top bar (spec 2 and 9: shown when the
 * stage's average frame rate falls below 8). The stage runs the monitor in
 * a worker and keeps its level in the player-performance store.
 */
import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { Icon } from '../../components/ui/icon';
import { t } from '../../i18n/translate';
import { playerPerformanceState } from '../../state/player-performance.store';

export function FrameRateAlert(): ReactElement | null {
  const { frameRate } = useSnapshot(playerPerformanceState);
  if (frameRate?.level !== 'critical') return null;
  return (
    <span className="status-chip chip-warning" role="status" title={t('stage.frameRateAlertHint', { fps: frameRate.averageFps.toFixed(1) })}>
      <Icon name="warning" size={15} />
      <span className="chip-text">{t('stage.frameRateAlert')}</span>
    </span>
  );
}
