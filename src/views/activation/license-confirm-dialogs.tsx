/**
 * The Activation screen's two confirmations (spec 2, 8): removing the
 * license (applies at the next restart; any failure reads 'failed to remove
 * license') and detaching from the trusted issuer (its failure is shown as
 * the server gave it).
 */
import type { ReactElement } from 'react';
import type { TrustedIssuer } from '../../../server/shared/api';
import { describeApiError } from '../../api/error-message';
import { licenseApi } from '../../api/license-api';
import type { ActionResult } from '../../components/ui/action-result';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { t } from '../../i18n/translate';
import { applySession, loadLicenseQuietly } from '../../state/license.store';

/** The license API throws where the confirmation wants a worded refusal. */
function attempt(run: () => Promise<void>, describeFailure: (error: unknown) => string): () => Promise<ActionResult> {
  return async () => {
    try {
      await run();
      return { ok: true };
    } catch (failure) {
      return { ok: false, message: describeFailure(failure) };
    }
  };
}

export function RemoveLicenseDialog({ open, onClose }: { open: boolean; onClose: () => void }): ReactElement {
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title={t('activation.removeDialog.title')}
      question={t('activation.removeDialog.body')}
      confirmLabel={t('activation.removeDialog.confirm')}
      busyLabel={t('activation.removeDialog.removing')}
      confirm={attempt(
        async () => {
          applySession(await licenseApi.remove());
          loadLicenseQuietly();
        },
        () => t('activation.removeDialog.failed'),
      )}
    />
  );
}

export function DetachIssuerDialog(props: { issuer: TrustedIssuer | null; onClose: () => void; onDetached: () => void }): ReactElement {
  return (
    <ConfirmDialog
      open={props.issuer !== null}
      onClose={props.onClose}
      title={t('activation.detachDialog.title')}
      question={t('activation.detachDialog.body', { name: props.issuer?.name ?? '' })}
      confirmLabel={t('activation.detachDialog.confirm')}
      busyLabel={t('activation.detachDialog.detaching')}
      confirm={attempt(
        async () => {
          await licenseApi.detachIssuer();
          props.onDetached();
        },
        (error) => describeApiError(error),
      )}
    />
  );
}
