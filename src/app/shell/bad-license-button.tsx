/**
 * The bad-license warning button (spec 2) and the license/storage error
 * dialog it opens: shown to every signed-in user while the recorder's
 * license session is not 'normal'. The dialog also opens by itself once per
 * page load when the recorder is degraded (license.store decides). Its
 * wording follows the reason: a changed storage device, an invalid license,
 * or a change waiting for a restart; administrators get a link to
 * Activation.
 */
import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { isAdministrator } from '../../../server/shared/roles';
import { AppDialog } from '../../components/ui/dialog';
import { Icon } from '../../components/ui/icon';
import { t } from '../../i18n/translate';
import { licenseState, setLicenseDialogOpen } from '../../state/license.store';
import { sessionState } from '../../state/session.store';

export function BadLicenseButton(): ReactElement | null {
  const license = useSnapshot(licenseState);
  const session = useSnapshot(sessionState);
  const problem = license.problem;
  if (!problem) return null;
  const close = () => setLicenseDialogOpen(false);
  return (
    <>
      <button type="button" className="status-chip chip-warning" onClick={() => setLicenseDialogOpen(true)} aria-label={t('license.button')} data-license-status={license.session?.state.status}>
        <Icon name="warning" size={15} />
        <span className="chip-text">{t('license.chip')}</span>
      </button>
      <AppDialog
        open={license.dialogOpen}
        title={t(`license.dialogTitle.${problem}`)}
        onClose={close}
        size="small"
        footer={
          <>
            {isAdministrator(session.session?.role) && (
              <Link to="/activation" className="btn" onClick={close}>
                {t('license.openActivation')}
              </Link>
            )}
            <button type="button" className="btn btn-primary" onClick={close}>
              {t('common.ok')}
            </button>
          </>
        }
      >
        <p>{t(`license.wording.${problem}`)}</p>
        {license.session?.state.description && <p className="muted">{license.session.state.description}</p>}
      </AppDialog>
    </>
  );
}
