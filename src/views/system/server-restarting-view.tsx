/**
 * The controlled-shutdown blocking page (spec 2 and 4): shown while the
 * recorder restarts after a property save. The save flow that sends users
 * here, and the reload within 90 s, come with the property editor issue.
 */
import type { ReactElement } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { t } from '../../i18n/translate';

export function ServerRestartingView(): ReactElement {
  return (
    <section className="page page-normal" aria-labelledby="page-title">
      <div className="card blocking-card">
        <Spinner label={t('screens.serverRestarting.title')} size="large" />
        <h1 id="page-title" className="page-title">
          {t('screens.serverRestarting.title')}
        </h1>
        <p>{t('screens.serverRestarting.purpose')}</p>
        <button type="button" className="btn" onClick={() => globalThis.location.reload()}>
          {t('common.reload')}
        </button>
      </div>
    </section>
  );
}
