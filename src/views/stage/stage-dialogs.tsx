/** Stage-wide alerts: the player limit (spec 8, titled 'Player limit exceeded'), the dewarp limit and dewarpIncompatibleError. */
import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { PerformanceWarning } from '../../components/player/performance-warning';
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
        <PerformanceWarning className="muted" />
      </AppDialog>
      <DewarpIncompatibleDialog />
    </>
  );
}

/** Spec 8 dewarpIncompatibleError: the browser cannot dewarp, and dewarp was turned off. Shared by the stage and the single player. */
export function DewarpIncompatibleDialog(): ReactElement {
  const { dewarpIncompatible } = useSnapshot(playerPerformanceState);
  const close = () => playerPerformanceActions.showDewarpIncompatible(false);
  return (
    <AppDialog
      open={dewarpIncompatible}
      title={t('stage.dewarpIncompatibleTitle')}
      onClose={close}
      size="small"
      footer={
        <button type="button" className="btn btn-primary" onClick={close}>
          {t('common.ok')}
        </button>
      }
    >
      <p>{t('stage.dewarpIncompatible')}</p>
    </AppDialog>
  );
}
