/**
 * The application root: applies the brand, learns the server mode (GET
 * /service/about), checks a stored session, starts the liveness ping, then
 * hands over to the router. A dead server replaces everything with the
 * application-unresponsive page.
 */
import { useEffect, useState, type ReactElement } from 'react';
import { RouterProvider } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { applyBrand } from '../brand/apply-brand';
import { BRAND } from '../brand/brand';
import { LogoMark } from '../brand/logo';
import { Spinner } from '../components/ui/spinner';
import { t } from '../i18n/translate';
import { healthState, markDead, startPing, stopPing } from '../state/health.store';
import { loadAbout, serverState } from '../state/server.store';
import { restoreSession, sessionState } from '../state/session.store';
import { AppUnresponsiveView } from '../views/system/app-unresponsive-view';
import { createAppRouter } from './router';

const GONE_STATUSES = new Set([-1, 502, 503, 504]);

let booted = false;

/** Once per page load (React's development double effects must not ask twice). */
function boot(): void {
  if (booted) return;
  booted = true;
  applyBrand(BRAND);
  void loadAbout();
  void restoreSession();
}

function BootScreen(): ReactElement {
  return (
    <main className="center-screen boot-screen">
      <LogoMark size={48} />
      <Spinner label={t('common.loading')} size="large" />
    </main>
  );
}

export function App(): ReactElement {
  const [router] = useState(createAppRouter);
  const server = useSnapshot(serverState);
  const session = useSnapshot(sessionState);
  const health = useSnapshot(healthState);

  useEffect(() => {
    boot();
    startPing();
    return stopPing;
  }, []);

  useEffect(() => {
    if (server.status === 'failed' && server.failureStatus !== null && GONE_STATUSES.has(server.failureStatus)) {
      markDead('ping');
    }
  }, [server.status, server.failureStatus]);

  if (health.dead) return <AppUnresponsiveView cause={health.dead.cause} />;
  if (server.status === 'loading' || session.status === 'unknown' || session.status === 'checking') return <BootScreen />;
  if (server.status === 'failed') {
    return (
      <main className="center-screen">
        <div className="message-card" role="alert">
          <h1>{t('errors.aboutFailed')}</h1>
          <button type="button" className="btn btn-primary" onClick={() => void loadAbout()}>
            {t('common.retry')}
          </button>
        </div>
      </main>
    );
  }
  return <RouterProvider router={router} />;
}
