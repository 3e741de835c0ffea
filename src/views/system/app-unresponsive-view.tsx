/**
 * The application-unresponsive page (spec 2 and 8): the server stopped
 * answering the ping, or the event socket was lost. Offers a reload and,
 * when the brand has one, a support link. The ambulance icon shows unless
 * the cause was the websocket.
 */
import type { ReactElement } from 'react';
import { BRAND } from '../../brand/brand';
import { Logo } from '../../brand/logo';
import { Icon } from '../../components/ui/icon';
import { t } from '../../i18n/translate';
import type { DeathCause } from '../../state/health.store';

export function AppUnresponsiveView({ cause }: { cause: DeathCause }): ReactElement {
  return (
    <main className="center-screen" data-testid="app-unresponsive">
      <div className="message-card" role="alert">
        <div className="message-brand">
          <Logo size={26} />
        </div>
        {cause === 'ws' ? (
          <Icon name="unplugged" size={48} className="message-icon" />
        ) : (
          <Icon name="ambulance" size={48} className="message-icon danger" />
        )}
        <h1>{t('unresponsive.title', { product: BRAND.productName })}</h1>
        <p>{cause === 'ws' ? t('unresponsive.websocket') : t('unresponsive.offline')}</p>
        <div className="message-actions">
          <button type="button" className="btn btn-primary" onClick={() => globalThis.location.reload()}>
            <Icon name="refresh" size={16} />
            {t('common.reload')}
          </button>
          {BRAND.supportUrl && (
            <a className="btn" href={BRAND.supportUrl} target="_blank" rel="noreferrer">
              {t('unresponsive.support', { company: BRAND.companyName })}
              <Icon name="externalLink" size={14} />
            </a>
          )}
        </div>
      </div>
    </main>
  );
}
