/** Stage-wide alerts: the player limit (spec 8, titled 'Player limit exceeded') and the dewarp limit. */
import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { AppDialog } from '../../components/ui/dialog';
import { t } from '../../i18n/translate';
import { playerPerformanceActions, playerPerformanceState } from '../../state/player-performance.store';
import { stageActions, stageState } from '../../state/stage.store';

export function StageDialogs(): ReactElement {
  const { alert } = useSnapshot(stageState);
  const { dewarpLimit } = useSnapshot(playerPerformanceState);
  const ok = (onClick: () => void) => (
    <button type="button" className="btn btn-primary" onClick={onClick}>
      {t('common.ok')}
    </button>
  );
  return (
    <>
      <AppDialog
        open={alert?.type === 'player-limit'}
        title={t('stage.playerLimitTitle')}
        onClose={() => stageActions.dismissAlert()}
        size="small"
        footer={ok(() => stageActions.dismissAlert())}
      >
        <p>{alert?.message}</p>
      </AppDialog>
      <AppDialog
        open={dewarpLimit !== null}
        title={t('stage.dewarpLimitTitle')}
        onClose={() => playerPerformanceActions.showDewarpLimit(null)}
        size="small"
        footer={ok(() => playerPerformanceActions.showDewarpLimit(null))}
      >
        <p>{t('stage.dewarpLimit', { count: dewarpLimit ?? 0 })}</p>
        <p className="muted">{t('stage.performanceWarning')}</p>
      </AppDialog>
    </>
  );
}
