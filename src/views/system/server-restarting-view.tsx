/**
 * The controlled-shutdown blocking page (spec 2, 9): shown while the
 * recorder restarts after a property save. Navigation inside the app is
 * aborted while it shows; the page pings the recorder every second and
 * reloads at the property editor once the recorder has gone down and answers
 * again, after 90 s at the latest, or when the user asks. The app's own
 * liveness check is held off meanwhile: the recorder going away is expected.
 */
import { useEffect, type ReactElement } from 'react';
import { useBlocker } from 'react-router-dom';
import { systemApi } from '../../api/system-api';
import { Spinner } from '../../components/ui/spinner';
import { afterPing, RESTART_PING_INTERVAL_MS, type RestartWatch } from '../../core/properties/restart-watch';
import { t } from '../../i18n/translate';
import { expectRestart } from '../../state/health.store';

/** Set once the page reloads, so the hash change that leads there is not itself blocked. */
let leaving = false;

function reloadAtEditor(): void {
  leaving = true;
  window.location.hash = '#/properties';
  window.location.reload();
}

export function ServerRestartingView(): ReactElement {
  const blocker = useBlocker(() => !leaving);

  useEffect(() => {
    if (blocker.state === 'blocked') blocker.reset();
  }, [blocker]);

  useEffect(() => {
    expectRestart(true);
    const startedMs = Date.now();
    let watch: RestartWatch = { seenDown: false };
    let stopped = false;
    const tick = async () => {
      const answered = await systemApi.ping(RESTART_PING_INTERVAL_MS).then(
        () => true,
        () => false,
      );
      if (stopped) return;
      const step = afterPing(watch, answered, Date.now() - startedMs);
      watch = step.watch;
      if (step.reload) reloadAtEditor();
      else timer = setTimeout(() => void tick(), RESTART_PING_INTERVAL_MS);
    };
    let timer = setTimeout(() => void tick(), RESTART_PING_INTERVAL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
      expectRestart(false);
    };
  }, []);

  return (
    <section className="page page-normal" aria-labelledby="page-title">
      <div className="card blocking-card">
        <Spinner label={t('screens.serverRestarting.title')} size="large" />
        <h1 id="page-title" className="page-title">
          {t('screens.serverRestarting.title')}
        </h1>
        <p>{t('screens.serverRestarting.purpose')}</p>
        <p>{t('properties.restart.reloadSoon')}</p>
        <button type="button" className="btn" onClick={reloadAtEditor}>
          {t('common.reload')}
        </button>
      </div>
    </section>
  );
}
