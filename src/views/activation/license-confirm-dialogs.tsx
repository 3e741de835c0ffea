/**
 * The Activation screen's two confirmations (spec 2, 8): removing the
 * license (applies at the next restart; any failure reads 'failed to remove
 * license') and detaching from the trusted issuer (its failure is shown as
 * the server gave it).
 */
import { useState, type ReactElement } from 'react';
import type { TrustedIssuer } from '../../../server/shared/api';
import { describeApiError } from '../../api/error-message';
import { licenseApi } from '../../api/license-api';
import { AppDialog, ConfirmDialogFooter } from '../../components/ui/dialog';
import { Notice } from '../../components/ui/notice';
import { t } from '../../i18n/translate';
import { applySession, loadLicenseQuietly } from '../../state/license.store';

function ConfirmDialog(props: {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  busyLabel: string;
  run: () => Promise<void>;
  describeFailure: (error: unknown) => string;
  onClose: () => void;
}): ReactElement {
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    props.onClose();
  };
  const confirm = async () => {
    setProcessing(true);
    setError(null);
    try {
      await props.run();
      close();
    } catch (failure) {
      setError(props.describeFailure(failure));
    } finally {
      setProcessing(false);
    }
  };
  return (
    <AppDialog
      open={props.open}
      title={props.title}
      onClose={close}
      size="small"
      dismissible={!processing}
      footer={
        <ConfirmDialogFooter
          onCancel={close}
          onConfirm={() => void confirm()}
          processing={processing}
          confirmLabel={props.confirmLabel}
          busyLabel={props.busyLabel}
        />
      }
    >
      <p>{props.body}</p>
      {error && <Notice kind="error">{error}</Notice>}
    </AppDialog>
  );
}


export function RemoveLicenseDialog({ open, onClose }: { open: boolean; onClose: () => void }): ReactElement {
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title={t('activation.removeDialog.title')}
      body={t('activation.removeDialog.body')}
      confirmLabel={t('activation.removeDialog.confirm')}
      busyLabel={t('activation.removeDialog.removing')}
      run={async () => {
        applySession(await licenseApi.remove());
        loadLicenseQuietly();
      }}
      describeFailure={() => t('activation.removeDialog.failed')}
    />
  );
}

export function DetachIssuerDialog(props: { issuer: TrustedIssuer | null; onClose: () => void; onDetached: () => void }): ReactElement {
  return (
    <ConfirmDialog
      open={props.issuer !== null}
      onClose={props.onClose}
      title={t('activation.detachDialog.title')}
      body={t('activation.detachDialog.body', { name: props.issuer?.name ?? '' })}
      confirmLabel={t('activation.detachDialog.confirm')}
      busyLabel={t('activation.detachDialog.detaching')}
      run={async () => {
        await licenseApi.detachIssuer();
        props.onDetached();
      }}
      describeFailure={(error) => describeApiError(error)}
    />
  );
}
