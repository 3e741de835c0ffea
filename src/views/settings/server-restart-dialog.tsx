/**
 * The saving dialog of the multi-server edition (spec 2, 4): after a
 * property save on one server, that recorder restarts while the aggregator
 * serving this page does not, so instead of the blocking restart page a
 * modal dialog checks the server every second (its ping, named so that it
 * goes to the server and not to the aggregator) and calls `onBack` once the
 * server went down and answers again, or at once when it does not answer
 * the first check (core/properties/server-restart-wait.ts decides).
 */
import { useEffect, useRef, type ReactElement } from 'react';
import { systemApi } from '../../api/system-api';
import { AppDialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { afterSaveCheck, repeatEvery, SAVE_WAIT_CHECK_MS, SAVE_WAIT_START } from '../../core/properties/server-restart-wait';
import { t } from '../../i18n/translate';

export function ServerRestartDialog({ server, onBack }: { server: string; onBack: () => void }): ReactElement {
  const back = useRef(onBack);
  back.current = onBack;
  useEffect(() => {
    const startedMs = Date.now();
    let wait = SAVE_WAIT_START;
    return repeatEvery(SAVE_WAIT_CHECK_MS, async () => {
      const alive = await systemApi.ping(SAVE_WAIT_CHECK_MS, server).then(
        () => true,
        () => false,
      );
      const step = afterSaveCheck(wait, alive, Date.now() - startedMs);
      wait = step.wait;
      if (step.over) back.current();
      return !step.over;
    });
  }, [server]);

  return (
    <AppDialog open title={t('properties.serverWait.title')} onClose={() => undefined} dismissible={false} size="small">
      <Spinner label={t('properties.serverWait.title')} />
      <p>{t('properties.serverWait.text')}</p>
    </AppDialog>
  );
}
