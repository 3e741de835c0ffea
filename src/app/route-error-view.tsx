/** Error boundary of the routes: a screen that throws shows this instead of a blank page. */
import type { ReactElement } from 'react';
import { useRouteError } from 'react-router-dom';
import { Icon } from '../components/ui/icon';
import { t } from '../i18n/translate';

export function RouteErrorView(): ReactElement {
  const error = useRouteError();
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <main className="center-screen">
      <div className="message-card">
        <Icon name="warning" size={40} className="message-icon warning" />
        <h1>{t('errors.screenFailed')}</h1>
        <p className="muted">{detail}</p>
        <div className="message-actions">
          <button type="button" className="btn btn-primary" onClick={() => globalThis.location.reload()}>
            {t('common.reload')}
          </button>
          <a className="btn" href="#/stage">
            {t('notFound.goToStage')}
          </a>
        </div>
      </div>
    </main>
  );
}
