/**
 * Advanced flags (spec 2, /flags): this browser's app settings, each a
 * switch with what it does, applied at once and kept in this browser. Any
 * signed-in user, any mode (the guard table). Reset puts every flag back to
 * its default.
 */
import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { CheckboxField } from '../../components/ui/form-field';
import { PageFrame } from '../../components/ui/page-frame';
import { APP_FLAG_NAMES, APP_FLAGS } from '../../core/settings/app-flags';
import { t } from '../../i18n/translate';
import { appFlags, resetFlags, setFlag } from '../../state/app-flags.store';
import './advanced-settings.css';

export function FlagsView(): ReactElement {
  const flags = useSnapshot(appFlags);
  return (
    <PageFrame title={t('screens.flags.title')} subtitle={t('screens.flags.purpose')}>
      <section className="card advanced-settings" aria-label={t('screens.flags.title')}>
        <ul className="flag-list">
          {APP_FLAG_NAMES.map((name) => (
            <li key={name}>
              <CheckboxField label={<code>{name}</code>} accessibleLabel={name} checked={flags[name]} onChange={(event) => setFlag(name, event.target.checked)} />
              <p className="muted">{APP_FLAGS[name].description}</p>
            </li>
          ))}
        </ul>
        <div className="form-actions">
          <button type="button" className="btn" onClick={resetFlags}>
            {t('flags.reset')}
          </button>
        </div>
      </section>
    </PageFrame>
  );
}
