/** The 404 page: the hash path matches no screen. */
import type { ReactElement } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Logo } from '../../brand/logo';
import { t } from '../../i18n/translate';

export function NotFoundView(): ReactElement {
  const location = useLocation();
  return (
    <main className="center-screen">
      <div className="message-card">
        <div className="message-brand">
          <Logo size={26} />
        </div>
        <p className="big-code" aria-hidden="true">
          404
        </p>
        <h1>{t('notFound.title')}</h1>
        <p className="muted">{t('notFound.text', { path: location.pathname })}</p>
        <div className="message-actions">
          <Link className="btn btn-primary" to="/stage">
            {t('notFound.goToStage')}
          </Link>
        </div>
      </div>
    </main>
  );
}
